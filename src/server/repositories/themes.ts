// Themes of a project: the rows, and the one-active-per-project switch.
import { PostgresAdapter, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { ThemesTable } from '../db/schema.js';
import { containsText, offsetOf, type Executor, sortColumnOf } from './executor.js';

export type ThemeRow = Selectable<ThemesTable>;

const SORTABLE = {
  name: 'name',
  isActive: 'isActive',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

export async function listThemes(
  db: Executor,
  projectId: string,
  query: ListQuery & { isActive?: boolean },
): Promise<{ rows: ThemeRow[]; total: number }> {
  let base = db
    .selectFrom('themes')
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null);
  if (query.q) base = base.where(containsText('name', query.q));
  if (query.isActive !== undefined) base = base.where('isActive', '=', query.isActive ? 1 : 0);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(
      sortColumnOf(SORTABLE, query.sort, SORTABLE.name),
      query.order === 'DESC' ? 'desc' : 'asc',
    )
    .orderBy('id')
    .limit(query.perPage)
    .offset(offsetOf(query.page, query.perPage))
    .execute();
  return { rows, total: Number(total) };
}

export async function findTheme(
  db: Executor,
  projectId: string,
  id: string,
): Promise<ThemeRow | null> {
  const row = await db
    .selectFrom('themes')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertTheme(db: Executor, row: Insertable<ThemesTable>): Promise<void> {
  await db.insertInto('themes').values(row).execute();
}

export async function updateTheme(
  db: Executor,
  id: string,
  patch: Updateable<ThemesTable>,
): Promise<void> {
  await db.updateTable('themes').set(patch).where('id', '=', id).execute();
}

export async function deleteTheme(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('themes').where('id', '=', id).execute();
}

/**
 * Makes `id` the project's only active theme. On PostgreSQL the project row is locked first, so
 * two activations at once run one after the other; SQLite runs one transaction at a time anyway.
 */
export async function setActiveTheme(
  db: Executor,
  projectId: string,
  id: string,
  now: string,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
  }
  await db
    .updateTable('themes')
    .set({ isActive: 0, updatedAt: now })
    .where('projectId', '=', projectId)
    .where('id', '!=', id)
    .where('isActive', '=', 1)
    .execute();
  await db
    .updateTable('themes')
    .set({ isActive: 1, updatedAt: now })
    .where('id', '=', id)
    .execute();
}
