// What a scan adds to the statistics, decided in ONE place: `isCountedScan` says which raw rows are
// "a counted scan" (every list, chart, start page and plan usage shows exactly these), and
// `RollupAccumulator` folds raw rows into the rollup rows and counters the recorder writes in the
// same transaction (and the backfill command writes for rows that predate the rollups).
import type { ScanRollupsTable } from '../db/schema.js';
import { DEFAULT_TIME_ZONE, localBucketStart, localParts } from '../../shared/timeZone.js';

/** The fields of a raw scan row the statistics read. */
export interface RollupSource {
  projectId: string;
  itemType: string;
  itemId: string;
  kind: string;
  /** ISO-8601 UTC. */
  scannedAt: string;
  device?: string | null;
  os?: string | null;
  browser?: string | null;
  country?: string | null;
  referrer?: string | null;
  /** Smart codes: the A/B split variant that served the scan, if any. */
  variant?: string | null;
  isUnique: number | boolean;
  isBot: number | boolean;
}

/** A person's scan of a QR code or short link: not a bot, not an advertisement's view or click. */
export function isCountedScan(row: Pick<RollupSource, 'kind' | 'isBot'>): boolean {
  return row.kind === 'scan' && !(row.isBot === 1 || row.isBot === true);
}

export const BREAKDOWN_COLUMNS = ['device', 'os', 'browser', 'country', 'referrer'] as const;
export type BreakdownColumn = (typeof BREAKDOWN_COLUMNS)[number];

/** Counted scans per A/B split variant (smart codes), kept only for scans a split served. */
export const VARIANT_DIMENSION = 'variant';

/**
 * Counted scans per local weekday and hour (the heat map's cells), kept per local month: a year's
 * heat map reads a dozen months of 168 cells instead of 8,760 hours.
 */
export const WEEK_HOUR_DIMENSION = 'weekhour';

/** A heat map cell's value: the local weekday (0 = Monday) and hour, '0-07'. */
export const weekHourValue = (weekday: number, hour: number) =>
  `${weekday}-${String(hour).padStart(2, '0')}`;

/** Rollup dimensions: counted scans ('total'), bots apart, an advertisement's views and clicks. */
export type RollupDimension =
  | 'total'
  | 'bot'
  | 'ad_view'
  | 'ad_click'
  | BreakdownColumn
  | typeof VARIANT_DIMENSION
  | typeof WEEK_HOUR_DIMENSION;

/**
 * 'hour' (UTC), 'day' and 'month' (the project's local day and month: a month row is the sum of
 * its day rows, so a long range reads a dozen rows where it would read hundreds), 'all' (the
 * running total).
 */
export type RollupPeriod = 'hour' | 'day' | 'month' | 'all';

export const PROJECT_SCOPE = 'project';
export const UNKNOWN_VALUE = 'unknown';
const MAX_VALUE_LENGTH = 255;

export type RollupRow = ScanRollupsTable;

export const hourOf = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;

/**
 * Where a UTC hour lies in the project's zone: the start (ISO instant) of its local day and
 * month, and its heat map cell (the local weekday and hour of the hour's start). Daily and
 * monthly rollups are days and months where the project is, so a range of whole local days reads
 * whole rows. Cached per zone and hour (a flush meets few); the cache empties itself when it
 * grows.
 */
export class LocalDays {
  private readonly cache = new Map<string, { day: string; month: string; weekHour: string }>();

  of(iso: string, timeZone: string) {
    const key = `${timeZone}|${iso.slice(0, 13)}`;
    let found = this.cache.get(key);
    if (found === undefined) {
      if (this.cache.size > 50_000) this.cache.clear();
      const hour = Date.parse(hourOf(iso));
      const local = localParts(hour, timeZone);
      found = {
        day: new Date(localBucketStart(hour, 'day', timeZone)).toISOString(),
        month: new Date(localBucketStart(hour, 'month', timeZone)).toISOString(),
        weekHour: weekHourValue(local.weekday, local.hour),
      };
      this.cache.set(key, found);
    }
    return found;
  }

  dayOf(iso: string, timeZone: string): string {
    return this.of(iso, timeZone).day;
  }
}

function valueOf(raw: string | null | undefined): string {
  const trimmed = raw?.trim();
  return trimmed ? trimmed.slice(0, MAX_VALUE_LENGTH) : UNKNOWN_VALUE;
}

/** `2026-11-25T07`: the UTC hour, the finest time add() reads (LocalDays places whole hours). */
const utcHourOf = (scannedAt: string) => scannedAt.slice(0, 13);

/**
 * Whether addAll's key of `b` is `a`'s: every field add() reads, and the same UTC hour. Spelled
 * out field by field, as the key is: a loop over a field list read them twice as slowly.
 */
function isAlike(a: RollupSource, b: RollupSource): boolean {
  return (
    a.itemId === b.itemId &&
    a.projectId === b.projectId &&
    a.itemType === b.itemType &&
    a.kind === b.kind &&
    a.device === b.device &&
    a.os === b.os &&
    a.browser === b.browser &&
    a.country === b.country &&
    a.referrer === b.referrer &&
    a.variant === b.variant &&
    Number(a.isUnique) === Number(b.isUnique) &&
    Number(a.isBot) === Number(b.isBot) &&
    a.scannedAt.startsWith(utcHourOf(b.scannedAt))
  );
}

/**
 * Sums raw rows into rollup rows (one per scope, period, dimension, bucket and value) and counted
 * scans per project. In memory only; the caller writes `rows()` as upserts that add.
 */
export class RollupAccumulator {
  private readonly byKey = new Map<string, RollupRow>();

  /** `zoneOf` answers each project's time zone (rows of unknown projects use the default). */
  constructor(
    private readonly zoneOf: ReadonlyMap<string, string> = new Map(),
    private readonly days = new LocalDays(),
  ) {}

  /** Counted scans per project: what `projects.used_scans` (the plan usage) grows by. */
  readonly countedPerProject = new Map<string, number>();

  /** Adds `row` as `times` scans alike (addAll folds alike rows first). */
  add(row: RollupSource, times = 1): void {
    const unique =
      !(row.isBot === 1 || row.isBot === true) && (row.isUnique === 1 || row.isUnique === true)
        ? times
        : 0;
    const hour = hourOf(row.scannedAt);
    const { day, month, weekHour } = this.days.of(
      row.scannedAt,
      this.zoneOf.get(row.projectId) ?? DEFAULT_TIME_ZONE,
    );
    let dimension: RollupDimension;
    if (isCountedScan(row)) dimension = 'total';
    else if (row.isBot === 1 || row.isBot === true) dimension = 'bot';
    else if (row.kind === 'ad_view' || row.kind === 'ad_click') dimension = row.kind;
    else return;

    const scopes: [string, string][] = [[row.itemId, row.itemType]];
    if (dimension === 'total' || dimension === 'bot') scopes.push([row.projectId, PROJECT_SCOPE]);
    for (const [scopeId, itemType] of scopes) {
      this.bump(scopeId, row.projectId, itemType, 'hour', dimension, hour, '', unique, times);
      this.bump(scopeId, row.projectId, itemType, 'day', dimension, day, '', unique, times);
      this.bump(scopeId, row.projectId, itemType, 'month', dimension, month, '', unique, times);
      // The running total per item (lists read it); the project's is projects.used_scans.
      if (itemType !== PROJECT_SCOPE) {
        this.bump(scopeId, row.projectId, itemType, 'all', dimension, '', '', unique, times);
      }
      if (dimension !== 'total') continue;
      this.bump(
        scopeId,
        row.projectId,
        itemType,
        'month',
        WEEK_HOUR_DIMENSION,
        month,
        weekHour,
        unique,
        times,
      );
      // Breakdowns per local day and month only: per hour they would outnumber the scans
      // themselves. The split variant only where a split served the scan.
      const values: [RollupDimension, string][] = BREAKDOWN_COLUMNS.map((column) => [
        column,
        valueOf(row[column]),
      ]);
      if (row.variant) values.push([VARIANT_DIMENSION, valueOf(row.variant)]);
      for (const [breakdown, value] of values) {
        this.bump(scopeId, row.projectId, itemType, 'day', breakdown, day, value, unique, times);
        this.bump(
          scopeId,
          row.projectId,
          itemType,
          'month',
          breakdown,
          month,
          value,
          unique,
          times,
        );
      }
    }
    if (dimension === 'total') {
      this.countedPerProject.set(
        row.projectId,
        (this.countedPerProject.get(row.projectId) ?? 0) + times,
      );
    }
  }

  /**
   * Rows alike in every field add() reads (the same UTC hour: LocalDays places a whole hour in one
   * local day and month) are added once with their number: a busy code's batch is mostly one
   * visitor kind, and a row costs a dozen bumps otherwise. A row alike to the one before joins its
   * group without building the group's key (most of this method's cost: 0.6 µs per row when a
   * batch is one code's scans).
   */
  addAll(rows: Iterable<RollupSource>): this {
    const alike = new Map<string, { row: RollupSource; times: number }>();
    let previous: { row: RollupSource; times: number } | undefined;
    for (const row of rows) {
      if (previous && isAlike(previous.row, row)) {
        previous.times++;
        continue;
      }
      const key = `${row.itemId}|${row.projectId}|${row.itemType}|${row.kind}|${utcHourOf(row.scannedAt)}|${row.device}|${row.os}|${row.browser}|${row.country}|${row.referrer}|${row.variant}|${Number(row.isUnique)}|${Number(row.isBot)}`;
      previous = alike.get(key);
      if (previous) previous.times++;
      else alike.set(key, (previous = { row, times: 1 }));
    }
    for (const { row, times } of alike.values()) this.add(row, times);
    return this;
  }

  rows(): RollupRow[] {
    return [...this.byKey.values()];
  }

  get size(): number {
    return this.byKey.size;
  }

  private bump(
    scopeId: string,
    projectId: string,
    itemType: string,
    period: RollupPeriod,
    dimension: RollupDimension,
    bucket: string,
    value: string,
    unique: number,
    times: number,
  ): void {
    const key = `${scopeId}|${period}|${dimension}|${bucket}|${value}`;
    const existing = this.byKey.get(key);
    if (existing) {
      existing.scans += times;
      existing.uniques += unique;
      return;
    }
    this.byKey.set(key, {
      scopeId,
      projectId,
      itemType,
      period,
      dimension,
      bucket,
      value,
      scans: times,
      uniques: unique,
    });
  }
}
