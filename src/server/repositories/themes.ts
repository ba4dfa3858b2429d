// Themes of a project: the rows, and the one-active-per-project switch.
import type { Selectable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { ThemesTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, findRow, lockRow, pageOf, rowsWhere, writesOf } from './rows.js';

export type ThemeRow = Selectable<ThemesTable>;

const ORDER = byNameOr(['name', 'isActive', 'createdAt', 'updatedAt']);

export async function listThemes(
  db: Executor,
  projectId: string,
  query: ListQuery & { isActive?: boolean },
): Promise<{ rows: ThemeRow[]; total: number }> {
  let base = rowsWhere(db, 'themes', { projectId, deletedAt: null });
  if (query.q) base = base.where(containsText('name', query.q));
  if (query.isActive !== undefined) base = base.where('isActive', '=', query.isActive ? 1 : 0);
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

export const findTheme = (db: Executor, projectId: string, id: string) =>
  findRow(db, 'themes', { id, projectId, deletedAt: null });

export const { insert: insertTheme, update: updateTheme, remove: deleteTheme } = writesOf('themes');

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
  await lockRow(db, 'projects', projectId);
  await db
    .updateTable('themes')
    .set({ isActive: 0, updatedAt: now })
    .where('projectId', '=', projectId)
    .where('id', '!=', id)
    .where('isActive', '=', 1)
    .execute();
  await updateTheme(db, id, { isActive: 1, updatedAt: now });
}
