// The statistics a screen shows, from the rollups only: scans and unique visitors over time in
// the project's time zone (SPEC §9 granularity), the previous period beside it, breakdowns, the
// hour-of-day × weekday heat map, the project's top QR codes and short links, and bots apart.
// Daily totals serve the series (hourly ones only for hour granularity and the hours before the
// first and after the last whole local day), the database sums the hourly totals into the heat
// map's 168 cells, and the project's local days serve the rest, so a 365-day answer reads a few
// hundred rows per dimension whatever the number of scans.
import { analyticsGranularity, type Granularity } from '../../shared/rules.js';
import {
  sortBreakdown,
  type BreakdownEntry,
  type Statistics,
} from '../../shared/statsAggregation.js';

export type { Statistics } from '../../shared/statsAggregation.js';
import {
  DEFAULT_TIME_ZONE,
  localBucketStart,
  localBuckets,
  localParts,
  nextLocalBucket,
  offsetMinutes,
} from '../../shared/timeZone.js';
import {
  floorHour,
  rollupSeries,
  rollupTotalsByScope,
  rollupSums,
  rollupWeekHours,
  topItems,
  type BucketRange,
} from '../repositories/analytics.js';
import type { Executor } from '../repositories/executor.js';
import { BREAKDOWN_COLUMNS, VARIANT_DIMENSION } from '../scan/rollup.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const TOP_ITEMS = 10;

const iso = (ms: number) => new Date(ms).toISOString();

/** SPEC §9's granularity, with "the same day" meaning the same day where the project is. */
export function granularityIn(from: Date, to: Date, timeZone: string): Granularity {
  const a = localParts(from.getTime(), timeZone);
  const b = localParts(to.getTime(), timeZone);
  if (a.year === b.year && a.month === b.month && a.day === b.day) return 'hour';
  const granularity = analyticsGranularity(from, to);
  return granularity === 'hour' ? 'day' : granularity;
}

const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/**
 * The rollup rows a time series from hour `fromHour` to hour `toHour` reads: the project's local
 * days lying wholly inside (a daily row holds the hours starting in that day, as the recorder
 * files them), and hourly rows for the hours before and after them. Hour granularity, or
 * `readDays` false, reads hours only; both give the same buckets.
 */
export function seriesRanges(
  fromHour: number,
  toHour: number,
  granularity: Granularity,
  timeZone: string,
  readDays = true,
): BucketRange[] {
  const hours = (start: number, end: number): BucketRange[] =>
    start <= end ? [{ period: 'hour', from: iso(start), to: iso(end) }] : [];
  if (granularity === 'hour' || !readDays) return hours(fromHour, toHour);
  let firstDay = localBucketStart(fromHour, 'day', timeZone);
  if (ceilHour(firstDay) < fromHour) firstDay = nextLocalBucket(firstDay, 'day', timeZone);
  let afterDays = nextLocalBucket(localBucketStart(toHour, 'day', timeZone), 'day', timeZone);
  if (ceilHour(afterDays) - HOUR_MS > toHour) {
    afterDays = localBucketStart(toHour, 'day', timeZone);
  }
  if (firstDay >= afterDays) return hours(fromHour, toHour);
  return [
    ...hours(fromHour, ceilHour(firstDay) - HOUR_MS),
    { period: 'day', from: iso(firstDay), to: iso(afterDays - 1) },
    ...hours(ceilHour(afterDays), toHour),
  ];
}

/** Stretches of hour starts over which the zone's offset (minutes) stays the same. */
function offsetStretches(fromHour: number, toHour: number, timeZone: string) {
  const stretches: { from: number; to: number; offset: number }[] = [];
  let start = fromHour;
  let offset = offsetMinutes(fromHour, timeZone);
  // Probe once a day; step through the hours of a day whose end differs.
  for (let probe = fromHour; probe < toHour;) {
    const next = Math.min(probe + DAY_MS, toHour);
    if (offsetMinutes(next, timeZone) !== offset) {
      for (let hour = probe + HOUR_MS; hour <= next; hour += HOUR_MS) {
        const now = offsetMinutes(hour, timeZone);
        if (now === offset) continue;
        stretches.push({ from: start, to: hour - HOUR_MS, offset });
        start = hour;
        offset = now;
      }
    }
    probe = next;
  }
  stretches.push({ from: start, to: toHour, offset });
  return stretches;
}

const WEEK_MINUTES = 7 * 24 * 60;

/** Counted scans per local weekday (0 = Monday) and hour of day, from the hourly rows. */
async function heatmapOf(
  db: Executor,
  scopeIds: readonly string[],
  fromHour: number,
  toHour: number,
  timeZone: string,
): Promise<number[][]> {
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const stretches = offsetStretches(fromHour, toHour, timeZone);
  const answers = await Promise.all(
    stretches.map((s) => rollupWeekHours(db, scopeIds, iso(s.from), iso(s.to))),
  );
  stretches.forEach((stretch, i) => {
    for (const row of answers[i]) {
      const minutes =
        ((((row.weekday * 24 + row.hour) * 60 + stretch.offset) % WEEK_MINUTES) + WEEK_MINUTES) %
        WEEK_MINUTES;
      const sundayBased = Math.floor(minutes / (24 * 60));
      heatmap[(sundayBased + 6) % 7][Math.floor((minutes % (24 * 60)) / 60)] += row.scans;
    }
  });
  return heatmap;
}

export interface StatisticsScope {
  projectId: string;
  timeZone?: string;
  /** The rollup scopes: items (a QR code, or an Action with its codes), or the project itself. */
  scopeIds: readonly string[];
  /** Only for the whole project. */
  withTopItems: boolean;
}

/** `readDays` false answers the series from hourly rows only (the reference the tests hold to). */
export async function statisticsOf(
  db: Executor,
  scope: StatisticsScope,
  from: Date,
  to: Date,
  readDays = true,
): Promise<Statistics> {
  const timeZone = scope.timeZone ?? DEFAULT_TIME_ZONE;
  const granularity = granularityIn(from, to, timeZone);
  const fromHour = floorHour(from.getTime());
  const toHour = floorHour(to.getTime());
  // Breakdowns, bots, top items and the previous period read the daily rows: the local days
  // the range touches (presets and custom ranges are whole local days).
  const days = (start: number, end: number): BucketRange[] => [
    { period: 'day', from: iso(localBucketStart(start, 'day', timeZone)), to: iso(end) },
  ];
  const ranges = days(from.getTime(), to.getTime());
  const length = to.getTime() - from.getTime();
  const previousTo = from.getTime() - 1;
  const previousFrom = previousTo - length;
  const previousRanges = days(previousFrom, previousTo);

  const [series, heatmap, sums, previous, top] = await Promise.all([
    rollupSeries(
      db,
      scope.scopeIds,
      'total',
      seriesRanges(fromHour, toHour, granularity, timeZone, readDays),
    ),
    heatmapOf(db, scope.scopeIds, fromHour, toHour, timeZone),
    rollupSums(db, scope.scopeIds, [...BREAKDOWN_COLUMNS, VARIANT_DIMENSION, 'bot'], ranges),
    rollupSums(db, scope.scopeIds, ['total'], previousRanges),
    scope.withTopItems ? topItems(db, scope.projectId, ranges, TOP_ITEMS) : Promise.resolve([]),
  ]);

  const starts = localBuckets(fromHour, toHour, granularity, timeZone);
  const scans = starts.map(() => 0);
  const uniques = starts.map(() => 0);
  let index = 0;
  let total = 0;
  let uniqueTotal = 0;
  for (const row of series) {
    const at = Date.parse(row.bucket);
    while (index + 1 < starts.length && starts[index + 1] <= at) index++;
    scans[index] += row.scans;
    uniques[index] += row.uniques;
    total += row.scans;
    uniqueTotal += row.uniques;
  }

  const breakdowns = new Map<string, Map<string, number>>();
  let bots = 0;
  for (const row of sums) {
    if (row.dimension === 'bot') {
      bots += row.scans;
      continue;
    }
    let counts = breakdowns.get(row.dimension);
    if (!counts) breakdowns.set(row.dimension, (counts = new Map()));
    counts.set(row.value, (counts.get(row.value) ?? 0) + row.scans);
  }
  const by = (dimension: string): BreakdownEntry[] =>
    sortBreakdown(breakdowns.get(dimension) ?? new Map());
  const previousTotal = previous.reduce((sum, row) => sum + row.scans, 0);
  const previousUnique = previous.reduce((sum, row) => sum + row.uniques, 0);

  return {
    data: starts.map((start, i) => ({
      bucket: iso(start),
      scans: scans[i],
      uniqueVisitors: uniques[i],
    })),
    meta: {
      granularity,
      from: from.toISOString(),
      to: to.toISOString(),
      timeZone,
      total,
      uniqueVisitors: uniqueTotal,
      byDevice: by('device'),
      byOs: by('os'),
      byBrowser: by('browser'),
      byCountry: by('country'),
      byReferrer: by('referrer'),
      bots,
      previous: {
        from: iso(previousFrom),
        to: iso(previousTo),
        total: previousTotal,
        uniqueVisitors: previousUnique,
      },
      change:
        previousTotal === 0
          ? null
          : Math.round(((total - previousTotal) / previousTotal) * 1000) / 10,
      heatmap,
      topQrCodes: top.filter((item) => item.itemType === 'qr_code'),
      topShortLinks: top.filter((item) => item.itemType === 'short_link'),
      byVariant: by(VARIANT_DIMENSION),
    },
  };
}

/**
 * Counted scans and unique visitors of each item over [from, to], from the same rollup ranges the
 * charts read (so a placement's figure equals its own statistics page's total for that range).
 */
export async function itemTotalsIn(
  db: Executor,
  itemIds: readonly string[],
  from: Date,
  to: Date,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<Map<string, { scans: number; uniques: number }>> {
  const fromHour = floorHour(from.getTime());
  const toHour = floorHour(to.getTime());
  const granularity = granularityIn(from, to, timeZone);
  return rollupTotalsByScope(db, itemIds, seriesRanges(fromHour, toHour, granularity, timeZone));
}
