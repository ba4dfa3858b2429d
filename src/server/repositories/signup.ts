// Self sign-up and the first administrator: mailed email codes (digests only) and whether the
// server has any user at all.
import type { Executor } from './executor.js';

export async function anyUserExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Stores the user's one current code; a new code replaces the old one and its failures. */
export async function putEmailVerification(
  db: Executor,
  row: { userId: string; codeHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db.deleteFrom('emailVerifications').where('userId', '=', row.userId).execute();
  await db
    .insertInto('emailVerifications')
    .values({ ...row, failures: 0 })
    .execute();
}

export async function findEmailVerification(db: Executor, userId: string) {
  return (
    (await db
      .selectFrom('emailVerifications')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirst()) ?? null
  );
}

export async function countEmailCodeFailure(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('emailVerifications')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('userId', '=', userId)
    .execute();
}

export async function deleteEmailVerification(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('emailVerifications').where('userId', '=', userId).execute();
}

export async function countCustomerProjects(db: Executor, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
