// The statistics readers (services/readPool.ts): on a SQLite file and on PostgreSQL they are
// worker threads with connections of their own (read-only on SQLite), and they answer exactly what
// the same read gives on the app's connection, including rows the writer committed a moment before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { seedDemoData, type SeededIds } from '../../../src/server/db/seed.js';
import { listQrCodes } from '../../../src/server/repositories/qrCodes.js';
import { ReadPool } from '../../../src/server/services/readPool.js';
import { statisticsOf } from '../../../src/server/services/statistics.js';
import { recordScans, type ScanInput } from '../../helpers/factories.js';
import { createTestDb, type TestDb } from '../scan/helpers.js';

const DAY_MS = 86_400_000;
let dir = '';
let db: Db;
let ids: SeededIds;
let pool: ReadPool;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-readpool-'));
  db = createDatabase({ sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateToLatest(db);
  ids = await seedDemoData(db);
  pool = new ReadPool(db, { threads: 2 });
});
afterAll(async () => {
  await pool.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const scansOver = (days: number, itemId: string): ScanInput[] =>
  Array.from({ length: days * 3 }, (_, i) => ({
    itemId,
    scannedAt: new Date(Date.now() - (i * DAY_MS) / 3 - 60_000).toISOString(),
    device: ['mobile', 'desktop'][i % 2],
    isUnique: i % 2 === 0 ? 0 : 1,
    isBot: i % 10 === 9 ? 1 : 0,
  }));

describe('read pool on a SQLite file', () => {
  it('runs on reader threads and answers what a direct read answers', async () => {
    expect(pool.threaded).toBe(true);
    const projectId = ids.projects.demoLinked;
    const defaults = { customerId: ids.customers.demo, projectId };
    await recordScans(db, defaults, scansOver(400, 'item-a'.padEnd(26, '0')));
    const to = new Date();
    for (const days of [365, 30, 1]) {
      const from = new Date(to.getTime() - days * DAY_MS);
      const scope = { projectId, scopeIds: [projectId], withTopItems: true };
      const direct = await statisticsOf(db, scope, from, to);
      expect(direct.meta.total).toBeGreaterThan(0);
      // Several at once: both threads answer, each its own request.
      const answers = await Promise.all(
        [1, 2, 3].map(() => pool.run('statistics', scope, from, to)),
      );
      for (const answer of answers) expect(answer).toEqual(direct);
    }
    for (const query of [
      { page: 1, perPage: 25, order: 'ASC' as const },
      { page: 1, perPage: 2, order: 'DESC' as const, sort: 'name' },
      { page: 1, perPage: 25, order: 'ASC' as const, q: 'a' },
    ]) {
      expect(await pool.run('listQrCodes', projectId, query)).toEqual(
        await listQrCodes(db, projectId, query),
      );
    }
  });

  it('sees what the writer committed just before', async () => {
    const projectId = ids.projects.demoOther;
    const scope = { projectId, scopeIds: [projectId], withTopItems: false };
    const to = new Date(Date.now() + 60_000);
    const from = new Date(to.getTime() - 7 * DAY_MS);
    const before = await pool.run('statistics', scope, from, to);
    await recordScans(
      db,
      { customerId: ids.customers.demo, projectId },
      scansOver(2, 'item-b'.padEnd(26, '0')),
    );
    const after = await pool.run('statistics', scope, from, to);
    expect(after.meta.total).toBe(before.meta.total + 6);
    expect(after).toEqual(await statisticsOf(db, scope, from, to));
  });

  it('passes a failed read on as an error, and keeps answering', async () => {
    await expect(
      pool.run(
        'statistics',
        { projectId: 'x', scopeIds: ['x'], withTopItems: false },
        new Date(NaN),
        new Date(),
      ),
    ).rejects.toThrow();
    const projectId = ids.projects.demoLinked;
    const query = { page: 1, perPage: 5, order: 'ASC' as const };
    expect(await pool.run('listQrCodes', projectId, query)).toEqual(
      await listQrCodes(db, projectId, query),
    );
  });
});

/** The nice values of this process's threads (Linux's /proc; field 19 of each thread's stat). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its ')' are space-separated.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe.runIf(fs.existsSync('/proc/self/task'))('reader priority', () => {
  it('starts the readers when warmed, at their lower priority, and they answer', async () => {
    const warmed = new ReadPool(db, { threads: 1, nice: 7 });
    const before = threadNiceValues().filter((nice) => nice === 7).length;
    warmed.warm();
    await expect
      .poll(() => threadNiceValues().filter((nice) => nice === 7).length, { timeout: 10_000 })
      .toBe(before + 1);
    const projectId = ids.projects.demoLinked;
    const query = { page: 1, perPage: 5, order: 'ASC' as const };
    expect(await warmed.run('listQrCodes', projectId, query)).toEqual(
      await listQrCodes(db, projectId, query),
    );
    await warmed.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('read pool on PostgreSQL', () => {
  let pg: TestDb;
  let pgIds: SeededIds;
  let pgPool: ReadPool;
  beforeAll(async () => {
    pg = await createTestDb();
    pgIds = await seedDemoData(pg.db);
    pgPool = new ReadPool(pg.db, { threads: 1 });
  });
  afterAll(async () => {
    await pgPool?.close();
    await pg?.destroy();
  });

  it('reads on a reader thread, in the same schema, what the app connection reads', async () => {
    const pgDb = pg.db;
    expect(pgPool.threaded).toBe(true);
    const projectId = pgIds.projects.demoLinked;
    await recordScans(
      pgDb,
      { customerId: pgIds.customers.demo, projectId },
      scansOver(30, 'item-p'.padEnd(26, '0')),
    );
    const scope = { projectId, scopeIds: [projectId], withTopItems: true };
    const to = new Date(Date.now() + 60_000);
    const from = new Date(to.getTime() - 31 * DAY_MS);
    const direct = await statisticsOf(pgDb, scope, from, to);
    expect(direct.meta.total).toBe(81); // 90 scans, of which 9 bots
    expect(await pgPool.run('statistics', scope, from, to)).toEqual(direct);
    const query = { page: 1, perPage: 25, order: 'ASC' as const };
    expect(await pgPool.run('listQrCodes', projectId, query)).toEqual(
      await listQrCodes(pgDb, projectId, query),
    );
  });
});

describe('read pool on an in-memory database', () => {
  it('reads on the app connection itself', async () => {
    const memory = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(memory);
    const inProcess = new ReadPool(memory);
    expect(inProcess.threaded).toBe(false);
    const query = { page: 1, perPage: 5, order: 'ASC' as const };
    expect(await inProcess.run('listQrCodes', 'none', query)).toEqual({ rows: [], total: 0 });
    await inProcess.close();
    await memory.destroy();
  });
});
