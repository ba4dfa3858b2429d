// Issue 11, part 2: on PostgreSQL the raw scans table is partitioned by month of scanned_at, so
// the retention job drops a month that is wholly past every customer's retention as one
// partition instead of deleting it row by row. The existing rows move into the new table (one
// partition per month they cover, from the oldest through two months ahead); a default partition
// takes rows outside the months that exist (the maintenance job moves them into a month's
// partition when it creates it). The primary key holds the partition key, as PostgreSQL requires.
// SQLite keeps its one table (retention deletes in small batches there). Also on PostgreSQL: list
// searches by name and code/uri get trigram indexes when pg_trgm can be installed.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createScanPartition, monthsFrom } from '../scanPartitions.js';

const MONTHS_AHEAD = 2;

/** List searches (lower(column) like '%text%') a trigram index serves on PostgreSQL. */
const SEARCHED = [
  ['qr_codes', 'name'],
  ['qr_codes', 'code'],
  ['short_links', 'name'],
  ['short_links', 'uri'],
] as const;

/**
 * The schema pg_trgm lives in, installing it when the server has it and this user may (it is a
 * trusted extension); null otherwise, and the searches go on without the indexes.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found) return found;
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and has_database_privilege(current_database(), 'CREATE') as ok`.execute(db);
  if (!rows[0]?.ok) return null;
  await sql`create extension if not exists pg_trgm`.execute(db);
  return installed();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table scans rename to scans_unpartitioned`.execute(db);
  // The id sequence outlives the old table: new rows go on numbering after the old ones.
  await sql`alter sequence scans_id_seq owned by none`.execute(db);
  // The same columns and defaults as the table it replaces (whatever earlier migrations added,
  // e.g. 0021's rule and variant), so the rows move over column for column.
  await sql`create table scans (like scans_unpartitioned including defaults)
    partition by range (scanned_at)`.execute(db);
  await sql`alter sequence scans_id_seq owned by scans.id`.execute(db);
  await sql`create table scans_default partition of scans default`.execute(db);
  const { rows } = await sql<{ oldest: string | null }>`
    select min(scanned_at) as oldest from scans_unpartitioned`.execute(db);
  const now = new Date();
  const oldest = rows[0]?.oldest ? new Date(rows[0].oldest) : now;
  for (const month of monthsFrom(
    Number.isNaN(oldest.getTime()) ? now : oldest,
    now,
    MONTHS_AHEAD,
  )) {
    await createScanPartition(db, month);
  }
  await sql`insert into scans select * from scans_unpartitioned`.execute(db);
  await sql`drop table scans_unpartitioned`.execute(db);
  await sql`alter table scans add constraint scans_pkey primary key (id, scanned_at)`.execute(db);
  await sql`create index scans_item_idx on scans (item_id, scanned_at)`.execute(db);
  await sql`create index scans_project_idx on scans (project_id, scanned_at)`.execute(db);
  await sql`create index scans_scanned_at_idx on scans (scanned_at)`.execute(db);

  const trigrams = await trigramSchema(db);
  if (trigrams) {
    for (const [table, column] of SEARCHED) {
      await sql`create index ${sql.id(`${table}_${column}_trgm_idx`)} on ${sql.id(table)}
        using gin (lower(${sql.id(column)}) ${sql.id(trigrams, 'gin_trgm_ops')})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of SEARCHED) {
    await sql`drop index if exists ${sql.id(`${table}_${column}_trgm_idx`)}`.execute(db);
  }
  await sql`alter table scans rename to scans_partitioned`.execute(db);
  await sql`alter sequence scans_id_seq owned by none`.execute(db);
  for (const name of [
    'scans_pkey',
    'scans_item_idx',
    'scans_project_idx',
    'scans_scanned_at_idx',
  ]) {
    if (name === 'scans_pkey') {
      await sql`alter table scans_partitioned drop constraint scans_pkey`.execute(db);
    } else {
      await sql`drop index ${sql.id(name)}`.execute(db);
    }
  }
  await sql`create table scans (like scans_partitioned including defaults)`.execute(db);
  await sql`alter table scans add primary key (id)`.execute(db);
  await sql`alter sequence scans_id_seq owned by scans.id`.execute(db);
  await sql`insert into scans select * from scans_partitioned`.execute(db);
  await sql`drop table scans_partitioned cascade`.execute(db);
  await sql`create index scans_item_idx on scans (item_id, scanned_at)`.execute(db);
  await sql`create index scans_project_idx on scans (project_id, scanned_at)`.execute(db);
  await sql`create index scans_scanned_at_idx on scans (scanned_at)`.execute(db);
}
