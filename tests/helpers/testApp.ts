// Builds the real app on a fresh migrated database: in-memory SQLite normally, or a PostgreSQL
// schema of its own per test file when TEST_DATABASE_URL is set (the `pg` vitest project).
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createDatabase, type Db } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { DEMO_PASSWORD, seedDemoData, type SeededIds } from '../../src/server/db/seed.js';
import type { Mail, Mailer } from '../../src/server/mail.js';
import type { WebhookDispatcherOptions } from '../../src/server/webhooks/dispatcher.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  ids: SeededIds;
  /** Every mail the app sent (unless a real SMTP_URL was configured). */
  mails: Mail[];
  close: () => Promise<void>;
}

interface TestDatabase {
  db: Db;
  drop: () => Promise<void>;
}

async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { db: createDatabase({ sqliteFile: ':memory:' }), drop: async () => {} };
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const separator = url.includes('?') ? '&' : '?';
  const db = createDatabase({
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  });
  return {
    db,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

const NONE = '';
/** The ids of an unseeded database: none of them exists. */
const EMPTY_IDS: SeededIds = {
  plans: { starter: NONE, business: NONE, enterprise: NONE },
  customers: { demo: NONE, acme: NONE },
  users: { admin: NONE, customeradmin: NONE, user: NONE, other: NONE },
  projects: { demoLinked: NONE, demoOther: NONE, acme: NONE },
};

export interface BuildTestAppOptions {
  /** Configuration overrides (e.g. smtpUrl). */
  config?: Partial<Config>;
  /** false: an empty database, as a real install starts (no demo accounts). */
  seed?: boolean;
  /** Webhook timing (tests retry in milliseconds, not minutes). */
  webhooks?: WebhookDispatcherOptions;
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  let ids: SeededIds;
  try {
    await migrateToLatest(db);
    ids = options.seed === false ? EMPTY_IDS : await seedDemoData(db);
  } catch (error) {
    // Leave no schema behind when setup itself fails.
    await db.destroy();
    await drop();
    throw error;
  }
  const config: Config = {
    ...loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/qrhub-test',
      DASHBOARD_DIR: '',
    }),
    ...options.config,
  };
  const mails: Mail[] = [];
  const recorder: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const app = await buildApp({
    config,
    db,
    mailer: config.smtpUrl ? undefined : recorder,
    webhooks: options.webhooks,
    // On PostgreSQL reads run on a reader thread; at nice 19 it would wait behind the other test
    // files' work for seconds.
    reads: { nice: 0 },
  });
  await app.ready();
  return {
    app,
    db,
    config,
    ids,
    mails,
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}

/** The session cookie of a successful login, as a Cookie header value. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'client-type': 'dashboard' },
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((candidate) => candidate.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  /** Defaults to the dashboard's header; null sends none. */
  clientType?: string | null;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** One API call the way the dashboard makes it. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.clientType !== null) headers['client-type'] = options.clientType ?? 'dashboard';
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export const DEMO = {
  admin: 'admin@example.com',
  customeradmin: 'customeradmin@example.com',
  user: 'user@example.com',
  other: 'other@example.com',
} as const;
