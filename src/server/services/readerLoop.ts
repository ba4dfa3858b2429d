// The work of a statistics reader thread (readWorker.ts loads it once the thread's priority is
// lowered): answers each task posted by readPool.ts from connections of its own (read-only on
// SQLite).
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase, type DatabaseOptions } from '../db/database.js';
import { runReadTask } from './reads.js';
import type { ReadReply, ReadRequest } from './readWorker.js';

/**
 * A reader's PostgreSQL connections: a statistics answer asks five queries at once, and every
 * reader of every process counts against the server's max_connections (100 by default).
 */
const READER_CONNECTIONS = 5;

const { target } = workerData as { target: DatabaseOptions };
const db = createDatabase({ ...target, connections: READER_CONNECTIONS });
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
