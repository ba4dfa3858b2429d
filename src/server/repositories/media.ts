// Uploaded media rows, the storage counter they feed (projects.used_storage), and the question
// "does anything still use this file?" that decides whether replacing it may free it.
import type { Selectable } from 'kysely';
import type { MediaTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { findRow, writesOf } from './rows.js';

export type MediaRow = Selectable<MediaTable>;

export const findMedia = (db: Executor, id: string) => findRow(db, 'media', { id });

export async function findMediaByIds(db: Executor, ids: string[]): Promise<Map<string, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('media')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export const { insert: insertMedia, remove: deleteMediaRow } = writesOf('media');

/** Adds (or, negative, subtracts) bytes to a project's storage counter, never below zero. */
export async function addUsedStorage(
  db: Executor,
  projectId: string,
  bytes: number,
): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({
      usedStorage: eb
        .case()
        .when(eb('usedStorage', '+', bytes), '>', 0)
        .then(eb('usedStorage', '+', bytes))
        .else(0)
        .end(),
    }))
    .where('id', '=', projectId)
    .execute();
}

/** The storage totals and usage an upload is checked against (-1 = unlimited). */
export async function storageLimits(db: Executor, projectId: string, customerId: string) {
  const project = await db
    .selectFrom('projects')
    .select(['usedStorage', 'maxStorage'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('customers')
    .select('maxStorage')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const customerUsed = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('usedStorage'), eb.lit(0)).as('used'))
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    project: { used: Number(project.usedStorage), total: Number(project.maxStorage) },
    customer: { used: Number(customerUsed.used), total: Number(customer.maxStorage) },
  };
}

/**
 * Whether anything besides the given Action refers to the media: other Actions' data, QR code
 * and template designs, themes, advertisements, user avatars. ULIDs contain no LIKE wildcards, so
 * a text search in the JSON columns is exact enough.
 */
export async function isMediaInUse(
  db: Executor,
  mediaId: string,
  except: { actionId?: string } = {},
): Promise<boolean> {
  const pattern = `%"${mediaId}"%`;
  let actions = db.selectFrom('actions').select('id').where('data', 'like', pattern);
  if (except.actionId) actions = actions.where('id', '!=', except.actionId);
  const checks: (() => Promise<unknown>)[] = [
    () => actions.limit(1).executeTakeFirst(),
    () =>
      db
        .selectFrom('qrCodes')
        .select('id')
        .where('design', 'like', pattern)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('qrCodeTemplates')
        .select('id')
        .where('design', 'like', pattern)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('themes')
        .select('id')
        .where((eb) => eb.or([eb('logoMediaId', '=', mediaId), eb('settings', 'like', pattern)]))
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('advertisements')
        .select('id')
        .where('imageMediaId', '=', mediaId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('users')
        .select('id')
        .where('avatarMediaId', '=', mediaId)
        .limit(1)
        .executeTakeFirst(),
  ];
  for (const check of checks) {
    if ((await check()) !== undefined) return true;
  }
  return false;
}
