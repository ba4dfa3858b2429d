// API keys: the database keeps a SHA-256 of each key and its visible prefix, never the key.
import type { Insertable } from 'kysely';
import type { ApiKeyRow, ApiKeysTable, UserRow } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertApiKey(db: Executor, row: Insertable<ApiKeysTable>): Promise<void> {
  await db.insertInto('apiKeys').values(row).execute();
}

/** The project's keys, newest first, revoked ones included (they say when). */
export function listApiKeys(db: Executor, projectId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('apiKeys')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findApiKey(
  db: Executor,
  projectId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('apiKeys')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function revokeApiKeyRow(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('apiKeys').set({ revokedAt: at }).where('id', '=', id).execute();
}

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
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', key.userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return user ? { key, user } : null;
}

export async function touchApiKey(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('apiKeys').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
