// Password reset links; only digests of the mailed tokens are stored.
import type { Executor } from './executor.js';
import { insertRow, rowsWhere, updateRows } from './rows.js';

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
export async function markPasswordResetUsed(
  db: Executor,
  id: string,
  now: string,
): Promise<boolean> {
  const marked = await updateRows(db, 'passwordResets', {
    set: { usedAt: now },
    where: { id, usedAt: null },
  });
  return marked === 1;
}

/** Ends every unused link of the user: a newer request, a reset or a password change replaces them. */
export async function revokePasswordResets(
  db: Executor,
  userId: string,
  now: string,
): Promise<void> {
  await updateRows(db, 'passwordResets', { set: { usedAt: now }, where: { userId, usedAt: null } });
}
