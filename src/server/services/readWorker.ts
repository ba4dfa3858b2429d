// A statistics reader thread (readPool.ts): connections of its own (on SQLite one read-only
// connection, which WAL lets read beside the scan writer), one task at a time, answers posted
// back with the task's number. It runs at a lower CPU priority than the process's main thread,
// so a long statistics read yields the core to redirects instead of sharing it evenly. The
// priority drops before anything else loads: starting a reader (compiling its modules, opening
// the database) takes a few hundred milliseconds of CPU, which at the process's priority held
// redirects up to 300 ms (bench).
import fs from 'node:fs';
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import type { ReadTaskName } from './reads.js';

export interface ReadRequest {
  id: number;
  name: ReadTaskName;
  args: unknown[];
}

export type ReadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; code?: string };

const { nice } = workerData as { nice: number };

// Linux priorities are per thread: /proc/thread-self names this thread's id.
try {
  const link = fs.readlinkSync('/proc/thread-self');
  const tid = Number(link.slice(link.lastIndexOf('/') + 1));
  if (tid > 0 && nice > 0) os.setPriority(tid, nice);
} catch {
  // Not Linux, or not allowed: the thread runs at the process's priority.
}

await import('./readerLoop.js');
