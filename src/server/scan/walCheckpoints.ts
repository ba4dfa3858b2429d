// SQLite's WAL checkpoints, off the scan path's thread. By default the connection that commits
// copies the WAL back into the database file once it passes 1,000 pages, inside that commit: on
// the app's one connection that is a scan batch's commit, which then holds the event loop for the
// copy and its fsyncs (tens of milliseconds, the redirects' worst latencies). Here the app's
// connection stops checkpointing and a small thread with a connection of its own runs PASSIVE
// checkpoints on a timer (they never wait for, nor block, the writer or the readers).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteHandleOf, type Db } from '../db/database.js';

/**
 * How often the thread checkpoints. A checkpoint with nothing to copy costs microseconds; every
 * second let the WAL reach 20–30 MB under load (SQLite's own stays near 4 MB), and a longer WAL
 * slows every read.
 */
export const CHECKPOINT_INTERVAL_MS = 200;
/** SQLite's own default, restored when the thread is gone. */
const AUTO_CHECKPOINT_PAGES = 1000;

// The thread's whole program: no bundle, no app modules, so it costs a bare isolate's memory.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpoints {
  /** Stops the thread after a last checkpoint; the app's connection checkpoints itself again. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing a SQLite file's WAL on its own thread; null for PostgreSQL and in-memory
 * SQLite. The thread keeps the normal priority: at the readers' nice 10 a busy core starved it,
 * the WAL grew, and with it every write and read (the scan buffer backed up by 90 MB).
 */
export function startWalCheckpoints(
  db: Db,
  { intervalMs = CHECKPOINT_INTERVAL_MS } = {},
): WalCheckpoints | null {
  const handle = sqliteHandleOf(db);
  if (!handle || handle.memory || handle.readonly) return null;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { driver, file: handle.name, intervalMs },
  });
  worker.unref();
  handle.pragma('wal_autocheckpoint = 0');
  // Should the thread fail, the app's connection checkpoints as before rather than let the WAL grow.
  const restore = () => {
    if (handle.open) handle.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', restore);
  void exited.then(restore);
  return {
    stop: async () => {
      worker.postMessage('stop');
      await exited;
    },
  };
}
