// What most repositories do alike, written once: a page of a filtered list with its total, one live
// row of a project by id, and inserting, changing and removing a row by id. Each repository names
// its table and its own filters; the typed wrappers it exports keep its callers as they were.
import {
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

/** Tables whose rows belong to a project and are soft-deleted. */
type ProjectTable = 'actions' | 'themes' | 'qrCodeTemplates';

/** One row of the project that is not deleted; an id of another project never matches. */
export async function findInProject<T extends ProjectTable>(
  db: Executor,
  table: T,
  projectId: string,
  id: string,
): Promise<Selectable<Database[T]> | null> {
  const row = await db
    .selectFrom(table as ProjectTable)
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return (row as Selectable<Database[T]> | undefined) ?? null;
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

/** Tables whose rows are soft-deleted with `deletedAt`. */
type SoftDeleteTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; deletedAt: unknown } ? T : never;
}[keyof Database];

/** The row with this id unless it is deleted. */
export async function findLive<T extends SoftDeleteTable>(
  db: Executor,
  table: T,
  id: string,
): Promise<Selectable<Database[T]> | null> {
  const row = await db
    .selectFrom(table as 'actions')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return (row as Selectable<Database[T]> | undefined) ?? null;
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
  await db
    .updateTable(table as 'actions')
    .set(patch as Updateable<Database['actions']>)
    .where('id', '=', id)
    .execute();
}

export async function deleteRow(db: Executor, table: IdTable, id: string): Promise<void> {
  await db
    .deleteFrom(table as 'actions')
    .where('id', '=', id)
    .execute();
}
