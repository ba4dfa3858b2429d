// Customers (organisations) and their usage across projects.
import type { ListQuery } from '../../shared/schemas/common.js';
import type { CustomerRow } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, countRows, findRow, lockRow, pageOf, rowsWhere, writesOf } from './rows.js';

export const findCustomer = (db: Executor, id: string) =>
  findRow(db, 'customers', { id, deletedAt: null });

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

const ORDER = byNameOr(['name', 'createdAt', 'trialEndAt']);

export async function listCustomers(
  db: Executor,
  query: ListQuery,
): Promise<{ rows: CustomerRow[]; total: number }> {
  let base = rowsWhere(db, 'customers', { deletedAt: null });
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([containsText('name', q), containsText('adminEmail', q)]));
  }
  return pageOf(base, query, ORDER, (page) => page.selectAll());
}

// Removes the customer with its users, projects and content (foreign keys cascade).
export const {
  insert: insertCustomer,
  update: updateCustomer,
  remove: deleteCustomer,
} = writesOf('customers');

export interface CustomerUsage {
  qrCodes: number;
  scans: number;
  storage: number;
  users: number;
  shortLinks: number;
}

/** The running totals of the customer's projects: counted scans and stored bytes. */
export async function customerProjectTotals(db: Executor, customerId: string) {
  const projects = await rowsWhere(db, 'projects', { customerId, deletedAt: null })
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('usedScans'), eb.lit(0)).as('scans'),
      eb.fn.coalesce(eb.fn.sum<number>('usedStorage'), eb.lit(0)).as('storage'),
    ])
    .executeTakeFirstOrThrow();
  return { scans: Number(projects.scans), storage: Number(projects.storage) };
}

export async function customerUsage(db: Executor, customerId: string): Promise<CustomerUsage> {
  const liveItems = { customerId, trashedAt: null, deletedAt: null };
  const qrCodes = await countRows(db, 'qrCodes', liveItems);
  const shortLinks = await countRows(db, 'shortLinks', liveItems);
  const { scans, storage } = await customerProjectTotals(db, customerId);
  const users = await countRows(db, 'users', { customerId, deletedAt: null });
  return { qrCodes, scans, storage, users, shortLinks };
}

/**
 * Serialises limit checks of one customer: on PostgreSQL the customer row is locked until the
 * transaction ends, so two uploads (or two new QR codes) cannot both pass the same count. SQLite
 * runs one transaction at a time on its single connection, so it needs nothing.
 */
export const lockCustomer = (db: Executor, customerId: string) =>
  lockRow(db, 'customers', customerId);
