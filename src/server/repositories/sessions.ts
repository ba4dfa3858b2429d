// Sessions: the database keeps SHA-256 digests of the cookie and logout tokens only.
import type { Executor } from './executor.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import { deleteRow, findRow, insertRow, updateRow } from './rows.js';

export const insertSession = (db: Executor, row: SessionRow) => insertRow(db, 'sessions', row);

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

export async function findSessionWithUser(
  db: Executor,
  sessionId: string,
): Promise<SessionWithUser | null> {
  const session = await findRow(db, 'sessions', { id: sessionId });
  if (!session) return null;
  const where = { id: session.userId, deletedAt: null, deactivatedAt: null };
  const user = await findRow(db, 'users', where);
  return user ? { session, user } : null;
}

export const extendSession = (
  db: Executor,
  sessionId: string,
  lastSeenAt: string,
  expiresAt: string,
) => updateRow(db, 'sessions', sessionId, { lastSeenAt, expiresAt });

export const deleteSession = (db: Executor, sessionId: string) =>
  deleteRow(db, 'sessions', sessionId);

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

export const setLogoutToken = (db: Executor, sessionId: string, logoutTokenHash: string) =>
  updateRow(db, 'sessions', sessionId, { logoutToken: logoutTokenHash });

export const findSessionByLogoutToken = (db: Executor, logoutTokenHash: string) =>
  findRow(db, 'sessions', { logoutToken: logoutTokenHash });
