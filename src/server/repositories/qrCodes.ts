// QR codes of a project (with their Action's summary), code availability, and the project trash
// (trashed QR codes and short links together).
import { sql, type JoinBuilder, type Selectable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { Database, QrCodesTable } from '../db/schema.js';
import { containsText, offsetOf, type Executor, sortColumnOf } from './executor.js';
import { itemListOf } from './itemList.js';
import { rowsWhere, writesOf } from './rows.js';

export type QrCodeRow = Selectable<QrCodesTable>;
export type QrCodeWithAction = QrCodeRow & {
  actionName: string | null;
  actionObjectType: string | null;
};

/** The join to the row's Action (its summary), left out where only rows are counted. */
const liveAction = (join: JoinBuilder<Database, 'qrCodes' | 'actions'>) =>
  join.onRef('actions.id', '=', 'qrCodes.actionId').on('actions.deletedAt', 'is', null);

function withAction(db: Executor) {
  return db.selectFrom('qrCodes').leftJoin('actions', liveAction);
}

const SELECTION = [
  'qrCodes.id',
  'qrCodes.customerId',
  'qrCodes.projectId',
  'qrCodes.code',
  'qrCodes.name',
  'qrCodes.description',
  'qrCodes.actionId',
  'qrCodes.templateId',
  'qrCodes.design',
  'qrCodes.createdBy',
  'qrCodes.trashedAt',
  'qrCodes.deletedAt',
  'qrCodes.createdAt',
  'qrCodes.updatedAt',
  'actions.name as actionName',
  'actions.objectType as actionObjectType',
] as const;

/** The project's QR codes outside the trash; `q` searches name and code. */
export const listQrCodes = itemListOf<QrCodeWithAction>({
  table: 'qrCodes',
  code: 'code',
  sortable: { name: 'name', code: 'code', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  rowsOf: (db, ids) => withAction(db).select(SELECTION).where('qrCodes.id', 'in', ids).execute(),
});

/** One QR code of the project; trashed ones only when asked for (restore, delete). */
export async function findQrCode(
  db: Executor,
  projectId: string,
  id: string,
  { includeTrashed = false } = {},
): Promise<QrCodeWithAction | null> {
  let query = withAction(db)
    .select(SELECTION)
    .where('qrCodes.id', '=', id)
    .where('qrCodes.projectId', '=', projectId)
    .where('qrCodes.deletedAt', 'is', null);
  if (!includeTrashed) query = query.where('qrCodes.trashedAt', 'is', null);
  return (await query.executeTakeFirst()) ?? null;
}

/** The project's live QR codes among `ids` (others' and trashed ones are left out), by name. */
export async function findQrCodesByIds(
  db: Executor,
  projectId: string,
  ids: string[],
): Promise<QrCodeWithAction[]> {
  if (ids.length === 0) return [];
  return withAction(db)
    .select(SELECTION)
    .where('qrCodes.id', 'in', ids)
    .where('qrCodes.projectId', '=', projectId)
    .where('qrCodes.trashedAt', 'is', null)
    .where('qrCodes.deletedAt', 'is', null)
    .orderBy('qrCodes.name')
    .orderBy('qrCodes.id')
    .execute();
}

export const { insert: insertQrCode, update: updateQrCode } = writesOf('qrCodes');

/** Whether a code is taken, by a QR code or by a short link on the default scan host. */
export async function isCodeTaken(db: Executor, code: string): Promise<boolean> {
  const qr = await rowsWhere(db, 'qrCodes', { code }).select('id').executeTakeFirst();
  if (qr) return true;
  const link = await rowsWhere(db, 'shortLinks', { host: '', uri: code })
    .select('id')
    .executeTakeFirst();
  return link !== undefined;
}

// The trash: QR codes and short links a user moved there, listed together.

export type TrashItemType = 'qr_code' | 'short_link';

export interface TrashRow {
  id: string;
  type: TrashItemType;
  projectId: string;
  name: string;
  /** The QR code's code or the short link's uri. */
  code: string;
  host: string;
  trashedAt: string;
  createdAt: string;
}

const TRASH_SORTABLE = { name: 'name', trashedAt: 'trashedAt', createdAt: 'createdAt' } as const;

function trashUnion(db: Executor, projectId: string, type?: TrashItemType) {
  const notDeleted = { projectId, deletedAt: null };
  const qrCodes = rowsWhere(db, 'qrCodes', notDeleted)
    .where('trashedAt', 'is not', null)
    .select([
      'id',
      sql<TrashItemType>`'qr_code'`.as('type'),
      'projectId',
      'name',
      'code',
      sql<string>`''`.as('host'),
      'trashedAt',
      'createdAt',
    ]);
  const shortLinks = rowsWhere(db, 'shortLinks', notDeleted)
    .where('trashedAt', 'is not', null)
    .select([
      'id',
      sql<TrashItemType>`'short_link'`.as('type'),
      'projectId',
      'name',
      'uri as code',
      'host',
      'trashedAt',
      'createdAt',
    ]);
  if (type === 'qr_code') return qrCodes;
  if (type === 'short_link') return shortLinks;
  return qrCodes.unionAll(shortLinks);
}

export async function listTrash(
  db: Executor,
  projectId: string,
  query: ListQuery,
  type?: TrashItemType,
): Promise<{ rows: TrashRow[]; total: number }> {
  let base = db.selectFrom(trashUnion(db, projectId, type).as('items'));
  if (query.q) base = base.where(containsText('name', query.q));
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(
      sortColumnOf(TRASH_SORTABLE, query.sort, TRASH_SORTABLE.trashedAt),
      query.sort ? (query.order === 'DESC' ? 'desc' : 'asc') : 'desc',
    )
    .orderBy('id')
    .limit(query.perPage)
    .offset(offsetOf(query.page, query.perPage))
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, trashedAt: row.trashedAt ?? '' })),
    total: Number(total),
  };
}

/** Everything in the project's trash, for emptying it. */
export async function trashedItems(
  db: Executor,
  projectId: string,
): Promise<{ qrCodes: { id: string; name: string; code: string }[]; shortLinks: TrashLink[] }> {
  const notDeleted = { projectId, deletedAt: null };
  const qrCodes = await rowsWhere(db, 'qrCodes', notDeleted)
    .where('trashedAt', 'is not', null)
    .select(['id', 'name', 'code'])
    .execute();
  const shortLinks = await rowsWhere(db, 'shortLinks', notDeleted)
    .where('trashedAt', 'is not', null)
    .select(['id', 'name', 'uri'])
    .execute();
  return { qrCodes, shortLinks };
}

export interface TrashLink {
  id: string;
  name: string;
  uri: string;
}
