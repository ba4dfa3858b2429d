// Short links of a project (with their Action's summary) and uri availability.
import type { JoinBuilder, Selectable } from 'kysely';
import type { Database, ShortLinksTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { itemListOf } from './itemList.js';
import { rowsWhere, writesOf } from './rows.js';

export type ShortLinkRow = Selectable<ShortLinksTable>;
export type ShortLinkWithAction = ShortLinkRow & {
  actionName: string | null;
  actionObjectType: string | null;
};

/** The join to the row's Action (its summary), left out where only rows are counted. */
const liveAction = (join: JoinBuilder<Database, 'shortLinks' | 'actions'>) =>
  join.onRef('actions.id', '=', 'shortLinks.actionId').on('actions.deletedAt', 'is', null);

function withAction(db: Executor) {
  return db.selectFrom('shortLinks').leftJoin('actions', liveAction);
}

const SELECTION = [
  'shortLinks.id',
  'shortLinks.customerId',
  'shortLinks.projectId',
  'shortLinks.host',
  'shortLinks.uri',
  'shortLinks.name',
  'shortLinks.description',
  'shortLinks.actionId',
  'shortLinks.createdBy',
  'shortLinks.trashedAt',
  'shortLinks.deletedAt',
  'shortLinks.createdAt',
  'shortLinks.updatedAt',
  'actions.name as actionName',
  'actions.objectType as actionObjectType',
] as const;

/** The project's short links outside the trash; `q` searches name and uri. */
export const listShortLinks = itemListOf<ShortLinkWithAction>({
  table: 'shortLinks',
  code: 'uri',
  sortable: { name: 'name', uri: 'uri', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  rowsOf: (db, ids) => withAction(db).select(SELECTION).where('shortLinks.id', 'in', ids).execute(),
});

/** One short link of the project; trashed ones only when asked for (get, restore, delete). */
export async function findShortLink(
  db: Executor,
  projectId: string,
  id: string,
  { includeTrashed = false } = {},
): Promise<ShortLinkWithAction | null> {
  let query = withAction(db)
    .select(SELECTION)
    .where('shortLinks.id', '=', id)
    .where('shortLinks.projectId', '=', projectId)
    .where('shortLinks.deletedAt', 'is', null);
  if (!includeTrashed) query = query.where('shortLinks.trashedAt', 'is', null);
  return (await query.executeTakeFirst()) ?? null;
}

export const { insert: insertShortLink, update: updateShortLink } = writesOf('shortLinks');

/**
 * Whether a uri is taken on a host: by any short link there (trashed ones too, the unique key
 * holds them), and on the default host also by a QR code's code, which the scan service resolves
 * first (src/server/scan/lookup.ts).
 */
export async function isUriTaken(
  db: Executor,
  host: string,
  uri: string,
  exceptId?: string,
): Promise<boolean> {
  let links = rowsWhere(db, 'shortLinks', { host, uri }).select('id');
  if (exceptId) links = links.where('id', '!=', exceptId);
  if (await links.executeTakeFirst()) return true;
  if (host !== '') return false;
  const qr = await rowsWhere(db, 'qrCodes', { code: uri }).select('id').executeTakeFirst();
  return qr !== undefined;
}
