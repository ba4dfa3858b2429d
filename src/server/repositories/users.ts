// Users (accounts). Platform admins have no customer.
import type { Insertable, Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { UserRow, UsersTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { deleteRow, findLive, insertRow, pageOf, updateRow } from './rows.js';

/** The account that signs in with `email`; a deactivated one cannot, so it is not found. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('deletedAt', 'is', null)
    .where('deactivatedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export const findUserById = (db: Executor, id: string): Promise<UserRow | null> =>
  findLive(db, 'users', id);

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

export const insertUser = (db: Executor, row: Insertable<UsersTable>) =>
  insertRow(db, 'users', row);

export const updateUser = (db: Executor, id: string, patch: Updateable<UsersTable>) =>
  updateRow(db, 'users', id, patch);

/** Removes the account; its sessions and project links go with it (foreign keys cascade). */
export const deleteUser = (db: Executor, id: string) => deleteRow(db, 'users', id);

const ORDER = {
  sortable: { name: 'name', email: 'email', role: 'role', createdAt: 'createdAt' },
  fallback: 'name',
  id: 'id',
};

export async function listCustomerUsers(
  db: Executor,
  customerId: string,
  query: ListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db
    .selectFrom('users')
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([containsText('name', q), containsText('email', q)]));
  }
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

export async function countCustomerUsers(db: Executor, customerId: string): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}
