// Keeping the scan tables in shape off the scan path: the one-off backfill that folds raw rows
// written before the rollups existed into them (idempotent: a marker says how far it got, moved
// in the same transaction as each batch), and the daily retention job that deletes raw rows older
// than each customer's retention (rollups stay, so every chart keeps its past). On PostgreSQL the
// raw table is partitioned by month (migration 0026): the job keeps partitions ready two months
// ahead and drops a month whole once it lies wholly past every customer's retention; what is
// left over is deleted in small batches, as on SQLite.
import { z } from 'zod';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/database.js';
import {
  createScanPartition,
  dropScanPartition,
  monthsFrom,
  scanPartitions,
} from '../db/scanPartitions.js';
import { ROLLUP_BACKFILL_KEY } from '../db/migrations/0015_scan_rollups.js';
import {
  analyzeStatistics,
  deleteRawScansBefore,
  projectTimeZones,
  rawRowsForRollup,
  retentionByProject,
  upsertRollups,
} from '../repositories/analytics.js';
import { readPlatformSetting, writePlatformSetting } from '../repositories/platformSettings.js';
import { LocalDays, RollupAccumulator } from '../scan/rollup.js';
import { startJobTimer, type JobTimer } from './jobTimer.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const markerSchema = z.object({ through: z.number(), upTo: z.number() });

/**
 * Folds raw scans with ids up to the migration's marker into the rollups, `batchSize` rows per
 * transaction; answers how many rows it folded in (0 when already done: safe to run again).
 * used_scans is not touched: the recorder counted those scans when it wrote them.
 */
export async function backfillRollups(db: Db, batchSize = 50_000): Promise<number> {
  const parsed = markerSchema.safeParse(await readPlatformSetting(db, ROLLUP_BACKFILL_KEY));
  if (!parsed.success) return 0;
  let { through } = parsed.data;
  const { upTo } = parsed.data;
  let folded = 0;
  const days = new LocalDays();
  while (through < upTo) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await rawRowsForRollup(trx, through, upTo, batchSize);
      const next = rows.length < batchSize ? upTo : Number(rows[rows.length - 1].id);
      const zones = await projectTimeZones(trx, [...new Set(rows.map((row) => row.projectId))]);
      await upsertRollups(trx, new RollupAccumulator(zones, days).addAll(rows).rows());
      await writePlatformSetting(trx, ROLLUP_BACKFILL_KEY, { through: next, upTo });
      return { next, count: rows.length };
    });
    through = done.next;
    folded += done.count;
  }
  if (folded > 0) await analyzeStatistics(db);
  return folded;
}

export interface RetentionOptions {
  /** Rows per DELETE: small, so the scan writer never waits long for SQLite's write lock. */
  batchSize?: number;
  /** Between batches the event loop (and the scan path) gets its turn. */
  pauseMs?: number;
  now?: Date;
}

const MONTHS_AHEAD = 2;

/**
 * PostgreSQL: creates the month partitions from this month through MONTHS_AHEAD ahead, and drops
 * those whose every row is older than `before` (the longest retention); answers the dropped ones.
 */
export async function maintainScanPartitions(db: Db, now: Date, before: Date): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return [];
  for (const month of monthsFrom(now, now, MONTHS_AHEAD)) await createScanPartition(db, month);
  const dropped: string[] = [];
  for (const month of await scanPartitions(db)) {
    if (month.to.getTime() > before.getTime()) break;
    await dropScanPartition(db, month);
    dropped.push(month.name);
  }
  return dropped;
}

/**
 * Deletes raw scans older than each customer's retention: on PostgreSQL whole months past every
 * customer's retention first, then the rest in small batches. Answers how many batch-deleted
 * rows and which partitions went.
 */
export async function applyRetention(
  db: Db,
  options: RetentionOptions = {},
): Promise<{ deleted: number; droppedPartitions: string[] }> {
  const { batchSize = 2000, pauseMs = 20, now = new Date() } = options;
  const projects = await retentionByProject(db);
  // Every scan belongs to a project: a month goes when the longest retention of any project's
  // customer has passed it (with no projects there is no scan to keep).
  const longest = Math.max(0, ...projects.map((project) => project.scanRetentionDays));
  const droppedPartitions = await maintainScanPartitions(
    db,
    now,
    new Date(now.getTime() - longest * DAY_MS),
  );
  let deleted = 0;
  for (const project of projects) {
    const before = new Date(now.getTime() - project.scanRetentionDays * DAY_MS).toISOString();
    for (;;) {
      const count = await deleteRawScansBefore(db, project.id, before, batchSize);
      deleted += count;
      if (count < batchSize) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return { deleted, droppedPartitions };
}

/**
 * The daily maintenance of one app instance: retention, then fresh planner statistics. Its timer
 * belongs to the app (started by buildApp, stopped when the app closes).
 */
export function startScanMaintenance(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = DAY_MS,
): JobTimer {
  return startJobTimer(
    async () => {
      const { deleted, droppedPartitions } = await applyRetention(db);
      if (deleted > 0 || droppedPartitions.length > 0) await analyzeStatistics(db);
    },
    onError,
    everyMs,
  );
}
