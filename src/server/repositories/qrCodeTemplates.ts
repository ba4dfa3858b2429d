// QR code templates (named designs) of a project.
import type { Selectable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { QrCodeTemplatesTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, findRow, pageOf, rowsWhere, writesOf } from './rows.js';

export type QrCodeTemplateRow = Selectable<QrCodeTemplatesTable>;

const ORDER = byNameOr(['name', 'createdAt', 'updatedAt']);

export async function listQrCodeTemplates(
  db: Executor,
  projectId: string,
  query: ListQuery,
): Promise<{ rows: QrCodeTemplateRow[]; total: number }> {
  let base = rowsWhere(db, 'qrCodeTemplates', { projectId, deletedAt: null });
  if (query.q) base = base.where(containsText('name', query.q));
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

export const findQrCodeTemplate = (db: Executor, projectId: string, id: string) =>
  findRow(db, 'qrCodeTemplates', { id, projectId, deletedAt: null });

// QR codes made from the template keep their own design; only the link goes (FK set null).
export const {
  insert: insertQrCodeTemplate,
  update: updateQrCodeTemplate,
  remove: deleteQrCodeTemplate,
} = writesOf('qrCodeTemplates');
