// QR code templates (named designs) of a project.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { QrCodeTemplatesTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { deleteRow, findInProject, insertRow, pageOf, updateRow } from './rows.js';

export type QrCodeTemplateRow = Selectable<QrCodeTemplatesTable>;

const ORDER = {
  sortable: { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  fallback: 'name',
  id: 'id',
};

export async function listQrCodeTemplates(
  db: Executor,
  projectId: string,
  query: ListQuery,
): Promise<{ rows: QrCodeTemplateRow[]; total: number }> {
  let base = db
    .selectFrom('qrCodeTemplates')
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null);
  if (query.q) base = base.where(containsText('name', query.q));
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

export const findQrCodeTemplate = (db: Executor, projectId: string, id: string) =>
  findInProject(db, 'qrCodeTemplates', projectId, id);

export const insertQrCodeTemplate = (db: Executor, row: Insertable<QrCodeTemplatesTable>) =>
  insertRow(db, 'qrCodeTemplates', row);

export const updateQrCodeTemplate = (
  db: Executor,
  id: string,
  patch: Updateable<QrCodeTemplatesTable>,
) => updateRow(db, 'qrCodeTemplates', id, patch);

/** QR codes made from the template keep their own design; only the link goes (FK set null). */
export const deleteQrCodeTemplate = (db: Executor, id: string) =>
  deleteRow(db, 'qrCodeTemplates', id);
