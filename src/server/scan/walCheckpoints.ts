// SQLite's WAL checkpoints, off the scan path's thread. By default the connection that commits
// copies the WAL back into the database file once it passes 1,000 pages, inside that commit: on
// the app's one connection that is a scan batch's commit, which then holds the event loop for the
// copy and its fsyncs (tens of milliseconds, the redirects' worst latencies). Here the app's
// connection stops checkpointing and a small thread with a connection of its own runs PASSIVE
// checkpoints on a timer (they never wait for, nor block, the writer or the readers).
//
// A PASSIVE checkpoint copies what was committed when it began; a writer that commits every few
// milliseconds has always added frames by the time it ends, so the WAL is never all copied and
// SQLite never starts it over from its beginning: under a sustained scan load it grew by tens of
// MB a second, to gigabytes. Once the WAL is long, the thread therefore asks the scan recorder to
// pause between two batches and checkpoints then: with nothing added meanwhile, the copy is whole
// and the next commit starts the WAL over (the pause costs the copy of the last few frames and
// its two fsyncs; the scans meanwhile wait in the recorder's buffer, the redirects do not).
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
/**
 * How long the WAL grows before the writer is asked to pause so that it can start over. SQLite's
 * own restarts near 4 MB; a pause every few seconds under load instead of several a second.
 */
export const WAL_RESTART_BYTES = 64 * 1024 * 1024;

// The thread's whole program: no bundle, no app modules, so it costs a bare isolate's memory.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
const restartPages = workerData.restartBytes / db.pragma('page_size', { simple: true });
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
let asked = false;
const timer = setInterval(() => {
  if (checkpoint().log >= restartPages && !asked) {
    asked = true;
    parentPort.postMessage('pause');
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'paused') {
    checkpoint();
    asked = false;
    parentPort.postMessage('checkpointed');
    return;
  }
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpoints {
  /** The thread asks the writer to pause: the WAL is long and should start over. */
  readonly wantsPause: boolean;
  /** Call between two writes when `wantsPause`: resolves once the thread has checkpointed. */
  checkpointPaused(): Promise<void>;
  /** Stops the thread after a last checkpoint; the app's connection checkpoints itself again. */
  stop(): Promise<void>;
}

export interface WalCheckpointOptions {
  intervalMs?: number;
  restartBytes?: number;
}

/**
 * Starts checkpointing a SQLite file's WAL on its own thread; null for PostgreSQL and in-memory
 * SQLite. The thread keeps the normal priority: at the readers' nice 10 a busy core starved it,
 * the WAL grew, and with it every write and read (the scan buffer backed up by 90 MB).
 */
export function startWalCheckpoints(
  db: Db,
  {
    intervalMs = CHECKPOINT_INTERVAL_MS,
    restartBytes = WAL_RESTART_BYTES,
  }: WalCheckpointOptions = {},
): WalCheckpoints | null {
  const handle = sqliteHandleOf(db);
  if (!handle || handle.memory || handle.readonly) return null;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { driver, file: handle.name, intervalMs, restartBytes },
  });
  worker.unref();
  handle.pragma('wal_autocheckpoint = 0');
  // When the WAL starts over, its file is cut back to twice the restart length: a burst's WAL does
  // not keep its disk space, a normal round's is reused.
  handle.pragma(`journal_size_limit = ${2 * restartBytes}`);
  // Should the thread fail, the app's connection checkpoints as before rather than let the WAL grow.
  const restore = () => {
    if (handle.open) handle.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', restore);
  void exited.then(restore);
  let wantsPause = false;
  let checkpointed: (() => void) | null = null;
  worker.on('message', (message) => {
    if (message === 'pause') wantsPause = true;
    else if (message === 'checkpointed') checkpointed?.();
  });
  // A thread gone mid-pause must not hold the writer.
  void exited.then(() => checkpointed?.());
  return {
    get wantsPause() {
      return wantsPause;
    },
    checkpointPaused: () => {
      wantsPause = false;
      const done = new Promise<void>((resolve) => {
        checkpointed = () => {
          checkpointed = null;
          resolve();
        };
      });
      worker.postMessage('paused');
      return done;
    },
    stop: async () => {
      worker.postMessage('stop');
      await exited;
    },
  };
}
