// FROZEN: shorthands for the migrations' one-statement schema changes. A migration must build the
// same schema forever, so never change what a helper here does (not even a default): write a new
// helper for a new need. Each one is a single Kysely statement, as the migrations wrote it out.
// Not a migration itself: migrate.ts lists the migrations by name.
import type { ColumnBuilderCallback, ColumnDataType, Kysely } from 'kysely';

/** ALTER TABLE `table` ADD COLUMN `column` `type` (with what `build` adds: NOT NULL, DEFAULT …). */
export async function addColumn(
  db: Kysely<unknown>,
  table: string,
  column: string,
  type: ColumnDataType,
  build?: ColumnBuilderCallback,
): Promise<void> {
  await db.schema.alterTable(table).addColumn(column, type, build).execute();
}

/** ALTER TABLE `table` DROP COLUMN, one statement per column, in the order given. */
export async function dropColumns(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
): Promise<void> {
  for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
}

/** CREATE INDEX `name` ON `table` (`columns`), a plain (non-unique, whole-table) index. */
export async function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: readonly string[],
): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
    .execute();
}
