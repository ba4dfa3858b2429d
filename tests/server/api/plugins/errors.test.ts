// Faults explain themselves (issue 7, part 4): a full database or disk answers 507 storage_full,
// logs the real cause and keeps nothing half-written; a data folder the server cannot write stops
// it with one sentence; and while the database is unreachable, scans keep redirecting from the
// cache and the log says so.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/config.js';
import { createDatabase, type Db } from '../../../../src/server/db/database.js';
import { migrateToLatest } from '../../../../src/server/db/migrate.js';
import { seedDemoData, type SeededIds } from '../../../../src/server/db/seed.js';
import { call, DEMO, login } from '../../../helpers/testApp.js';
import { upload } from '../routes/contentHelpers.js';
import { buildScanApp, createTestDb } from '../../scan/helpers.js';
import { buildOwner, buildAction, buildQrCode } from '../../../helpers/factories.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A log that tests can read: every line the app writes at warn or above. */
function logSink() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

async function appOn(db: Db, dataDir: string, log: ReturnType<typeof logSink>) {
  await migrateToLatest(db);
  const ids: SeededIds = await seedDemoData(db);
  const config = loadConfig({ DASHBOARD_DIR: '', DATA_DIR: dataDir });
  const app = await buildApp({ config, db, logger: { level: 'warn', stream: log.stream } });
  return { app, ids };
}

const count = async (db: Db, table: 'projects' | 'auditLogs' | 'media') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.skipIf(onPostgres)('a full database', () => {
  it('answers 507 storage_full, logs SQLite’s own cause, and writes no row at all', async () => {
    const log = logSink();
    const db = createDatabase({ sqliteFile: ':memory:' });
    const { app } = await appOn(db, fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-full-')), log);
    const cookie = await login(app, DEMO.customeradmin);
    // No page may be added from now on: the next writes that need room fail as on a full disk.
    const { rows } = await sql<Record<string, number>>`PRAGMA page_count`.execute(db);
    const pages = Object.values(rows[0])[0];
    expect(pages).toBeGreaterThan(0);
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(db);

    let refused = null;
    for (let i = 0; i < 200 && !refused; i++) {
      const [projects, audits] = [await count(db, 'projects'), await count(db, 'auditLogs')];
      const response = await call(app, 'POST', '/api/projects', {
        cookie,
        body: { name: `Campaign ${i}`, description: crypto.randomBytes(400).toString('hex') },
      });
      if (response.statusCode === 507) {
        refused = response;
        expect(await count(db, 'projects')).toBe(projects);
        expect(await count(db, 'auditLogs')).toBe(audits);
      } else expect(response.statusCode).toBe(201);
    }
    expect(refused?.json().errors[0].code).toBe('storage_full');
    const logged = log.lines.join('');
    expect(logged).toContain('database or disk is full');
    expect(logged).not.toContain('cannot rollback');
    await app.close();
    await db.destroy();
  });
});

/** A 1 MiB tmpfs (the tests run as root, as CI does); null where mounting is not allowed. */
function smallDisk(options = 'size=1m'): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    return null;
  }
}

describe('a full disk during an upload', () => {
  const disk = smallDisk();
  afterAll(() => {
    if (disk) spawnSync('umount', [disk]);
  });

  it.skipIf(!disk)('answers 507 storage_full, logs ENOSPC and leaves no file or row', async () => {
    const log = logSink();
    const db = createDatabase({ sqliteFile: ':memory:' });
    const { app, ids } = await appOn(db, disk!, log);
    const cookie = await login(app, DEMO.customeradmin);
    const before = await count(db, 'media');
    const response = await upload({ app } as never, {
      cookie,
      projectId: ids.projects.demoLinked,
      kind: 'file',
      filename: 'brochure.pdf',
      content: crypto.randomBytes(2 * 1024 * 1024),
    });
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json().errors[0].code).toBe('storage_full');
    expect(await count(db, 'media')).toBe(before);
    const leftovers = fs.readdirSync(disk!, { recursive: true }).map(String);
    expect(leftovers.filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(log.lines.join('')).toMatch(/ENOSPC|no space left on device/i);
    await app.close();
    await db.destroy();
  });
});

describe('a data folder the server cannot use', () => {
  const start = (dataDir: string) =>
    spawnSync(process.execPath, ['scripts/run.mjs', 'start'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '39123',
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  const readOnly = smallDisk('ro,size=1m');
  afterAll(() => {
    if (readOnly) spawnSync('umount', [readOnly]);
  });

  it.each([
    ['is read-only', () => readOnly, /it is read-only for this user/],
    ['is a file', () => '/etc/hostname', /it is a file, not a folder/],
  ])('stops with one sentence when the folder %s', (_what, folder, reason) => {
    const dataDir = folder();
    if (!dataDir) return; // no mount allowed here: the file case still runs
    const result = start(dataDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^Configuration: DATA_DIR ${dataDir} cannot hold`));
    expect(result.stderr).toMatch(reason);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});

describe.skipIf(onPostgres)('the database gone while scans come in', () => {
  let scanDb: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    scanDb = await createTestDb();
  });

  it('keeps redirecting known codes from the cache and says so in the log', async () => {
    const fixture = await buildOwner(scanDb.db);
    const actionId = await buildAction(scanDb.db, fixture, {
      objectType: 'link',
      data: {
        link: 'https://still.example/',
      },
    });
    const { code } = await buildQrCode(scanDb.db, fixture, { actionId });
    const log = logSink();
    const app = await buildScanApp(
      scanDb.db,
      {
        cacheTtlMs: 20,
        recorder: { flushIntervalMs: 60_000, batchSize: 1_000_000, onError: () => undefined },
      },
      { logger: { level: 'warn', stream: log.stream } },
    );
    expect((await app.inject({ url: `/s/${code}` })).headers.location).toBe(
      'https://still.example/',
    );
    await scanDb.db.destroy(); // the outage
    await new Promise((resolve) => setTimeout(resolve, 40)); // past the entry's TTL
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ url: `/s/${code}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://still.example/');
    }
    expect(log.lines.join('')).toContain('database unavailable: scans are answered from the cache');
    // A code the cache never saw cannot be answered: a clean error page, not a hang.
    expect((await app.inject({ url: '/s/never-seen' })).statusCode).toBe(500);
    await app.close().catch(() => undefined);
  });
});
