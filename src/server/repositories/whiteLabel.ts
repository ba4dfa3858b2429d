// White-label hostnames of customers.
import type { Selectable } from 'kysely';
import type { WhiteLabelHostnamesTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { findRow, listRows, writesOf } from './rows.js';

export type WhiteLabelRow = Selectable<WhiteLabelHostnamesTable>;

export const listWhiteLabelHostnames = (db: Executor, customerId: string) =>
  listRows(db, 'whiteLabelHostnames', { customerId }, [['hostname']]);

export const findWhiteLabelHostname = (db: Executor, customerId: string, id: string) =>
  findRow(db, 'whiteLabelHostnames', { customerId, id });

export const {
  insert: insertWhiteLabelHostname,
  update: updateWhiteLabelHostname,
  remove: deleteWhiteLabelHostname,
} = writesOf('whiteLabelHostnames');

/** Makes `id` the only primary hostname of its customer. */
export async function setPrimaryWhiteLabelHostname(
  db: Executor,
  customerId: string,
  id: string,
): Promise<void> {
  await db
    .updateTable('whiteLabelHostnames')
    .set({ isPrimary: 0 })
    .where('customerId', '=', customerId)
    .where('id', '!=', id)
    .execute();
  await updateWhiteLabelHostname(db, id, { isPrimary: 1 });
}

/** The scan base (`https://brand.example`) of each customer that has a primary hostname. */
export async function primaryScanBases(
  db: Executor,
  customerIds: readonly string[],
): Promise<Map<string, string>> {
  if (!customerIds.length) return new Map();
  const rows = await db
    .selectFrom('whiteLabelHostnames')
    .select(['customerId', 'hostname', 'scheme'])
    .where('customerId', 'in', [...new Set(customerIds)])
    .where('isPrimary', '=', 1)
    .where('verifiedAt', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.customerId, `${row.scheme}://${row.hostname}`]));
}

/** Every white-label hostname, for routing requests by Host. */
export async function allWhiteLabelHostnames(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('whiteLabelHostnames').select('hostname').execute();
  return rows.map((row) => row.hostname);
}
