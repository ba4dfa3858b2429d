// Actions ("{product}", SPEC's QR links) of a project, and the QR codes and short links using them.
// Every query takes the project id, so an id of another project can never match.
import type { Selectable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { ActionsTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, findRow, pageOf, rowsWhere, writesOf } from './rows.js';

export type ActionRow = Selectable<ActionsTable>;

const ORDER = byNameOr(['name', 'objectType', 'createdAt', 'updatedAt']);

export interface ActionFilters {
  objectType?: string;
  /** Only Actions carrying this tag (label_links with item_type 'action'). */
  labelId?: string;
}

export async function listActions(
  db: Executor,
  projectId: string,
  query: ListQuery,
  filters: ActionFilters = {},
): Promise<{ rows: ActionRow[]; total: number }> {
  let base = rowsWhere(db, 'actions', { projectId, deletedAt: null });
  if (query.q) base = base.where(containsText('name', query.q));
  if (filters.objectType) base = base.where('objectType', '=', filters.objectType);
  if (filters.labelId) {
    const labelId = filters.labelId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('labelLinks')
          .select('labelLinks.itemId')
          .whereRef('labelLinks.itemId', '=', 'actions.id')
          .where('labelLinks.itemType', '=', 'action')
          .where('labelLinks.labelId', '=', labelId),
      ),
    );
  }
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

export const findAction = (db: Executor, projectId: string, id: string) =>
  findRow(db, 'actions', { id, projectId, deletedAt: null });

// Removes the Action; QR codes and short links using it keep existing without one (FK set null).
export const {
  insert: insertAction,
  update: updateAction,
  remove: deleteAction,
} = writesOf('actions');

/** QR codes (not in the trash) per Action, for a page of Actions. */
export async function qrCodeCounts(
  db: Executor,
  actionIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(actionIds.map((id) => [id, 0]));
  if (actionIds.length === 0) return counts;
  const rows = await rowsWhere(db, 'qrCodes', { trashedAt: null, deletedAt: null })
    .select(['actionId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('actionId', 'in', actionIds)
    .groupBy('actionId')
    .execute();
  for (const row of rows) if (row.actionId) counts.set(row.actionId, Number(row.count));
  return counts;
}

export interface LinkedItemRow {
  id: string;
  type: 'qr_code' | 'short_link';
  projectId: string;
  name: string;
  description: string | null;
  /** The QR code's code, or the short link's uri. */
  code: string;
  host: string;
  createdAt: string;
  updatedAt: string;
}

/** The QR codes and short links (not in the trash) that use an Action, newest first. */
export async function listLinkedItems(
  db: Executor,
  projectId: string,
  actionId: string,
): Promise<LinkedItemRow[]> {
  const using = { projectId, actionId, trashedAt: null, deletedAt: null };
  const qrCodes = await rowsWhere(db, 'qrCodes', using)
    .select(['id', 'projectId', 'name', 'description', 'code', 'createdAt', 'updatedAt'])
    .execute();
  const shortLinks = await rowsWhere(db, 'shortLinks', using)
    .select([
      'id',
      'projectId',
      'name',
      'description',
      'uri as code',
      'host',
      'createdAt',
      'updatedAt',
    ])
    .execute();
  return [
    ...qrCodes.map((row) => ({ ...row, type: 'qr_code' as const, host: '' })),
    ...shortLinks.map((row) => ({ ...row, type: 'short_link' as const })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}
