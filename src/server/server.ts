// Runs the app: listens, logs, and shuts down gracefully (stop accepting, finish requests, flush
// pending scans, close the database).
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { tuneHeapForServing } from './heap.js';
import { warmTickQueue } from './v8Shapes.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}

export async function startServer(config: Config, db: Db): Promise<RunningServer> {
  tuneHeapForServing();
  await warmTickQueue();
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel },
  });
  app.server.requestTimeout = 30_000;
  await app.listen({ port: config.port, host: config.host });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Closing the app flushes pending scans (the scan plugin's onClose) and leaves Redis.
      await app.close();
      await db.destroy();
    })();
    return closing;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: shutting down`);
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return { app, url: `http://${shownHost}:${config.port}`, close };
}
