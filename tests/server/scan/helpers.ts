// The scan tests' own setup: a migrated database (SQLite in memory, or a fresh PostgreSQL schema
// per file when TEST_DATABASE_URL is set), rows made by the shared factories, and a bare Fastify app with
// only the scan plugin at '/s'.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { createDatabase, type Db } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { loadConfig } from '../../../src/server/config.js';
import { EventBus } from '../../../src/server/events/bus.js';
import { registerRateLimits } from '../../../src/server/rateLimits.js';
import { createScanRecorder, scanPlugin } from '../../../src/server/scan/plugin.js';
import type { RecorderOptions } from '../../../src/server/scan/recorder.js';
import { buildCustomer, buildProject } from '../../helpers/factories.js';

export interface TestDb {
  db: Db;
  kind: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
}

export async function createTestDb(sqliteFile = ':memory:'): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = createDatabase({ sqliteFile });
    await migrateToLatest(db);
    return { db, kind: 'sqlite', destroy: () => db.destroy() };
  }
  const schema = `scan_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  // Kysely's Migrator asks "does kysely_migration exist?" across all schemas, so another test
  // file's schema makes it skip creating its tables here and then fail. Creating them up front
  // (exactly as Kysely would) makes the answer true for this schema too.
  await admin.query(
    `create table ${schema}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`,
  );
  await admin.query(
    `create table ${schema}.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`,
  );
  await admin.end();
  const separator = url.includes('?') ? '&' : '?';
  const db = createDatabase({
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  });
  await migrateToLatest(db);
  return {
    db,
    kind: 'postgres',
    destroy: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** Real user agents: an iPhone, an Android phone and a Windows desktop. */
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The scan service alone, with its own event bus (app.events) and recorder (app.scanRecorder). */
export async function buildScanApp(
  db: Db,
  options: { now?: () => Date; recorder?: RecorderOptions; cacheTtlMs?: number } = {},
  fastifyOptions: { trustProxy?: boolean; logger?: FastifyServerOptions['logger'] } = {},
  /** Counts the requests that reached Fastify (the lean path answers the others). */
  reachedFastify?: { count: number },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...fastifyOptions });
  if (reachedFastify) app.addHook('onRequest', async () => void reachedFastify.count++);
  const events = new EventBus();
  const recorder = createScanRecorder(db, options.recorder);
  app.decorate('events', events);
  app.decorate('scanRecorder', recorder);
  await registerRateLimits(app, '');
  await app.register(scanPlugin, {
    db,
    // The app gives Fastify and the scan service one trustProxy (app.ts).
    config: { ...loadConfig({}), trustProxy: fastifyOptions.trustProxy ?? false },
    events,
    recorder,
    now: options.now,
    cacheTtlMs: options.cacheTtlMs,
    prefix: '/s',
  });
  await app.ready();
  return app;
}

export async function countScans(db: Db): Promise<number> {
  const row = await db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A customer with a project per retention (days of raw scans kept), in that order. */
export async function customersWithRetention(db: Db, retentions: readonly number[]) {
  const customers: { id: string; project: string; days: number }[] = [];
  for (const days of retentions) {
    const customerId = await buildCustomer(db, { scanRetentionDays: days });
    const projectId = await buildProject(db, { customerId });
    customers.push({ id: customerId, project: projectId, days });
  }
  return customers;
}
