// Short links of a project (with their Action's summary), uri availability, the counts their limits
// are checked against, and scan counts.
import { PostgresAdapter, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { ShortLinksTable } from '../db/schema.js';
import { containsText, offsetOf, type Executor } from './executor.js';

export type ShortLinkRow = Selectable<ShortLinksTable>;
export type ShortLinkWithAction = ShortLinkRow & {
  actionName: string | null;
  actionObjectType: string | null;
};

function withAction(db: Executor) {
  return db
    .selectFrom('shortLinks')
    .leftJoin('actions', (join) =>
      join.onRef('actions.id', '=', 'shortLinks.actionId').on('actions.deletedAt', 'is', null),
    );
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

const SORTABLE = {
  name: 'shortLinks.name',
  uri: 'shortLinks.uri',
  createdAt: 'shortLinks.createdAt',
  updatedAt: 'shortLinks.updatedAt',
} as const;

export interface ShortLinkFilters {
  actionId?: string;
  labelId?: string;
}

/** The project's short links outside the trash; `q` searches name and uri. */
export async function listShortLinks(
  db: Executor,
  projectId: string,
  query: ListQuery,
  filters: ShortLinkFilters = {},
): Promise<{ rows: ShortLinkWithAction[]; total: number }> {
  let base = withAction(db)
    .where('shortLinks.projectId', '=', projectId)
    .where('shortLinks.trashedAt', 'is', null)
    .where('shortLinks.deletedAt', 'is', null);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([containsText('shortLinks.name', q), containsText('shortLinks.uri', q)]),
    );
  }
  if (filters.actionId) base = base.where('shortLinks.actionId', '=', filters.actionId);
  if (filters.labelId) {
    const labelId = filters.labelId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('labelLinks')
          .select('labelLinks.itemId')
          .whereRef('labelLinks.itemId', '=', 'shortLinks.id')
          .where('labelLinks.itemType', '=', 'short_link')
          .where('labelLinks.labelId', '=', labelId),
      ),
    );
  }
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(SELECTION)
    .orderBy(
      SORTABLE[query.sort as keyof typeof SORTABLE] ?? SORTABLE.createdAt,
      query.order === 'DESC' ? 'desc' : 'asc',
    )
    .orderBy('shortLinks.id')
    .limit(query.perPage)
    .offset(offsetOf(query.page, query.perPage))
    .execute();
  return { rows, total: Number(total) };
}

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

export async function insertShortLink(
  db: Executor,
  row: Insertable<ShortLinksTable>,
): Promise<void> {
  await db.insertInto('shortLinks').values(row).execute();
}

export async function updateShortLink(
  db: Executor,
  id: string,
  patch: Updateable<ShortLinksTable>,
): Promise<void> {
  await db.updateTable('shortLinks').set(patch).where('id', '=', id).execute();
}

/** Removes short links for good, with their tag links (scans stay as history). */
export async function deleteShortLinkRows(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('labelLinks')
    .where('itemType', '=', 'short_link')
    .where('itemId', 'in', ids)
    .execute();
  await db.deleteFrom('shortLinks').where('id', 'in', ids).execute();
}

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
  let links = db
    .selectFrom('shortLinks')
    .select('id')
    .where('host', '=', host)
    .where('uri', '=', uri);
  if (exceptId) links = links.where('id', '!=', exceptId);
  if (await links.executeTakeFirst()) return true;
  if (host !== '') return false;
  const qr = await db.selectFrom('qrCodes').select('id').where('code', '=', uri).executeTakeFirst();
  return qr !== undefined;
}

/** Short links that count toward the limits: outside the trash, per project and per customer. */
export async function countActiveShortLinks(
  db: Executor,
  projectId: string,
  customerId: string,
): Promise<{ project: number; customer: number }> {
  const count = (column: 'projectId' | 'customerId', value: string) =>
    db
      .selectFrom('shortLinks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(column, '=', value)
      .where('trashedAt', 'is', null)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
  const project = await count('projectId', projectId);
  const customer = await count('customerId', customerId);
  return { project: Number(project.count), customer: Number(customer.count) };
}

export async function shortLinkLimits(
  db: Executor,
  projectId: string,
  customerId: string,
): Promise<{ project: number; customer: number }> {
  const project = await db
    .selectFrom('projects')
    .select('maxShortLinks')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('customers')
    .select('maxShortLinks')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { project: Number(project.maxShortLinks), customer: Number(customer.maxShortLinks) };
}

/** Human scans (bots excluded) per short link, for a page of links. */
export async function shortLinkScanCounts(
  db: Executor,
  ids: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('scans')
    .select(['itemId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('itemType', '=', 'short_link')
    .where('kind', '=', 'scan')
    .where('isBot', '=', 0)
    .where('itemId', 'in', ids)
    .groupBy('itemId')
    .execute();
  for (const row of rows) counts.set(row.itemId, Number(row.count));
  return counts;
}

/** A unique-key violation on SQLite (better-sqlite3) or PostgreSQL: a concurrent writer won. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * Serialises the short link limit checks of one customer: on PostgreSQL the customer row is locked
 * until the transaction ends, so two creates cannot both pass the same count. SQLite runs one
 * transaction at a time on its single connection, so it needs nothing.
 */
export async function lockCustomerForLimits(db: Executor, customerId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether an Action is live in the project (a short link may only lead to its own project's). */
export async function isProjectAction(
  db: Executor,
  projectId: string,
  actionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('actions')
    .select('id')
    .where('id', '=', actionId)
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
