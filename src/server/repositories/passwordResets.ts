// Password reset links; only digests of the mailed tokens are stored.
import type { Executor } from './executor.js';
import { claimRow, insertRow, rowsWhere, updateRows } from './rows.js';

export const insertPasswordReset = (
  db: Executor,
  row: { id: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string },
) => insertRow(db, 'passwordResets', { ...row, usedAt: null });

/** A link that is unused and not expired at `now`, or null. */
export async function findUsablePasswordReset(db: Executor, tokenHash: string, now: string) {
  const row = await rowsWhere(db, 'passwordResets', { tokenHash, usedAt: null })
    .selectAll()
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks the link used; false when another request used it first. */
export const markPasswordResetUsed = (db: Executor, id: string, now: string) =>
  claimRow(db, 'passwordResets', { set: { usedAt: now }, where: { id, usedAt: null } });

/** Ends every unused link of the user: a newer request, a reset or a password change replaces them. */
export async function revokePasswordResets(
  db: Executor,
  userId: string,
  now: string,
): Promise<void> {
  await updateRows(db, 'passwordResets', { set: { usedAt: now }, where: { userId, usedAt: null } });
}
