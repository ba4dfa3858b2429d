// Scan recording off the response path: a request turns its capture into a row (pure, in memory:
// the address never leaves this step) and pushes it; a timer (every 250 ms, or at once when a
// transaction's worth is waiting: 500 rows on SQLite, 2,000 on PostgreSQL) writes the rows in one
// transaction together with their hourly/daily rollups, the items' running totals and the
// projects' used_scans counters (scan/rollup.ts decides what counts). Enriching per request
// spreads that work evenly instead of stalling the event loop for a whole batch at flush time.
// close() and flushScans() write everything that is left, so a SIGTERM/SIGINT shutdown loses
// nothing.
import type { Insertable } from 'kysely';
import { sqliteHandleOf, type Db } from '../db/database.js';
import type { ScansTable } from '../db/schema.js';
import {
  createScanBatchWriter,
  itemTotals,
  projectTimeZones,
  type ScanBatch,
} from '../repositories/analytics.js';
import { nextTurn, piecesOf } from '../turns.js';
import { isCountedScan, LocalDays, RollupAccumulator } from './rollup.js';

import type { CountryLookup } from './geo.js';
import { DailySeed } from './dailySeed.js';
import { DailyUniqueTracker } from './unique.js';
import {
  startWalCheckpoints,
  type WalCheckpointOptions,
  type WalCheckpoints,
} from './walCheckpoints.js';
import {
  createBotDetector,
  createUserAgentParser,
  isBotRequest,
  normaliseIp,
  referrerDomain,
  type UserAgentInfo,
} from './visitor.js';

const MINUTE_MS = 60_000;
/** How many minutes back the live view reaches. */
export const LIVE_MINUTES = 15;
const ZONE_TTL_MS = 60_000;
/** Rows per transaction on SQLite: its transaction holds the event loop, so it stays a few ms. */
const ROWS_PER_TRANSACTION = 500;
/**
 * Rows per transaction on PostgreSQL, where the transaction runs in the database and only its COPY
 * text is built on the event loop. Every transaction also upserts its rollup rows and pays its
 * round trips, so larger ones cost less per scan: measured on one connection, 2,000-row
 * transactions cost PostgreSQL 8.7-9.6 µs of CPU per scan against 12.3-15.9 µs at 500 rows, and
 * this thread 6.1-6.6 µs against 7.9-9.7 µs.
 */
const POSTGRES_ROWS_PER_TRANSACTION = 2000;
/**
 * Rows per transaction once the backlog is several transactions deep. Every transaction also
 * upserts its rollup rows, so small ones multiply that cost: on PostgreSQL a 500-row pace fell
 * behind a sustained load and the buffer overflowed (bench:pg lost scans); catching up in larger
 * transactions spreads the rollups over ten times the scans.
 */
const CATCH_UP_ROWS_PER_TRANSACTION = 5000;
/**
 * Rows the recorder's own bookkeeping of a batch (its rollups before the write; the live view,
 * webhooks and metrics after it) handles in one turn of the event loop. In one go, a 2,000-row
 * PostgreSQL batch held the redirects for 0.4 ms before its write and 1.1 ms after it (median,
 * bench:pg at 100 k scans), where SQLite's 500-row batches held them a quarter as long.
 */
const BOOKKEEPING_ROWS_PER_TURN = 500;
/** How many normal transactions deep a backlog is before the recorder catches up. */
const CATCH_UP_BACKLOG = 4;
/** Items whose counted scans are followed (scan-number rules, scan caps); beyond, it starts over. */
const COUNTED_ITEMS_MAX = 100_000;

export type ScanRow = Insertable<ScansTable>;

/** What the request path hands over: raw, in memory only (the IP never reaches the database). */
export interface ScanCapture {
  itemType: 'qr_code' | 'short_link' | 'advertisement';
  /** 'scan' when absent; an advertisement's interstitial records 'ad_view' and 'ad_click'. */
  kind?: 'scan' | 'ad_view' | 'ad_click';
  itemId: string;
  customerId: string;
  projectId: string;
  /** The project's tracking switch: off records the count only, no visitor details. */
  tracking: boolean;
  at: Date;
  method: string;
  ip: string;
  userAgent: string | undefined;
  referrer: string | undefined;
  /** Smart codes: the rule (name) and split variant that served the scan. */
  rule?: string | null;
  variant?: string | null;
  /** What the scan path already read of the visitor for a smart decision: not read again. */
  agent?: UserAgentInfo;
  country?: string | null;
}

export interface RecorderOptions {
  flushIntervalMs?: number;
  /** Flush at once when this many rows wait. */
  batchSize?: number;
  /** Rows per transaction; the loop is let go between transactions. */
  maxRowsPerTransaction?: number;
  /** Rows per transaction while a backlog is more than CATCH_UP_BACKLOG transactions deep. */
  catchUpRowsPerTransaction?: number;
  /** During a database outage keep at most this many; the oldest go first. */
  maxBuffered?: number;
  onError?: (error: unknown) => void;
  /**
   * After each committed batch: the rows written, a few hundred per call (the `scan` webhook
   * event counts them).
   */
  onWritten?: (rows: readonly ScanRow[]) => void;
  /** The app's daily seed of visitor hashes (one per app: unique visitors and A/B splits). */
  seed?: DailySeed;
  /** SQLite's checkpoint thread: how often it runs and how long the WAL grows before it starts over. */
  walCheckpoints?: WalCheckpointOptions;
}

/** Captures → rows: the pure parsing of visitor.ts plus the country reader and unique tracker. */
export function createScanEnricher(countryOf: CountryLookup, seed = new DailySeed()) {
  const parseAgent = createUserAgentParser();
  const isBotAgent = createBotDetector();
  const unique = new DailyUniqueTracker(seed);
  const anonymous: UserAgentInfo = { device: 'unknown', os: null, browser: null };
  // Scans of one millisecond share their timestamp text: under load that is most of them, and
  // toISOString cost more than the rest of the row.
  let isoOfMs = NaN;
  let iso = '';
  return (capture: ScanCapture): ScanRow => {
    const isBot = isBotRequest(capture.method, capture.userAgent, isBotAgent);
    const ip = normaliseIp(capture.ip);
    const agent = capture.tracking ? (capture.agent ?? parseAgent(capture.userAgent)) : anonymous;
    const ms = capture.at.getTime();
    if (ms !== isoOfMs) {
      isoOfMs = ms;
      iso = capture.at.toISOString();
    }
    return {
      customerId: capture.customerId,
      projectId: capture.projectId,
      itemType: capture.itemType,
      itemId: capture.itemId,
      kind: capture.kind ?? 'scan',
      scannedAt: iso,
      device: capture.tracking ? agent.device : null,
      os: agent.os,
      browser: agent.browser,
      country: !capture.tracking
        ? null
        : capture.country === undefined
          ? countryOf(ip)
          : capture.country,
      referrer: capture.tracking ? referrerDomain(capture.referrer) : null,
      // Bots are never people, so never unique visitors (and they do not enter the day's set).
      isUnique: !isBot && unique.isUnique(ip, uniqueKeyOf(capture), capture.at) ? 1 : 0,
      isBot: isBot ? 1 : 0,
      rule: capture.rule ?? null,
      variant: capture.variant ?? null,
    };
  };
}

/** Ad views and clicks are unique per advertisement: the scan just before saw the same visitor. */
function uniqueKeyOf(capture: ScanCapture): string {
  const agent = capture.userAgent ?? '';
  return capture.kind && capture.kind !== 'scan'
    ? `${agent}\n${capture.kind}:${capture.itemId}`
    : agent;
}

export class ScanRecorder {
  private buffer: ScanRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  /** A drain is queued on the chain and has not started yet. */
  private drainQueued = false;
  private closed = false;
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxRowsPerTransaction: number;
  private readonly catchUpRowsPerTransaction: number;
  private readonly maxBuffered: number;
  private readonly onError: (error: unknown) => void;
  private readonly writeBatch: (batch: ScanBatch) => Promise<void>;
  private readonly onWritten: (rows: readonly ScanRow[]) => void;
  /** The batches' commits leave SQLite's checkpoints to a thread (scan/walCheckpoints.ts). */
  private readonly checkpoints: WalCheckpoints | null;
  /** The daily seed the rows' unique flags were hashed with; the A/B split uses it too. */
  readonly seed: DailySeed;
  /** Rows written since start (tests and the benchmark read it). */
  written = 0;
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly toRow: (capture: ScanCapture) => ScanRow,
    options: RecorderOptions = {},
  ) {
    const rowsPerTransaction = sqliteHandleOf(db)
      ? ROWS_PER_TRANSACTION
      : POSTGRES_ROWS_PER_TRANSACTION;
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? rowsPerTransaction;
    this.maxRowsPerTransaction = options.maxRowsPerTransaction ?? rowsPerTransaction;
    this.catchUpRowsPerTransaction =
      options.catchUpRowsPerTransaction ?? CATCH_UP_ROWS_PER_TRANSACTION;
    this.maxBuffered = options.maxBuffered ?? 200_000;
    this.onError = options.onError ?? ((error) => console.error('scan recorder:', error));
    this.writeBatch = createScanBatchWriter(db);
    this.onWritten = options.onWritten ?? (() => {});
    this.seed = options.seed ?? new DailySeed();
    this.checkpoints = startWalCheckpoints(db, options.walCheckpoints);
  }

  get pending(): number {
    return this.buffer.length;
  }

  record(capture: ScanCapture): void {
    let row: ScanRow;
    try {
      row = this.toRow(capture);
    } catch (error) {
      this.onError(error);
      return;
    }
    this.buffer.push(row);
    if (isCountedScan(row)) {
      this.countUncommitted(row.itemId, 1);
      const counted = this.counted.get(row.itemId);
      if (counted !== undefined) this.counted.set(row.itemId, counted + 1);
    }
    if (this.buffer.length > this.maxBuffered) {
      const lost = this.buffer.shift() as ScanRow;
      if (isCountedScan(lost)) this.countUncommitted(lost.itemId, -1);
      this.dropped++;
    }
    if (this.buffer.length >= this.batchSize) void this.flush();
    else this.schedule();
  }

  /** Writes everything buffered now; resolves when it is in the database. Never rejects. */
  flush(): Promise<void> {
    this.clearTimer();
    // One drain waiting behind the running one is enough: it takes every row buffered by the time
    // it starts. Queuing one per call kept a promise per scan recorded during a write (on
    // PostgreSQL 190,000 of them, 37 MB, after 10 s of load).
    if (!this.drainQueued) {
      this.drainQueued = true;
      this.chain = this.chain.then(() => {
        this.drainQueued = false;
        return this.drain();
      });
    }
    return this.chain;
  }

  /** Stops the timer and writes what is left; later captures are written at once. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.checkpoints?.stop();
  }

  private schedule(): void {
    if (this.timer || this.closed) {
      if (this.closed) void this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushIntervalMs);
    // A pending flush must not keep a finished process alive; shutdown flushes explicitly.
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async drain(): Promise<void> {
    let first = true;
    // What was buffered when the drain started. A write lets requests in between its pieces, so
    // rows arrive during it; they wait for a full batch or the timer: writing them at once left a
    // trail of small transactions, each paying its rollups and commit (on SQLite, 51 µs of CPU
    // per redirect against 40).
    let remaining = this.buffer.length;
    while (remaining > 0 && this.buffer.length > 0) {
      // Requests in between transactions: a backlog is written without one long stall.
      if (!first) await nextTurn();
      first = false;
      // Between two transactions, so that SQLite's long WAL can start over (scan/walCheckpoints.ts).
      if (this.checkpoints?.wantsPause) await this.checkpoints.checkpointPaused();
      const behind = this.buffer.length > this.maxRowsPerTransaction * CATCH_UP_BACKLOG;
      const rows = this.buffer.splice(
        0,
        Math.min(remaining, behind ? this.catchUpRowsPerTransaction : this.maxRowsPerTransaction),
      );
      remaining -= rows.length;
      try {
        await this.write(rows);
        this.written += rows.length;
        // In the turn the commit is seen in: a running total read now must not count them twice.
        for (const row of rows) if (isCountedScan(row)) this.countUncommitted(row.itemId, -1);
      } catch (error) {
        // Keep them for the next attempt, in order, and retry later rather than spin.
        this.buffer.unshift(...rows);
        this.onError(error);
        if (!this.closed) this.schedule();
        return;
      }
      for await (const piece of piecesOf(rows, BOOKKEEPING_ROWS_PER_TURN)) {
        this.remember(piece);
        try {
          this.onWritten(piece);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }

  /** Counted scans per followed item: the rollups' running total when first asked, then counted here. */
  private readonly counted = new Map<string, number>();

  /**
   * The item's counted scans so far (what scan-number rules and scan caps read), or undefined
   * until `loadCountedScans` has read its running total. One count: the one `isCountedScan` makes.
   */
  countedScans(itemId: string): number | undefined {
    return this.counted.get(itemId);
  }

  /** Reads the item's running total once; from then on record() counts on. */
  async loadCountedScans(itemId: string): Promise<number> {
    const known = this.counted.get(itemId);
    if (known !== undefined) return known;
    const total = (await itemTotals(this.db, [itemId])).get(itemId)?.scans ?? 0;
    if (this.counted.size >= COUNTED_ITEMS_MAX) this.counted.clear();
    // Another request's read that finished first wins (it may have counted on since).
    const count = this.counted.get(itemId) ?? total + this.pendingCounted(itemId);
    this.counted.set(itemId, count);
    return count;
  }

  /**
   * Counted scans per item recorded but not committed yet (buffered or in the transaction being
   * written), so they are not in the running total. Kept by record() and drain(): counting them
   * by walking the buffer (up to maxBuffered rows) would stall the request that asks.
   */
  private readonly uncommitted = new Map<string, number>();

  private countUncommitted(itemId: string, delta: number): void {
    const n = (this.uncommitted.get(itemId) ?? 0) + delta;
    if (n > 0) this.uncommitted.set(itemId, n);
    else this.uncommitted.delete(itemId);
  }

  /** Counted scans of the item not in its running total yet (see `uncommitted`). */
  pendingCounted(itemId: string): number {
    return this.uncommitted.get(itemId) ?? 0;
  }

  private readonly days = new LocalDays();
  /** Projects' time zones, re-read after ZONE_TTL_MS (a changed zone applies from then on). */
  private readonly zones = new Map<string, { zone: string; until: number }>();

  /** A project's zone changed: read it again before the next write (its days move). */
  forgetTimeZone(projectId: string): void {
    this.zones.delete(projectId);
  }

  private async zonesOf(rows: readonly ScanRow[]): Promise<Map<string, string>> {
    const now = Date.now();
    const missing = new Set<string>();
    for (const row of rows) {
      const known = this.zones.get(row.projectId);
      if (!known || known.until < now) missing.add(row.projectId);
    }
    if (missing.size > 0) {
      const found = await projectTimeZones(this.db, [...missing]);
      for (const [id, zone] of found) this.zones.set(id, { zone, until: now + ZONE_TTL_MS });
    }
    const zones = new Map<string, string>();
    for (const [id, { zone }] of this.zones) zones.set(id, zone);
    return zones;
  }

  private async write(rows: ScanRow[]): Promise<void> {
    const rollup = new RollupAccumulator(await this.zonesOf(rows), this.days);
    for await (const piece of piecesOf(rows, BOOKKEEPING_ROWS_PER_TURN)) rollup.addAll(piece);
    await this.writeBatch({
      rows,
      rollups: rollup.rows(),
      countedPerProject: rollup.countedPerProject,
    });
  }

  /** Counted scans per project and minute, of what was written lately (the live view). */
  private readonly recent = new Map<string, Map<number, number>>();

  private readonly lastMinute = { prefix: '', ms: 0 };

  /** The minute (epoch ms) of an ISO instant; a batch's rows mostly share one, so it is kept. */
  private minuteOf(iso: string): number {
    const prefix = iso.slice(0, 16);
    if (prefix !== this.lastMinute.prefix) {
      this.lastMinute.prefix = prefix;
      this.lastMinute.ms = Math.floor(Date.parse(iso) / MINUTE_MS) * MINUTE_MS;
    }
    return this.lastMinute.ms;
  }

  private remember(rows: readonly ScanRow[]): void {
    const oldest = Date.now() - LIVE_MINUTES * MINUTE_MS;
    for (const row of rows) {
      if (!isCountedScan(row)) continue;
      const minute = this.minuteOf(row.scannedAt);
      if (minute < oldest) continue;
      let counts = this.recent.get(row.projectId);
      if (!counts) this.recent.set(row.projectId, (counts = new Map()));
      counts.set(minute, (counts.get(minute) ?? 0) + 1);
    }
    for (const counts of this.recent.values()) {
      for (const minute of counts.keys()) if (minute < oldest) counts.delete(minute);
    }
  }

  /**
   * The last LIVE_MINUTES minutes of a project, oldest first, zeros included. This process's
   * scans only: with Redis, scan/liveCounts.ts answers for every process.
   */
  recentMinutes(projectId: string, now = Date.now()): { minute: string; scans: number }[] {
    const current = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const counts = this.recent.get(projectId);
    return Array.from({ length: LIVE_MINUTES }, (_, i) => {
      const minute = current - (LIVE_MINUTES - 1 - i) * MINUTE_MS;
      return { minute: new Date(minute).toISOString(), scans: counts?.get(minute) ?? 0 };
    });
  }
}
