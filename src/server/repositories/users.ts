// Users (accounts). Platform admins have no customer.
import type { Insertable, Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { UserRow, UsersTable } from '../db/schema.js';
import { containsText, offsetOf, type Executor, sortColumnOf } from './executor.js';

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

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

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

export async function insertUser(db: Executor, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** Removes the account; its sessions and project links go with it (foreign keys cascade). */
export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

const SORTABLE = { name: 'name', email: 'email', role: 'role', createdAt: 'createdAt' } as const;

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
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(sortColumnOf(SORTABLE, query.sort, 'name'), query.order === 'DESC' ? 'desc' : 'asc')
    .orderBy('id')
    .limit(query.perPage)
    .offset(offsetOf(query.page, query.perPage))
    .execute();
  return { rows, total: Number(total) };
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
