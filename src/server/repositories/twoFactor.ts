// Two-factor sign-in: a user's TOTP secret, their hashed recovery codes, the sign-ins waiting for
// their second factor, and a customer's requirement. Codes and tokens are stored as digests only.
import type { Executor } from './executor.js';
import { countRows, deleteRow, deleteRows, insertRow, claimRow, updateRow } from './rows.js';

export async function setTwoFactor(
  db: Executor,
  userId: string,
  fields: { secret: string | null; enabledAt: string | null; lastStep: number | null },
  now: string,
): Promise<void> {
  await updateRow(db, 'users', userId, {
    twoFactorSecret: fields.secret,
    twoFactorEnabledAt: fields.enabledAt,
    twoFactorLastStep: fields.lastStep,
    updatedAt: now,
  });
}

/** Puts the confirmed secret in force. */
export async function enableTwoFactor(db: Executor, userId: string, now: string): Promise<void> {
  await updateRow(db, 'users', userId, { twoFactorEnabledAt: now, updatedAt: now });
}

/**
 * Records `step` as the last accepted TOTP time step unless it (or a later one) was accepted
 * already; false means the code was used before. One statement, so two concurrent sign-ins with
 * the same code cannot both pass.
 */
export async function claimTimeStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ twoFactorLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('twoFactorLastStep', 'is', null), eb('twoFactorLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  rows: { id: string; codeHash: string }[],
  now: string,
): Promise<void> {
  await deleteRecoveryCodes(db, userId);
  if (rows.length === 0) return;
  await db
    .insertInto('recoveryCodes')
    .values(rows.map((row) => ({ ...row, userId, usedAt: null, createdAt: now })))
    .execute();
}

export async function deleteRecoveryCodes(db: Executor, userId: string): Promise<void> {
  await deleteRows(db, 'recoveryCodes', { userId });
}

/** Marks the unused code with this digest used; false when there is none. */
export const useRecoveryCode = (db: Executor, userId: string, codeHash: string, now: string) =>
  claimRow(db, 'recoveryCodes', {
    set: { usedAt: now },
    where: { userId, codeHash, usedAt: null },
  });

export const countUnusedRecoveryCodes = (db: Executor, userId: string) =>
  countRows(db, 'recoveryCodes', { userId, usedAt: null });

export async function insertPendingLogin(
  db: Executor,
  row: {
    id: string;
    userId: string;
    userAgent: string | null;
    expiresAt: string;
    createdAt: string;
  },
): Promise<void> {
  // Expired ones of anybody go with each new one, so the table stays small without a timer.
  await db.deleteFrom('pendingLogins').where('expiresAt', '<=', row.createdAt).execute();
  await insertRow(db, 'pendingLogins', row);
}

export async function findPendingLogin(db: Executor, id: string, now: string) {
  return (
    (await db
      .selectFrom('pendingLogins')
      .selectAll()
      .where('id', '=', id)
      .where('expiresAt', '>', now)
      .executeTakeFirst()) ?? null
  );
}

export async function deletePendingLogin(db: Executor, id: string): Promise<void> {
  await deleteRow(db, 'pendingLogins', id);
}

export async function customerRequiresTwoFactor(
  db: Executor,
  customerId: string | null,
): Promise<boolean> {
  if (!customerId) return false;
  const row = await db
    .selectFrom('customers')
    .select('requireTwoFactor')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.requireTwoFactor ?? 0) === 1;
}

export async function setCustomerRequiresTwoFactor(
  db: Executor,
  customerId: string,
  required: boolean,
  now: string,
): Promise<void> {
  await updateRow(db, 'customers', customerId, {
    requireTwoFactor: required ? 1 : 0,
    updatedAt: now,
  });
}
