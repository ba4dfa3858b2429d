// The public scan service. Placeholder until the scan pipeline lands; registered by app.ts.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';

export interface ScanPluginOptions {
  db: Db;
  config: Config;
}

export const scanPlugin: FastifyPluginAsync<ScanPluginOptions> = async (app) => {
  app.get('/:code', async (_request, reply) => reply.code(404).send('Not found'));
};

/** Flushes pending scan rows; called on shutdown. */
export async function flushScans(): Promise<void> {}
