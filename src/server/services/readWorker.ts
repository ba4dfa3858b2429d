// A statistics reader thread (readPool.ts): its own read-only SQLite connection (WAL lets it read
// beside the scan writer), one task at a time, answers posted back with the task's number. It
// runs at a lower CPU priority than the process's main thread, so a long statistics read
// yields the core to redirects instead of sharing it evenly.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../db/database.js';
import { runReadTask, type ReadTaskName } from './reads.js';

export interface ReadRequest {
  id: number;
  name: ReadTaskName;
  args: unknown[];
}

export type ReadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; code?: string };

const { file, nice } = workerData as { file: string; nice: number };

// Linux priorities are per thread: /proc/thread-self names this thread's id.
try {
  const tid = Number(path(fs.readlinkSync('/proc/thread-self')));
  if (tid > 0 && nice > 0) os.setPriority(tid, nice);
} catch {
  // Not Linux, or not allowed: the thread runs at the process's priority.
}

function path(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

const db = createDatabase({ sqliteFile: file, readonly: true });
const port = parentPort;
port?.on('message', (request: ReadRequest) => {
  runReadTask(db, request.name, request.args as never).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ReadReply),
    (error: unknown) => {
      const { message, code } = error as { message?: string; code?: string };
      port.postMessage({
        id: request.id,
        ok: false,
        message: message ?? String(error),
        code,
      } satisfies ReadReply);
    },
  );
});
