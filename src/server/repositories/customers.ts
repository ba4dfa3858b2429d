// Customers (organisations) and their usage across projects.
import { PostgresAdapter, type Insertable, type Updateable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { CustomerRow, CustomersTable } from '../db/schema.js';
import { containsText, offsetOf, type Executor, sortColumnOf } from './executor.js';

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | null> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether another customer already has this name (compared case-insensitively). */
export async function customerNameTaken(
  db: Executor,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('deletedAt', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const SORTABLE = { name: 'name', createdAt: 'createdAt', trialEndAt: 'trialEndAt' } as const;

export async function listCustomers(
  db: Executor,
  query: ListQuery,
): Promise<{ rows: CustomerRow[]; total: number }> {
  let base = db.selectFrom('customers').where('deletedAt', 'is', null);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([containsText('name', q), containsText('adminEmail', q)]));
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

export async function insertCustomer(db: Executor, row: Insertable<CustomersTable>): Promise<void> {
  await db.insertInto('customers').values(row).execute();
}

export async function updateCustomer(
  db: Executor,
  id: string,
  patch: Updateable<CustomersTable>,
): Promise<void> {
  await db.updateTable('customers').set(patch).where('id', '=', id).execute();
}

/** Removes the customer with its users, projects and content (foreign keys cascade). */
export async function deleteCustomer(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

export interface CustomerUsage {
  qrCodes: number;
  scans: number;
  storage: number;
  users: number;
  shortLinks: number;
}

export async function customerUsage(db: Executor, customerId: string): Promise<CustomerUsage> {
  const qrCodes = await db
    .selectFrom('qrCodes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .where('trashedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const shortLinks = await db
    .selectFrom('shortLinks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .where('trashedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const projects = await db
    .selectFrom('projects')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('usedScans'), eb.lit(0)).as('scans'),
      eb.fn.coalesce(eb.fn.sum<number>('usedStorage'), eb.lit(0)).as('storage'),
    ])
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    qrCodes: Number(qrCodes.count),
    scans: Number(projects.scans),
    storage: Number(projects.storage),
    users: Number(users.count),
    shortLinks: Number(shortLinks.count),
  };
}

/**
 * Serialises limit checks of one customer: on PostgreSQL the customer row is locked until the
 * transaction ends, so two uploads (or two new QR codes) cannot both pass the same count. SQLite
 * runs one transaction at a time on its single connection, so it needs nothing.
 */
export async function lockCustomer(db: Executor, customerId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}
