// White-label hostnames of customers.
import type { Selectable } from 'kysely';
import type { WhiteLabelHostnamesTable } from '../db/schema.js';
import type { Executor } from './executor.js';

export type WhiteLabelRow = Selectable<WhiteLabelHostnamesTable>;

export function listWhiteLabelHostnames(
  db: Executor,
  customerId: string,
): Promise<WhiteLabelRow[]> {
  return db
    .selectFrom('whiteLabelHostnames')
    .selectAll()
    .where('customerId', '=', customerId)
    .orderBy('hostname')
    .execute();
}

export async function findWhiteLabelHostname(
  db: Executor,
  customerId: string,
  id: string,
): Promise<WhiteLabelRow | null> {
  const row = await db
    .selectFrom('whiteLabelHostnames')
    .selectAll()
    .where('customerId', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertWhiteLabelHostname(
  db: Executor,
  row: { id: string; customerId: string; hostname: string; createdAt: string },
): Promise<void> {
  await db.insertInto('whiteLabelHostnames').values(row).execute();
}

export async function updateWhiteLabelHostname(
  db: Executor,
  id: string,
  patch: { isPrimary?: number; verifiedAt?: string | null; scheme?: string },
): Promise<void> {
  await db.updateTable('whiteLabelHostnames').set(patch).where('id', '=', id).execute();
}

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
  await db.updateTable('whiteLabelHostnames').set({ isPrimary: 1 }).where('id', '=', id).execute();
}

export async function deleteWhiteLabelHostname(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('whiteLabelHostnames').where('id', '=', id).execute();
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
