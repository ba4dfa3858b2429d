// What most repositories do alike, written once: a page of a filtered list with its total, the
// rows that hold some column values (found, listed, counted, changed, removed, claimed), and
// inserting, changing and removing a row by id. Each repository names its table and its own
// conditions; the typed functions it exports keep its callers as they were.
import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Selectable,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { Database } from '../db/schema.js';
import { offsetOf, sortColumnOf, type Executor } from './executor.js';

/** How a list is sorted: the client's column where `sortable` names it, else `fallback`. */
export interface ListOrder {
  sortable: Record<string, string>;
  fallback: string;
  /** The id column that breaks ties, so pages never share or skip a row. */
  id: string;
}

/**
 * The usual list order: by name, unless the client sorts by one of `columns` (each its own column),
 * ties broken by id. `table` qualifies the columns when the list's query joins other tables.
 */
export function byNameOr(columns: readonly string[], table?: string): ListOrder {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return {
    sortable: Object.fromEntries(columns.map((name) => [name, column(name)])),
    fallback: column('name'),
    id: column('id'),
  };
}

/** Something that reads one page of rows in a given order. */
interface PageQuery<O> {
  orderBy(column: ReturnType<typeof sql.ref>, direction?: 'asc' | 'desc'): PageQuery<O>;
  limit(limit: number): PageQuery<O>;
  offset(offset: number): PageQuery<O>;
  execute(): Promise<O[]>;
}

/**
 * One page of `base` and how many rows it holds in all. The count runs on `base` alone; `rows`
 * turns it into the page's query (its columns, joins the answer needs).
 */
export async function pageOf<DB, TB extends keyof DB, B, O>(
  base: SelectQueryBuilder<DB, TB, B>,
  query: ListQuery,
  order: ListOrder,
  rows: (base: SelectQueryBuilder<DB, TB, B>) => PageQuery<O>,
): Promise<{ rows: O[]; total: number }> {
  const { total } = (await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as unknown as { total: number | string };
  const page = await rows(base)
    .orderBy(
      sql.ref(sortColumnOf(order.sortable, query.sort, order.fallback)),
      query.order === 'DESC' ? 'desc' : 'asc',
    )
    .orderBy(sql.ref(order.id))
    .limit(query.perPage)
    .offset(offsetOf(query.page, query.perPage))
    .execute();
  return { rows: page, total: Number(total) };
}

/** Tables whose rows belong to a project, looked up by a list of ids. */
type ProjectIdsTable = 'qrCodes' | 'shortLinks' | 'actions' | 'advertisements' | 'labels';

/**
 * Of the given ids, those of live rows of the project: not deleted, and for QR codes and short
 * links not in the trash either (labels are removed at once, so any one found is live).
 */
export async function idsInProject(
  db: Executor,
  table: ProjectIdsTable,
  projectId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom(table as 'qrCodes')
    .select('id')
    .where('projectId', '=', projectId)
    .where('id', 'in', [...ids]);
  if (table === 'qrCodes' || table === 'shortLinks') query = query.where('trashedAt', 'is', null);
  if (table !== 'labels') query = query.where('deletedAt', 'is', null);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.id));
}

/** A row of `table` as it is read. */
export type RowOf<T extends keyof Database> = Selectable<Database[T]>;

/**
 * Column values rows must hold, read as a where-clause: `{ customerId, deletedAt: null }` is
 * `customer_id = ? and deleted_at is null`, the conditions in the object's order.
 */
export type Match<T extends keyof Database> = Partial<RowOf<T>>;

/** A query that takes `where` conditions: a select, an update or a delete. */
interface Narrowable<Q> {
  where(column: ReturnType<typeof sql.ref>, operator: '=' | 'is', value: unknown): Q;
}

/** `query` with a where-condition per entry of `match`, in its order. */
function narrowed<Q extends Narrowable<Q>>(query: Q, match: object): Q {
  for (const [column, value] of Object.entries(match)) {
    query = query.where(sql.ref(column), value === null ? 'is' : '=', value);
  }
  return query;
}

/** An empty match holds for every row: a change or removal with one is a bug, never meant. */
function mustNarrow(match: object): void {
  if (Object.keys(match).length === 0) throw new Error('A change or removal names no rows');
}

/** The rows of `table` that hold `match`, as a query to select, count or sort them. */
export function rowsWhere<T extends keyof Database>(
  db: Executor,
  table: T,
  match: Match<T>,
): SelectQueryBuilder<Database, T, object> {
  return narrowed(db.selectFrom(table as 'users'), match) as unknown as SelectQueryBuilder<
    Database,
    T,
    object
  >;
}

/** The (first) row of `table` that holds `match`, or null. */
export async function findRow<T extends keyof Database>(
  db: Executor,
  table: T,
  match: Match<T>,
): Promise<RowOf<T> | null> {
  const row = await narrowed(db.selectFrom(table as 'users').selectAll(), match).executeTakeFirst();
  return (row as RowOf<T> | undefined) ?? null;
}

/** A column to sort by, ascending unless `desc`. */
export type SortTerm<T extends keyof Database> = readonly [
  column: keyof RowOf<T> & string,
  direction?: 'asc' | 'desc',
];

/** Every row of `table` that holds `match`, sorted by `order`. */
export async function listRows<T extends keyof Database>(
  db: Executor,
  table: T,
  match: Match<T>,
  order: readonly SortTerm<T>[],
): Promise<RowOf<T>[]> {
  let query = narrowed(db.selectFrom(table as 'users').selectAll(), match);
  for (const [column, direction] of order) query = query.orderBy(sql.ref(column), direction);
  return (await query.execute()) as RowOf<T>[];
}

/** How many rows `query` (a `rowsWhere`, say, with more conditions) finds. */
export async function countOf<T extends keyof Database>(
  query: SelectQueryBuilder<Database, T, object>,
): Promise<number> {
  const { count } = (await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()) as { count: number | string };
  return Number(count);
}

/** How many rows of `table` hold `match`. */
export const countRows = <T extends keyof Database>(db: Executor, table: T, match: Match<T>) =>
  countOf(rowsWhere(db, table, match));

/** Sets `set` on the rows of `table` that hold `where`; answers how many it changed. */
export async function updateRows<T extends keyof Database>(
  db: Executor,
  table: T,
  change: { set: Updateable<Database[T]>; where: Match<T> },
): Promise<number> {
  mustNarrow(change.where);
  const query = db.updateTable(table as 'users').set(change.set as Updateable<Database['users']>);
  const result = await narrowed(query, change.where).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Sets `set` on the one row `where` names while it still holds `where`: true when it did, false
 * when another request changed the row first (or there is none). One statement, so of two
 * concurrent requests only one can win.
 */
export async function claimRow<T extends keyof Database>(
  db: Executor,
  table: T,
  change: { set: Updateable<Database[T]>; where: Match<T> },
): Promise<boolean> {
  return (await updateRows(db, table, change)) === 1;
}

/**
 * Locks the row until the transaction ends, on PostgreSQL, so work that checks and then changes
 * what hangs off it runs one transaction after the other. SQLite runs one transaction at a time
 * on its single connection, so it needs nothing.
 */
export async function lockRow(
  db: Executor,
  table: 'customers' | 'projects',
  id: string,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db
    .selectFrom(table as 'customers')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Removes the rows of `table` that hold `match`; answers how many. */
export async function deleteRows<T extends keyof Database>(
  db: Executor,
  table: T,
  match: Match<T>,
): Promise<number> {
  mustNarrow(match);
  const result = await narrowed(db.deleteFrom(table as 'users'), match).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Tables with an `id` key. */
type IdTable = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

export async function insertRow<T extends keyof Database>(
  db: Executor,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  await db
    .insertInto(table)
    .values(row as never)
    .execute();
}

export async function updateRow<T extends IdTable>(
  db: Executor,
  table: T,
  id: string,
  patch: Updateable<Database[T]>,
): Promise<void> {
  await updateRows(db, table, { set: patch, where: { id } as Match<T> });
}

export async function deleteRow(db: Executor, table: IdTable, id: string): Promise<void> {
  await deleteRows(db, table, { id });
}

/**
 * Inserting, changing and removing rows of one table by id, typed for it: a repository exports
 * them under its own names (`export const { insert: insertTheme, ... } = writesOf('themes')`).
 */
export function writesOf<T extends IdTable>(table: T) {
  return {
    insert: (db: Executor, row: Insertable<Database[T]>) => insertRow(db, table, row),
    update: (db: Executor, id: string, patch: Updateable<Database[T]>) =>
      updateRow(db, table, id, patch),
    remove: (db: Executor, id: string) => deleteRow(db, table, id),
  };
}
