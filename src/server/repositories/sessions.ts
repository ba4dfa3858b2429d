// Sessions: the database keeps SHA-256 digests of the cookie and logout tokens only.
import type { Executor } from './executor.js';
import type { SessionRow, UserRow } from '../db/schema.js';

export async function insertSession(db: Executor, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

export async function findSessionWithUser(
  db: Executor,
  sessionId: string,
): Promise<SessionWithUser | null> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session) return null;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.userId)
    .where('deletedAt', 'is', null)
    .where('deactivatedAt', 'is', null)
    .executeTakeFirst();
  return user ? { session, user } : null;
}

export async function extendSession(
  db: Executor,
  sessionId: string,
  lastSeenAt: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt, expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user (after a password change or reset), except possibly one. */
export async function deleteUserSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function setLogoutToken(
  db: Executor,
  sessionId: string,
  logoutTokenHash: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ logoutToken: logoutTokenHash })
    .where('id', '=', sessionId)
    .execute();
}

export async function findSessionByLogoutToken(
  db: Executor,
  logoutTokenHash: string,
): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions')
    .selectAll()
    .where('logoutToken', '=', logoutTokenHash)
    .executeTakeFirst();
  return row ?? null;
}
