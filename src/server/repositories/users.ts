// Users (accounts). Platform admins have no customer.
import type { ListQuery } from '../../shared/schemas/common.js';
import type { UserRow } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, countRows, findRow, pageOf, rowsWhere, writesOf } from './rows.js';

/** The account that signs in with `email`; a deactivated one cannot, so it is not found. */
export const findUserByEmail = (db: Executor, email: string) =>
  findRow(db, 'users', { email: email.toLowerCase(), deletedAt: null, deactivatedAt: null });

export const findUserById = (db: Executor, id: string) =>
  findRow(db, 'users', { id, deletedAt: null });

/** Whether any account (deleted or not) holds this address: emails are unique in the table. */
/** The customer of the account that uses `email` (null for platform admins); undefined when none does. */
export async function customerOfEmail(
  db: Executor,
  email: string,
  exceptUserId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('customerId')
    .where('email', '=', email.toLowerCase())
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row ? row.customerId : undefined;
}

export async function emailExists(
  db: Executor,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

// Removes the account; its sessions and project links go with it (foreign keys cascade).
export const { insert: insertUser, update: updateUser, remove: deleteUser } = writesOf('users');

const ORDER = byNameOr(['name', 'email', 'role', 'createdAt']);

export async function listCustomerUsers(
  db: Executor,
  customerId: string,
  query: ListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  let base = rowsWhere(db, 'users', { customerId, deletedAt: null });
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([containsText('name', q), containsText('email', q)]));
  }
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

export const countCustomerUsers = (db: Executor, customerId: string) =>
  countRows(db, 'users', { customerId, deletedAt: null });
