// The dashboard's heavy reads, by name, so they can run on a read-only connection of their own:
// the statistics answers, the QR code and short link list pages and the raw-scan export's
// chunks. readPool.ts runs them on worker threads, or on the app's own database where a reader
// cannot open it (an in-memory SQLite); either way a task is a plain function of the database
// and structured-clonable arguments.
import type { Executor } from '../repositories/executor.js';
import { rawScanChunk } from '../repositories/analytics.js';
import { listQrCodes } from '../repositories/qrCodes.js';
import { listShortLinks } from '../repositories/shortLinks.js';
import { statisticsOf } from './statistics.js';

export const READ_TASKS = {
  statistics: statisticsOf,
  listQrCodes,
  listShortLinks,
  rawScanChunk,
} satisfies Record<string, (db: Executor, ...args: never[]) => Promise<unknown>>;

export type ReadTaskName = keyof typeof READ_TASKS;
type Rest<F> = F extends (db: Executor, ...args: infer A) => unknown ? A : never;
export type ReadTaskArgs<K extends ReadTaskName> = Rest<(typeof READ_TASKS)[K]>;
export type ReadTaskResult<K extends ReadTaskName> = Awaited<ReturnType<(typeof READ_TASKS)[K]>>;

/** Runs a task on `db` (the in-process path, and what a worker does with its own connection). */
export function runReadTask<K extends ReadTaskName>(
  db: Executor,
  name: K,
  args: ReadTaskArgs<K>,
): Promise<ReadTaskResult<K>> {
  const task = READ_TASKS[name] as (db: Executor, ...args: unknown[]) => Promise<unknown>;
  return task(db, ...(args as unknown[])) as Promise<ReadTaskResult<K>>;
}
