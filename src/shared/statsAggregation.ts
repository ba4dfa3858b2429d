// Scan statistics as pure functions over normalised scan rows: UTC time buckets (hour … year, gaps
// filled with zeros) and breakdowns by device, OS, browser, country and referrer. The server feeds
// it rows in chunks; the dashboard can run the same code over rows it already has.
import { analyticsGranularity, type Granularity } from './rules.js';

/** The columns a scan row needs here; missing visitor details count as "unknown". */
export interface StatsScanRow {
  /** ISO-8601 UTC, as stored ('2024-05-06T12:34:56.789Z'). */
  scannedAt: string;
  /** The scan service marks a visitor's first scan of a UTC day (see scan/unique.ts). */
  isUnique: number | boolean;
  device: string | null;
  os: string | null;
  browser: string | null;
  country: string | null;
  referrer: string | null;
}

export interface TimeseriesPoint {
  /** Start of the bucket, ISO-8601 UTC. */
  bucket: string;
  scans: number;
  uniqueVisitors: number;
}

export interface BreakdownEntry {
  /** The device, OS, browser, 2-letter country code or referrer domain; 'unknown' when missing. */
  key: string;
  scans: number;
}

export const BREAKDOWN_DIMENSIONS = ['device', 'os', 'browser', 'country', 'referrer'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

export interface TimeseriesMeta {
  granularity: Granularity;
  from: string;
  to: string;
  total: number;
  uniqueVisitors: number;
  byDevice: BreakdownEntry[];
  byOs: BreakdownEntry[];
  byBrowser: BreakdownEntry[];
  byCountry: BreakdownEntry[];
  byReferrer: BreakdownEntry[];
}

export interface Timeseries {
  data: TimeseriesPoint[];
  meta: TimeseriesMeta;
}

export const UNKNOWN_KEY = 'unknown';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_PREFIX = /^\d{4}-\d{2}-\d{2}T\d{2}/;

/** The start of the UTC bucket holding `date`; weeks start on Monday (ISO 8601). */
export function bucketStart(date: Date, granularity: Granularity): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (granularity) {
    case 'hour':
      return new Date(Date.UTC(y, m, d, date.getUTCHours()));
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week': {
      const mondayOffset = (date.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(y, m, d - mondayOffset));
    }
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: Date, granularity: Granularity): Date {
  if (granularity === 'hour') return new Date(start.getTime() + 60 * 60 * 1000);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  switch (granularity) {
    case 'day':
      return new Date(Date.UTC(y, m, d + 1));
    case 'week':
      return new Date(Date.UTC(y, m, d + 7));
    case 'month':
      return new Date(Date.UTC(y, m + 1, 1));
    case 'year':
      return new Date(Date.UTC(y + 1, 0, 1));
  }
}

/** Every bucket start from the one holding `from` to the one holding `to`, as ISO strings. */
export function bucketRange(from: Date, to: Date, granularity: Granularity): string[] {
  const buckets: string[] = [];
  const last = bucketStart(to, granularity).getTime();
  for (
    let at = bucketStart(from, granularity);
    at.getTime() <= last;
    at = nextBucket(at, granularity)
  ) {
    buckets.push(at.toISOString());
  }
  return buckets;
}

/** Most scans first; equal counts by key, so the order is stable. */
export function sortBreakdown(counts: ReadonlyMap<string, number>): BreakdownEntry[] {
  return [...counts]
    .map(([key, scans]) => ({ key, scans }))
    .sort((a, b) => b.scans - a.scans || a.key.localeCompare(b.key));
}

/**
 * Adds rows one at a time (memory stays bounded by the number of buckets and distinct values,
 * not by the number of scans) and answers the time series with its totals and breakdowns.
 * Rows outside [from, to] are ignored.
 */
export class ScanAggregator {
  readonly granularity: Granularity;
  private readonly buckets: string[];
  private readonly scans: number[];
  private readonly uniques: number[];
  /** Fast path: the bucket index by the ISO prefix that identifies an hour/day/month/year. */
  private readonly indexByPrefix = new Map<string, number>();
  private readonly prefixLength: number;
  /** Weeks: the bucket index by day (YYYY-MM-DD), filled as days are met. */
  private readonly weekIndexByDay = new Map<string, number>();
  private readonly breakdowns: Record<BreakdownDimension, Map<string, number>> = {
    device: new Map(),
    os: new Map(),
    browser: new Map(),
    country: new Map(),
    referrer: new Map(),
  };
  private readonly fromIso: string;
  private readonly toIso: string;
  private total = 0;
  private uniqueTotal = 0;

  constructor(from: Date, to: Date, granularity: Granularity = analyticsGranularity(from, to)) {
    this.granularity = granularity;
    this.fromIso = from.toISOString();
    this.toIso = to.toISOString();
    this.buckets = bucketRange(from, to, granularity);
    this.scans = this.buckets.map(() => 0);
    this.uniques = this.buckets.map(() => 0);
    const prefixLengths: Record<Granularity, number> = {
      hour: 13,
      day: 10,
      week: 10,
      month: 7,
      year: 4,
    };
    this.prefixLength = prefixLengths[granularity];
    if (granularity !== 'week') {
      this.buckets.forEach((bucket, index) =>
        this.indexByPrefix.set(bucket.slice(0, this.prefixLength), index),
      );
    }
  }

  private bucketIndex(iso: string): number | undefined {
    if (this.granularity === 'week') {
      const day = iso.slice(0, 10);
      let index = this.weekIndexByDay.get(day);
      if (index === undefined) {
        const start = bucketStart(new Date(`${day}T00:00:00.000Z`), 'week').toISOString();
        index = this.buckets.indexOf(start);
        this.weekIndexByDay.set(day, index);
      }
      return index === -1 ? undefined : index;
    }
    return this.indexByPrefix.get(iso.slice(0, this.prefixLength));
  }

  add(row: StatsScanRow): void {
    // Stored times are canonical ISO strings; anything else is normalised first.
    const iso = ISO_PREFIX.test(row.scannedAt) ? row.scannedAt : toIsoOrNull(row.scannedAt);
    if (!iso || iso < this.fromIso || iso > this.toIso) return;
    const index = this.bucketIndex(iso);
    if (index === undefined) return;
    const isUnique = row.isUnique === true || row.isUnique === 1;
    this.scans[index] += 1;
    this.total += 1;
    if (isUnique) {
      this.uniques[index] += 1;
      this.uniqueTotal += 1;
    }
    for (const dimension of BREAKDOWN_DIMENSIONS) {
      const key = normaliseKey(row[dimension]);
      const counts = this.breakdowns[dimension];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }

  addAll(rows: Iterable<StatsScanRow>): this {
    for (const row of rows) this.add(row);
    return this;
  }

  result(): Timeseries {
    const by = (dimension: BreakdownDimension) => sortBreakdown(this.breakdowns[dimension]);
    return {
      data: this.buckets.map((bucket, index) => ({
        bucket,
        scans: this.scans[index],
        uniqueVisitors: this.uniques[index],
      })),
      meta: {
        granularity: this.granularity,
        from: this.fromIso,
        to: this.toIso,
        total: this.total,
        uniqueVisitors: this.uniqueTotal,
        byDevice: by('device'),
        byOs: by('os'),
        byBrowser: by('browser'),
        byCountry: by('country'),
        byReferrer: by('referrer'),
      },
    };
  }
}

function toIsoOrNull(value: string): string | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function normaliseKey(value: string | null): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : UNKNOWN_KEY;
}

/** The whole aggregation in one call, for rows already in memory. */
export function aggregateScans(
  rows: Iterable<StatsScanRow>,
  from: Date,
  to: Date,
  granularity?: Granularity,
): Timeseries {
  return new ScanAggregator(from, to, granularity).addAll(rows).result();
}

/** The default range: the last 30 days up to now. */
export function defaultRange(now: Date = new Date()): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 30 * DAY_MS), to: now };
}

/** GET /analytics/timeseries: the series with everything the statistics screens show. */
export interface TopItem {
  itemType: string;
  itemId: string;
  name: string | null;
  scans: number;
}

export interface StatisticsMeta extends TimeseriesMeta {
  timeZone: string;
  /** Bot requests in the range: shown apart, never in the totals. */
  bots: number;
  previous: { from: string; to: string; total: number; uniqueVisitors: number };
  /** Change of the total against the previous period in per cent; null when that was 0. */
  change: number | null;
  /** Counted scans by weekday (0 = Monday) and hour of day, in the project's time zone. */
  heatmap: number[][];
  topQrCodes: TopItem[];
  topShortLinks: TopItem[];
  /** Counted scans per A/B split variant (smart codes); empty when no split served a scan. */
  byVariant: BreakdownEntry[];
}

export interface Statistics extends Timeseries {
  meta: StatisticsMeta;
}
