// Issue 11, part 2: raw scans on PostgreSQL live in month partitions (migration 0026). Existing
// rows move over when the migration runs (and back when it is undone), rows of months without a
// partition wait in the default one until the month is created, and the retention job drops a
// month whole once it lies past every customer's retention and deletes the rest in batches.
// On SQLite the same retention call deletes in batches only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorOf } from '../../../src/server/db/migrate.js';
import {
  createScanPartition,
  partitionOf,
  scanPartitions,
} from '../../../src/server/db/scanPartitions.js';
import { applyRetention } from '../../../src/server/services/scanMaintenance.js';
import { recordScans, buildOwner } from '../../helpers/factories.js';
import { createTestDb, customersWithRetention, type TestDb } from '../scan/helpers.js';

const DAY_MS = 86_400_000;
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
});

const partitionNames = async () => (await scanPartitions(t.db)).map((p) => p.name);
const scansOf = async (customerId: string) =>
  (
    await t.db
      .selectFrom('scans')
      .select(['id', 'scannedAt'])
      .where('customerId', '=', customerId)
      .orderBy('id')
      .execute()
  ).map((row) => ({ id: Number(row.id), scannedAt: row.scannedAt }));

describe.runIf(isPostgres)('scan partitions (PostgreSQL)', () => {
  it('migration 0026 moves existing rows into month partitions, and back when undone', async () => {
    const migrator = await migratorOf(t.db);
    // Back to the migration before 0026 (later ones step down with it).
    const beforePartitions = '0023_destination_health';
    const down = await migrator.migrateTo(beforePartitions);
    expect(down.error).toBeUndefined();
    expect(await partitionNames()).toEqual([]);
    const { customerId, projectId } = await buildOwner(t.db);
    const times = [
      '2024-01-31T23:59:59.999Z',
      '2024-02-01T00:00:00.000Z',
      '2024-03-15T12:00:00.000Z',
    ];
    await recordScans(
      t.db,
      { customerId, projectId },
      times.map((scannedAt) => ({ scannedAt })),
    );
    const before = await scansOf(customerId);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await scansOf(customerId)).toEqual(before);
    const names = await partitionNames();
    expect(names.slice(0, 3)).toEqual(['scans_p202401', 'scans_p202402', 'scans_p202403']);
    // Through two months after this one.
    expect(names.at(-1)).toBe(
      partitionOf(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2)))
        .name,
    );
    // Each row sits in its month's partition; new rows number on after the old ones.
    const { rows } = await sql_partitionOfRows(customerId);
    expect(rows).toEqual([
      { scannedAt: times[0], partition: 'scans_p202401' },
      { scannedAt: times[1], partition: 'scans_p202402' },
      { scannedAt: times[2], partition: 'scans_p202403' },
    ]);
    await recordScans(t.db, { customerId, projectId }, [{ scannedAt: new Date().toISOString() }]);
    const after = await scansOf(customerId);
    expect(after).toHaveLength(4);
    expect(after[3].id).toBeGreaterThan(before[2].id);

    // And back: one plain table with every row.
    expect((await migrator.migrateTo(beforePartitions)).error).toBeUndefined();
    expect(await partitionNames()).toEqual([]);
    expect(await scansOf(customerId)).toEqual(after);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await scansOf(customerId)).toEqual(after);
    // List searches get trigram indexes (pg_trgm is available here).
    const { sql } = await import('kysely');
    const { rows: indexes } = await sql<{ name: string }>`select indexname as name
      from pg_indexes where schemaname = current_schema() and indexname like '%_trgm_idx'
      order by 1`.execute(t.db);
    expect(indexes.map((row) => row.name)).toEqual([
      'qr_codes_code_trgm_idx',
      'qr_codes_name_trgm_idx',
      'short_links_name_trgm_idx',
      'short_links_uri_trgm_idx',
    ]);
  });

  it('retention drops months past every retention whole, deletes the rest in batches, and keeps months ahead', async () => {
    const now = new Date('2030-06-10T12:00:00.000Z');
    const customers = await customersWithRetention(t.db, [60, 20]);
    // Other test customers keep the default retention (400 days); give them a short one, so
    // this test decides which months can go.
    await t.db
      .updateTable('customers')
      .set({ scanRetentionDays: 60 })
      .where(
        'id',
        'not in',
        customers.map((c) => c.id),
      )
      .execute();
    const ages = [1, 19, 21, 40, 59, 61, 75, 100, 130];
    for (const c of customers) {
      await recordScans(
        t.db,
        { customerId: c.id, projectId: c.project },
        ages.map((age) => ({ scannedAt: new Date(now.getTime() - age * DAY_MS).toISOString() })),
      );
    }
    // The months as the maintenance job would have created them over time (rows written before
    // a month existed move out of the default partition).
    for (const month of ['2030-01-15', '2030-02-15', '2030-03-15', '2030-04-15', '2030-05-15']) {
      await createScanPartition(t.db, partitionOf(new Date(month)));
    }
    const { deleted, droppedPartitions } = await applyRetention(t.db, {
      now,
      batchSize: 2,
      pauseMs: 0,
    });
    // 60 days before now is 11 April: January to March lie wholly before it (and so do the
    // months the migration made around the real date).
    expect(droppedPartitions.filter((name) => name.startsWith('scans_p2030'))).toEqual([
      'scans_p203001',
      'scans_p203002',
      'scans_p203003',
    ]);
    expect(droppedPartitions.every((name) => name < 'scans_p203004')).toBe(true);
    const ageOf = (row: { scannedAt: string }) =>
      Math.round((now.getTime() - Date.parse(row.scannedAt)) / DAY_MS);
    expect((await scansOf(customers[0].id)).map(ageOf).sort((a, b) => a - b)).toEqual([
      1, 19, 21, 40, 59,
    ]);
    expect((await scansOf(customers[1].id)).map(ageOf).sort((a, b) => a - b)).toEqual([1, 19]);
    // Batch-deleted: the first customer's 61 (April) and the second's 21, 40, 59, 61 days.
    expect(deleted).toBe(1 + 4);
    const names = await partitionNames();
    expect(names).not.toContain('scans_p203003');
    expect(names).toEqual(
      expect.arrayContaining(['scans_p203004', 'scans_p203006', 'scans_p203008']),
    );
  });
});

describe.runIf(!isPostgres)('scan retention (SQLite)', () => {
  it('has no partitions and deletes in batches', async () => {
    const now = new Date('2030-06-10T12:00:00.000Z');
    const { customerId, projectId } = await buildOwner(t.db);
    await t.db.updateTable('customers').set({ scanRetentionDays: 30 }).execute();
    await recordScans(
      t.db,
      { customerId, projectId },
      [1, 29, 31, 200].map((age) => ({
        scannedAt: new Date(now.getTime() - age * DAY_MS).toISOString(),
      })),
    );
    const result = await applyRetention(t.db, { now, batchSize: 1, pauseMs: 0 });
    expect(result).toEqual({ deleted: 2, droppedPartitions: [] });
    expect(await scansOf(customerId)).toHaveLength(2);
  });
});

describe('scan retention batches', () => {
  it("deletes every row before the cut, however many share a batch's last time, and none after", async () => {
    const now = new Date('2030-06-10T12:00:00.000Z');
    const { customerId, projectId } = await buildOwner(t.db);
    await t.db
      .updateTable('customers')
      .set({ scanRetentionDays: 30 })
      .where('id', '=', customerId)
      .execute();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    // Five scans in one millisecond straddle the first batch of two; one is a millisecond old
    // enough, one exactly at the cut stays.
    await recordScans(
      t.db,
      { customerId, projectId },
      [31, 31, 31, 31, 31, 45, 30, 29, 1].map((age) => ({ scannedAt: daysAgo(age) })),
    );
    await recordScans(t.db, { customerId, projectId }, [
      { scannedAt: new Date(now.getTime() - 30 * DAY_MS - 1).toISOString() },
    ]);
    const result = await applyRetention(t.db, { now, batchSize: 2, pauseMs: 0 });
    expect(result.deleted).toBe(7);
    expect((await scansOf(customerId)).map((row) => row.scannedAt).sort()).toEqual(
      [daysAgo(30), daysAgo(29), daysAgo(1)].sort(),
    );
  });
});

async function sql_partitionOfRows(customerId: string) {
  const { sql } = await import('kysely');
  return sql<{ scannedAt: string; partition: string }>`
    select scanned_at, tableoid::regclass::text as partition from scans
    where customer_id = ${customerId} order by id`.execute(t.db);
}
