// Issue 11: every raw scan the recorder writes updated two secondary indexes on SQLite, (item_id,
// scanned_at) and (project_id, scanned_at), and on PostgreSQL also the primary key (id,
// scanned_at). Since the rollups answer every statistic, raw rows are read only by the CSV export
// (a project's or some of its items' scans in a range, oldest first) and deleted by retention (a
// project's oldest first): one index, (project_id, scanned_at, item_id), serves both, with an
// item export checking item_id in the index before it reads a row. Measured per raw row with
// 500-row transactions on SQLite: 4.0 µs with both indexes against 3.5 with one when all scans
// hit one code, and 5.8-6.9 against 3.4 when they spread over 100 codes (the item index then
// dirtied a page per code in every commit). On PostgreSQL the primary key gives way to a BRIN
// index on id (ids only grow, so a few bytes per block range find any id range for the rollup
// backfill): PostgreSQL spent 11-15 µs of CPU per COPYed row with the three btrees, 3.4-4.3 with
// none.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createIndex } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index scans_item_idx`.execute(db);
  await sql`drop index scans_project_idx`.execute(db);
  await createIndex(db, 'scans_project_idx', 'scans', ['project_id', 'scanned_at', 'item_id']);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table scans drop constraint scans_pkey`.execute(db);
    await sql`create index scans_id_brin on scans using brin (id)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index scans_id_brin`.execute(db);
    await sql`alter table scans add constraint scans_pkey primary key (id, scanned_at)`.execute(db);
  }
  await sql`drop index scans_project_idx`.execute(db);
  await createIndex(db, 'scans_item_idx', 'scans', ['item_id', 'scanned_at']);
  await createIndex(db, 'scans_project_idx', 'scans', ['project_id', 'scanned_at']);
}
