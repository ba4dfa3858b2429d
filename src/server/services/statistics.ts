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
import { BREAKDOWN_COLUMNS, VARIANT_DIMENSION, WEEK_HOUR_DIMENSION } from '../scan/rollup.js';

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
const SHORTEST_MONTH_MS = 27 * DAY_MS;

/**
 * How coarse the rollup rows a statistics answer reads may be: 'month' (the default) reads local
 * months, days and hours where each answers exactly; 'day' and 'hour' are the references the
 * tests hold the coarser reads to.
 */
export type RollupLevel = 'hour' | 'day' | 'month';

const FINER: Record<Exclude<RollupLevel, 'hour'>, RollupLevel> = { month: 'day', day: 'hour' };

/**
 * The local days or months (`level`) whose every hour start lies in `fromHour` … `toHour` (a day
 * or month row holds the hours starting in it, as the recorder files them): the first one's
 * start and the start after the last one, or null when there is none.
 */
function wholeBuckets(
  fromHour: number,
  toHour: number,
  level: 'day' | 'month',
  timeZone: string,
): [number, number] | null {
  // No month is shorter than 27 days (a DST February is 28 days less an hour): spare the
  // calendar arithmetic for the short ranges most screens ask.
  if (level === 'month' && toHour - fromHour < SHORTEST_MONTH_MS) return null;
  let first = localBucketStart(fromHour, level, timeZone);
  if (ceilHour(first) < fromHour) first = nextLocalBucket(first, level, timeZone);
  let after = nextLocalBucket(localBucketStart(toHour, level, timeZone), level, timeZone);
  if (ceilHour(after) - HOUR_MS > toHour) after = localBucketStart(toHour, level, timeZone);
  return first < after ? [first, after] : null;
}

/**
 * The rollup rows that hold exactly the hours `fromHour` … `toHour` (hour starts): the project's
 * local months, then days, lying wholly inside, and hourly rows for the hours left at either
 * end. In time order, not overlapping; every level gives the same counts.
 */
export function seriesRanges(
  fromHour: number,
  toHour: number,
  timeZone: string,
  coarsest: RollupLevel = 'month',
): BucketRange[] {
  if (fromHour > toHour) return [];
  if (coarsest === 'hour') return [{ period: 'hour', from: iso(fromHour), to: iso(toHour) }];
  const finer = FINER[coarsest];
  const whole = wholeBuckets(fromHour, toHour, coarsest, timeZone);
  if (!whole) return seriesRanges(fromHour, toHour, timeZone, finer);
  const [first, after] = whole;
  return [
    ...seriesRanges(fromHour, ceilHour(first) - HOUR_MS, timeZone, finer),
    { period: coarsest, from: iso(first), to: iso(after - 1) },
    ...seriesRanges(ceilHour(after), toHour, timeZone, finer),
  ];
}

/** The coarsest level whose buckets are unions of the granularity's buckets. */
const seriesLevel = (granularity: Granularity, coarsest: RollupLevel): RollupLevel => {
  if (granularity === 'hour' || coarsest === 'hour') return 'hour';
  return granularity === 'month' || granularity === 'year' ? coarsest : 'day';
};

/**
 * The rows of the local days from the one holding `from` through the one starting by `to` (the
 * breakdowns exist per day and month only, so they count whole days), with the months whose
 * every day is among them read as month rows.
 */
export function dayRanges(
  from: number,
  to: number,
  timeZone: string,
  coarsest: RollupLevel = 'month',
): BucketRange[] {
  const firstDay = localBucketStart(from, 'day', timeZone);
  const days = (start: number, end: number): BucketRange[] =>
    start <= end ? [{ period: 'day', from: iso(start), to: iso(end) }] : [];
  if (coarsest !== 'month' || to - firstDay < SHORTEST_MONTH_MS) return days(firstDay, to);
  let first = localBucketStart(firstDay, 'month', timeZone);
  if (first < firstDay) first = nextLocalBucket(first, 'month', timeZone);
  let after = localBucketStart(to, 'month', timeZone);
  const next = nextLocalBucket(after, 'month', timeZone);
  if (localBucketStart(next - 1, 'day', timeZone) <= to) after = next;
  if (first >= after) return days(firstDay, to);
  return [
    ...days(firstDay, first - 1),
    { period: 'month', from: iso(first), to: iso(after - 1) },
    ...days(after, to),
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

/**
 * Counted scans per local weekday (0 = Monday) and hour of day: the cells counted per local
 * month for the months lying wholly in the range, the hourly rows for the hours left at either
 * end (or all of them when `coarsest` is finer than a month).
 */
async function heatmapOf(
  db: Executor,
  scopeIds: readonly string[],
  fromHour: number,
  toHour: number,
  timeZone: string,
  coarsest: RollupLevel,
): Promise<number[][]> {
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const months = coarsest === 'month' ? wholeBuckets(fromHour, toHour, 'month', timeZone) : null;
  const hourSpans: [number, number][] = months
    ? [
        [fromHour, ceilHour(months[0]) - HOUR_MS],
        [ceilHour(months[1]), toHour],
      ]
    : [[fromHour, toHour]];
  const stretches = hourSpans
    .filter(([start, end]) => start <= end)
    .flatMap(([start, end]) => offsetStretches(start, end, timeZone));
  const [cells, answers] = await Promise.all([
    months
      ? rollupSums(
          db,
          scopeIds,
          [WEEK_HOUR_DIMENSION],
          [{ period: 'month', from: iso(months[0]), to: iso(months[1] - 1) }],
        )
      : Promise.resolve([]),
    Promise.all(stretches.map((s) => rollupWeekHours(db, scopeIds, iso(s.from), iso(s.to)))),
  ]);
  for (const cell of cells) {
    const [weekday, hour] = cell.value.split('-').map(Number);
    heatmap[weekday][hour] += cell.scans;
  }
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

/** `coarsest` limits the rollup level read (the tests' reference answers read finer ones). */
export async function statisticsOf(
  db: Executor,
  scope: StatisticsScope,
  from: Date,
  to: Date,
  coarsest: RollupLevel = 'month',
): Promise<Statistics> {
  const timeZone = scope.timeZone ?? DEFAULT_TIME_ZONE;
  const granularity = granularityIn(from, to, timeZone);
  const fromHour = floorHour(from.getTime());
  const toHour = floorHour(to.getTime());
  // Breakdowns, bots, top items and the previous period read the local days the range touches
  // (presets and custom ranges are whole local days), whole months as month rows.
  const ranges = dayRanges(from.getTime(), to.getTime(), timeZone, coarsest);
  const length = to.getTime() - from.getTime();
  const previousTo = from.getTime() - 1;
  const previousFrom = previousTo - length;
  const previousRanges = dayRanges(previousFrom, previousTo, timeZone, coarsest);

  const [series, heatmap, sums, previous, top] = await Promise.all([
    rollupSeries(
      db,
      scope.scopeIds,
      'total',
      seriesRanges(fromHour, toHour, timeZone, seriesLevel(granularity, coarsest)),
    ),
    heatmapOf(db, scope.scopeIds, fromHour, toHour, timeZone, coarsest),
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
 * The rollup rows holding exactly the hours of [from, to] in the project's zone (months, days,
 * and hours at the ends): what every total over a range reads, so it equals the charts' total.
 */
export function rangeRows(from: Date, to: Date, timeZone = DEFAULT_TIME_ZONE): BucketRange[] {
  return seriesRanges(floorHour(from.getTime()), floorHour(to.getTime()), timeZone);
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
  return rollupTotalsByScope(db, itemIds, rangeRows(from, to, timeZone));
}
