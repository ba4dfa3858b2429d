// The statistics a screen shows, from the rollups only: scans and unique visitors over time in
// the project's time zone (SPEC §9 granularity), the previous period beside it, breakdowns, the
// hour-of-day × weekday heat map, the project's top QR codes and short links, and bots apart.
// Hourly totals serve the series and heat map, the project's local days the rest, so a 365-day
// answer reads a few thousand rows whatever the number of scans.
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
  offsetMinutes,
} from '../../shared/timeZone.js';
import {
  floorHour,
  rollupSeries,
  rollupSums,
  topItems,
  type BucketRange,
} from '../repositories/analytics.js';
import type { Executor } from '../repositories/executor.js';
import { BREAKDOWN_COLUMNS } from '../scan/rollup.js';

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

/** Wall-clock weekday and hour of UTC hour starts, with one offset lookup per UTC day. */
function localHourReader(timeZone: string) {
  const offsetOfDay = new Map<number, number | null>();
  return (hourMs: number): { weekday: number; hour: number } => {
    const day = Math.floor(hourMs / DAY_MS) * DAY_MS;
    let offset = offsetOfDay.get(day);
    if (offset === undefined) {
      const first = offsetMinutes(day, timeZone);
      offset = first === offsetMinutes(day + DAY_MS - HOUR_MS, timeZone) ? first : null;
      offsetOfDay.set(day, offset);
    }
    const minutes = offset ?? offsetMinutes(hourMs, timeZone);
    const local = new Date(hourMs + minutes * 60_000);
    return { weekday: (local.getUTCDay() + 6) % 7, hour: local.getUTCHours() };
  };
}

export interface StatisticsScope {
  projectId: string;
  timeZone?: string;
  /** The rollup scopes: items (a QR code, or an Action with its codes), or the project itself. */
  scopeIds: readonly string[];
  /** Only for the whole project. */
  withTopItems: boolean;
}

export async function statisticsOf(
  db: Executor,
  scope: StatisticsScope,
  from: Date,
  to: Date,
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

  const [hourly, sums, previous, top] = await Promise.all([
    rollupSeries(db, scope.scopeIds, 'total', iso(fromHour), iso(toHour)),
    rollupSums(db, scope.scopeIds, [...BREAKDOWN_COLUMNS, 'bot'], ranges),
    rollupSums(db, scope.scopeIds, ['total'], previousRanges),
    scope.withTopItems ? topItems(db, scope.projectId, ranges, TOP_ITEMS) : Promise.resolve([]),
  ]);

  const starts = localBuckets(fromHour, toHour, granularity, timeZone);
  const scans = starts.map(() => 0);
  const uniques = starts.map(() => 0);
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const localHour = localHourReader(timeZone);
  let index = 0;
  let total = 0;
  let uniqueTotal = 0;
  for (const row of hourly) {
    const at = Date.parse(row.bucket);
    while (index + 1 < starts.length && starts[index + 1] <= at) index++;
    scans[index] += row.scans;
    uniques[index] += row.uniques;
    total += row.scans;
    uniqueTotal += row.uniques;
    const { weekday, hour } = localHour(at);
    heatmap[weekday][hour] += row.scans;
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
    },
  };
}
