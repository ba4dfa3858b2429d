// The query of GET /analytics/timeseries: project, optional item, and a date range that defaults
// to the last 30 days. A date-only `to` means the end of that (UTC) day.
import { z } from 'zod';
import { ulidSchema } from '../ids.js';
import { defaultRange } from '../statsAggregation.js';
import { addCustomIssue } from '../validation.js';

/** Longest range one call may ask for; yearly buckets keep even that small. */
export const MAX_ANALYTICS_RANGE_DAYS = 3660;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A range bound: an instant, or a date (YYYY-MM-DD) read as that day where the project is. */
export const analyticsInstant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

const startOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
const endOf = (value: string) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value);

export const timeseriesQuerySchema = z
  .object({
    // Any non-empty text: an id that is not a ULID cannot exist, so the route answers 404.
    projectId: z.string().trim().min(1).max(64),
    itemId: ulidSchema.optional(),
    from: analyticsInstant.optional(),
    to: analyticsInstant.optional(),
  })
  .transform((query, ctx) => {
    const defaults = defaultRange();
    const to = query.to ? endOf(query.to) : defaults.to;
    const from = query.from
      ? startOf(query.from)
      : new Date(to.getTime() - (defaults.to.getTime() - defaults.from.getTime()));
    if (to.getTime() < from.getTime()) {
      addCustomIssue(
        ctx,
        ['to'],
        { code: 'date_after_or_equal', meta: { date: 'from' } },
        'The end date cannot be earlier than the start date',
      );
      return z.NEVER;
    }
    if (to.getTime() - from.getTime() > MAX_ANALYTICS_RANGE_DAYS * DAY_MS) {
      addCustomIssue(
        ctx,
        ['from'],
        { code: 'max', meta: { max: MAX_ANALYTICS_RANGE_DAYS } },
        `The range can span at most ${MAX_ANALYTICS_RANGE_DAYS} days`,
      );
      return z.NEVER;
    }
    // The texts too: a date-only bound means that day where the project is (see rangeIn).
    return {
      projectId: query.projectId,
      itemId: query.itemId,
      from,
      to,
      fromText: query.from,
      toText: query.to,
    };
  });

export type TimeseriesQuery = z.output<typeof timeseriesQuerySchema>;
/** What the dashboard sends: ISO strings. */
export type TimeseriesQueryInput = z.input<typeof timeseriesQuerySchema>;

/** The charts of the statistics page whose data can be exported as CSV. */
export const STATISTICS_CHARTS = [
  'timeseries',
  'device',
  'os',
  'browser',
  'country',
  'referrer',
  'variant',
  'heatmap',
  'top',
] as const;
export type StatisticsChart = (typeof STATISTICS_CHARTS)[number];

export const chartExportQuerySchema = z
  .object({ chart: z.enum(STATISTICS_CHARTS) })
  .catchall(z.unknown());

/** A raw-scan export stops after this many rows (the file says so on its last line). */
export const MAX_RAW_EXPORT_ROWS = 1_000_000;

export const liveQuerySchema = z.object({ projectId: z.string().trim().min(1).max(64) });
