// Statistics at any size (issue 11): hourly totals and daily breakdowns per item and per project
// (the dimensions the screens show), and running totals per item, written by the scan recorder in
// the same transaction as the raw rows. Raw scans written before this migration are folded in by
// `npm run backfill:rollups` (the marker below says which ones). Projects get a time zone for
// bucketing, customers a raw-scan retention.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addColumn, dropColumns, createIndex } from './helpers.js';

const ID = 'varchar(26)';

export const ROLLUP_BACKFILL_KEY = 'scanRollupBackfill';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  let rollups = s
    .createTable('scan_rollups')
    // An item's id, or the project's id for the project-wide rows (item_type 'project').
    .addColumn('scope_id', ID, (c) => c.notNull())
    .addColumn('project_id', ID, (c) => c.notNull())
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    // 'hour' (UTC), 'day' (the project's local day; bucket = its start instant) or 'all' (the
    // running total, bucket '').
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('scans', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('uniques', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('scan_rollups_pk', [
      'scope_id',
      'period',
      'dimension',
      'bucket',
      'value',
    ]);
  // The primary key is the order every read wants: a range of buckets of one scope's dimension.
  if (!isPostgres) rollups = rollups.modifyEnd(sql`without rowid`);
  await rollups.execute();
  // Top items of a project over a range: covering, so the table is not visited row by row.
  await createIndex(db, 'scan_rollups_project_idx', 'scan_rollups', [
    'project_id',
    'period',
    'dimension',
    'bucket',
    'item_type',
    'scope_id',
    'scans',
  ]);

  await addColumn(db, 'projects', 'time_zone', 'varchar(64)', (c) =>
    c.notNull().defaultTo('Europe/Amsterdam'),
  );
  await addColumn(db, 'customers', 'scan_retention_days', 'integer', (c) =>
    c.notNull().defaultTo(400),
  );

  // Lists sort by these; without an index a deep page sorts the whole project every time.
  for (const table of ['qr_codes', 'short_links']) {
    for (const column of ['name', 'created_at', 'updated_at']) {
      await createIndex(db, `${table}_project_${column}_idx`, table, ['project_id', column, 'id']);
    }
  }
  await createIndex(db, 'scans_scanned_at_idx', 'scans', ['scanned_at']);

  // Raw scans up to this id predate the rollups: the backfill command folds them in once.
  const { rows } = await sql<{ max: number | string | null }>`
    select max(id) as max from scans`.execute(db);
  const upTo = Number(rows[0]?.max ?? 0);
  await sql`insert into platform_settings (key, value, updated_at)
    values (${ROLLUP_BACKFILL_KEY}, ${JSON.stringify({ through: 0, upTo })}, ${new Date().toISOString()})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from platform_settings where key = ${ROLLUP_BACKFILL_KEY}`.execute(db);
  await db.schema.dropIndex('scans_scanned_at_idx').execute();
  for (const table of ['qr_codes', 'short_links']) {
    for (const column of ['name', 'created_at', 'updated_at']) {
      await db.schema.dropIndex(`${table}_project_${column}_idx`).execute();
    }
  }
  await dropColumns(db, 'customers', ['scan_retention_days']);
  await dropColumns(db, 'projects', ['time_zone']);
  await db.schema.dropTable('scan_rollups').execute();
}
