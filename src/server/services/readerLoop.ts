// The work of a statistics reader thread (readWorker.ts loads it once the thread's priority is
// lowered): answers each task posted by readPool.ts from a read-only connection of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../db/database.js';
import { runReadTask } from './reads.js';
import type { ReadReply, ReadRequest } from './readWorker.js';

const { file } = workerData as { file: string };
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
