// Self sign-up and the first administrator: mailed email codes (digests only) and whether the
// server has any user at all.
import type { Executor } from './executor.js';
import { countRows, deleteRows, findRow, insertRow } from './rows.js';

export async function anyUserExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Stores the user's one current code; a new code replaces the old one and its failures. */
export async function putEmailVerification(
  db: Executor,
  row: { userId: string; codeHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await deleteEmailVerification(db, row.userId);
  await insertRow(db, 'emailVerifications', { ...row, failures: 0 });
}

export const findEmailVerification = (db: Executor, userId: string) =>
  findRow(db, 'emailVerifications', { userId });

export async function countEmailCodeFailure(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('emailVerifications')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('userId', '=', userId)
    .execute();
}

export async function deleteEmailVerification(db: Executor, userId: string): Promise<void> {
  await deleteRows(db, 'emailVerifications', { userId });
}

export const countCustomerProjects = (db: Executor, customerId: string) =>
  countRows(db, 'projects', { customerId, deletedAt: null });
