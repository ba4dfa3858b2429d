// API keys: the database keeps a SHA-256 of each key and its visible prefix, never the key.
import type { ApiKeyRow, UserRow } from '../db/schema.js';
import type { Executor } from './executor.js';
import { findRow, listRows, rowsWhere, updateRow, writesOf } from './rows.js';

export const insertApiKey = writesOf('apiKeys').insert;

/** The project's keys, newest first, revoked ones included (they say when). */
export const listApiKeys = (db: Executor, projectId: string) =>
  listRows(db, 'apiKeys', { projectId }, [
    ['createdAt', 'desc'],
    ['id', 'desc'],
  ]);

export const findApiKey = (db: Executor, projectId: string, id: string) =>
  rowsWhere(db, 'apiKeys', { projectId, id }).selectAll().executeTakeFirst();

export const revokeApiKeyRow = (db: Executor, id: string, at: string) =>
  updateRow(db, 'apiKeys', id, { revokedAt: at });

/**
 * The live key with this digest and the user who made it, when that user still exists and the
 * key's project is neither trashed nor deleted.
 */
export async function findUsableApiKey(
  db: Executor,
  keyHash: string,
  now: string,
): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  const key = await db
    .selectFrom('apiKeys')
    .innerJoin('projects', 'projects.id', 'apiKeys.projectId')
    .selectAll('apiKeys')
    .where('apiKeys.keyHash', '=', keyHash)
    .where('apiKeys.revokedAt', 'is', null)
    .where((eb) => eb.or([eb('apiKeys.expiresAt', 'is', null), eb('apiKeys.expiresAt', '>', now)]))
    .where('projects.trashedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!key) return null;
  const user = await findRow(db, 'users', { id: key.userId, deletedAt: null });
  return user ? { key, user } : null;
}

export const touchApiKey = (db: Executor, id: string, at: string) =>
  updateRow(db, 'apiKeys', id, { lastUsedAt: at });
