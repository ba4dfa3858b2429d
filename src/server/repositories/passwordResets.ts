// Password reset links; only digests of the mailed tokens are stored.
import type { Executor } from './executor.js';

export async function insertPasswordReset(
  db: Executor,
  row: { id: string; userId: string; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('passwordResets')
    .values({ ...row, usedAt: null })
    .execute();
}

/** A link that is unused and not expired at `now`, or null. */
export async function findUsablePasswordReset(db: Executor, tokenHash: string, now: string) {
  const row = await db
    .selectFrom('passwordResets')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
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
  const result = await db
    .updateTable('passwordResets')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every unused link of the user: a newer request, a reset or a password change replaces them. */
export async function revokePasswordResets(
  db: Executor,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('passwordResets')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}
