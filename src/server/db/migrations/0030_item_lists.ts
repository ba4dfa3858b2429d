// Lists of 100,000 QR codes or short links (issue 11): every page, search and sort under 50 ms.
//
// Sort indexes: a list only ever shows rows outside the trash, so each sortable column gets an
// index of the live rows alone — (project, column, id) where trashed_at and deleted_at are null.
// It holds everything the page's id query reads (repositories/itemList.ts), so a deep page steps
// over its offset inside the index without visiting a single table row; the project-wide sort
// indexes of 0015 and 0020 served only these lists and go.
//
// Search on SQLite: a contentless FTS5 table per item table with the trigram tokenizer, keyed by
// the item's rowid and kept in sync by triggers, finds the rows whose name or code/uri contains
// the search text (3 characters or more) without reading every row. Contentless with
// contentless_delete keeps no second copy of the text yet lets the triggers delete by rowid.
// PostgreSQL keeps 0026's pg_trgm indexes for the same searches.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createIndex } from './helpers.js';

/** Each item table's sortable columns and the two columns its search reads. */
const TABLES = [
  { table: 'qr_codes', sorted: ['name', 'code', 'created_at', 'updated_at'], code: 'code' },
  { table: 'short_links', sorted: ['name', 'uri', 'created_at', 'updated_at'], code: 'uri' },
] as const;

/** What 0015 and 0020 made for the lists: (project, column, id) over every row. */
const REPLACED = [
  ...['qr_codes', 'short_links'].flatMap((table) =>
    ['name', 'created_at', 'updated_at'].map((column) => ({
      name: `${table}_project_${column}_idx`,
      table,
      column,
    })),
  ),
  { name: 'qr_codes_project_code_idx', table: 'qr_codes', column: 'code' },
  { name: 'short_links_project_uri_idx', table: 'short_links', column: 'uri' },
];

const liveIndexOf = (table: string, column: string) => `${table}_live_${column}_idx`;
const searchTableOf = (table: string) => `${table}_search`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, sorted } of TABLES) {
    for (const column of sorted) {
      await db.schema
        .createIndex(liveIndexOf(table, column))
        .on(table)
        .columns(['project_id', column, 'id'])
        .where(sql.ref('trashed_at'), 'is', null)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
    }
  }
  for (const index of REPLACED) await db.schema.dropIndex(index.name).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;

  for (const { table, code } of TABLES) {
    const search = sql.id(searchTableOf(table));
    const source = sql.id(table);
    const columns = sql.join([sql.id('name'), sql.id(code)]);
    try {
      await sql`create virtual table ${search} using fts5(${columns},
        content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
    } catch (error) {
      throw new Error(
        `List search needs SQLite 3.43 or later with FTS5 (better-sqlite3 12 bundles it): ${(error as Error).message}`,
      );
    }
    const trigger = (event: string) => sql.id(`${table}_search_${event}`);
    await sql`create trigger ${trigger('insert')} after insert on ${source} begin
      insert into ${search} (rowid, ${columns}) values (new.rowid, new.name, new.${sql.id(code)});
      end`.execute(db);
    // Trash and restore change neither column: only a rename or a new code touches the index.
    await sql`create trigger ${trigger('update')} after update of name, ${sql.id(code)}
      on ${source} begin
      delete from ${search} where rowid = old.rowid;
      insert into ${search} (rowid, ${columns}) values (new.rowid, new.name, new.${sql.id(code)});
      end`.execute(db);
    await sql`create trigger ${trigger('delete')} after delete on ${source} begin
      delete from ${search} where rowid = old.rowid;
      end`.execute(db);
    await sql`insert into ${search} (rowid, ${columns})
      select rowid, name, ${sql.id(code)} from ${source}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const { table } of TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.id(`${table}_search_${event}`)}`.execute(db);
      }
      await sql`drop table ${sql.id(searchTableOf(table))}`.execute(db);
    }
  }
  for (const index of REPLACED) {
    await createIndex(db, index.name, index.table, ['project_id', index.column, 'id']);
  }
  for (const { table, sorted } of TABLES) {
    for (const column of sorted) await db.schema.dropIndex(liveIndexOf(table, column)).execute();
  }
}
