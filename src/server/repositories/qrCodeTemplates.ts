// QR code templates (named designs) of a project.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { QrCodeTemplatesTable } from '../db/schema.js';
import { containsText, offsetOf, type Executor, sortColumnOf } from './executor.js';

export type QrCodeTemplateRow = Selectable<QrCodeTemplatesTable>;

const SORTABLE = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;

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

export async function findQrCodeTemplate(
  db: Executor,
  projectId: string,
  id: string,
): Promise<QrCodeTemplateRow | null> {
  const row = await db
    .selectFrom('qrCodeTemplates')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertQrCodeTemplate(
  db: Executor,
  row: Insertable<QrCodeTemplatesTable>,
): Promise<void> {
  await db.insertInto('qrCodeTemplates').values(row).execute();
}

export async function updateQrCodeTemplate(
  db: Executor,
  id: string,
  patch: Updateable<QrCodeTemplatesTable>,
): Promise<void> {
  await db.updateTable('qrCodeTemplates').set(patch).where('id', '=', id).execute();
}

/** QR codes made from the template keep their own design; only the link goes (FK set null). */
export async function deleteQrCodeTemplate(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('qrCodeTemplates').where('id', '=', id).execute();
}
