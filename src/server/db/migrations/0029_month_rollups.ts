// Statistics at any size (issue 11): month rows beside the hourly and daily rollups (period
// 'month', bucket = the start of the project's local month): the same dimensions as the days,
// and the heat map's cells (local weekday × hour), so a year's breakdowns, top items, monthly
// series and heat map read a dozen rows per value instead of hundreds or thousands. From now on
// the recorder writes them with the others; here they are summed from the rows already counted.
// Raw rows still waiting for `npm run backfill-rollups` (0015's marker) get their month rows
// from that command, with their day rows.
//
// On PostgreSQL the primary key also carries the counts, so the reads are index-only scans: the
// heap is not in key order there (SQLite's table is its key), and each row read was a page read.
// And the planner learns how period, dimension and item type go together (month rows of one
// dimension are few): guessing them independent, it planned parallel scans for a dozen rows.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildProjectMonths } from '../../repositories/rollupZones.js';

const KEY = sql`scope_id, period, dimension, bucket, value`;

async function primaryKey(db: Kysely<unknown>, include: boolean): Promise<void> {
  await sql`alter table scan_rollups drop constraint scan_rollups_pk,
    add constraint scan_rollups_pk primary key (${KEY})${include ? sql` include (scans, uniques)` : sql``}`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await primaryKey(db, true);
    await sql`create statistics scan_rollups_kinds (mcv, dependencies)
      on period, dimension, item_type from scan_rollups`.execute(db);
  }
  const { rows } = await sql<{ id: string; zone: string }>`
    select id, time_zone as zone from projects`.execute(db);
  for (const project of rows) await rebuildProjectMonths(db, project.id, project.zone);
  if (isPostgres) await sql`analyze scan_rollups`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from scan_rollups where period = 'month'`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop statistics scan_rollups_kinds`.execute(db);
    await primaryKey(db, false);
  }
}
