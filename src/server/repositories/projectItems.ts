// What QR codes and short links share as project items: they go to the trash, count toward a
// limit of the project and of the customer, and carry tags. Written once here, by table.
import { itemTotals } from './analytics.js';
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { LabelItemType } from '../../shared/schemas/label.js';
import type { Database } from '../db/schema.js';
import type { Executor } from './executor.js';

export type ItemTable = 'qrCodes' | 'shortLinks';

/** The item type of each table, as label links, scans and audit rows name it. */
export const ITEM_TYPE_OF = { qrCodes: 'qr_code', shortLinks: 'short_link' } as const;

/** A where-condition: the row of `table` carries the label (`table` is the query's own table). */
export function carriesLabel(
  table: ItemTable | 'actions',
  itemType: LabelItemType,
  labelId: string,
): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('labelLinks')
      .select('labelLinks.itemId')
      .where('labelLinks.itemId', '=', sql.ref<string>(`${table}.id`))
      .where('labelLinks.itemType', '=', itemType)
      .where('labelLinks.labelId', '=', labelId),
  );
}

/** Items that count toward the limits: outside the trash, per project and per customer. */
export async function countActiveItems(
  db: Executor,
  table: ItemTable,
  projectId: string,
  customerId: string,
): Promise<{ project: number; customer: number }> {
  const count = (column: 'projectId' | 'customerId', value: string) =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(column, '=', value)
      .where('trashedAt', 'is', null)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
  const project = await count('projectId', projectId);
  const customer = await count('customerId', customerId);
  return { project: Number(project.count), customer: Number(customer.count) };
}

/** The limits of the project and of the customer for one kind of item (-1 = unlimited). */
export async function itemLimits(
  db: Executor,
  column: 'maxQrCodes' | 'maxShortLinks',
  projectId: string,
  customerId: string,
): Promise<{ project: number; customer: number }> {
  const project = await db
    .selectFrom('projects')
    .select((eb) => eb.ref(column).as('max'))
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('customers')
    .select((eb) => eb.ref(column).as('max'))
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { project: Number(project.max), customer: Number(customer.max) };
}

/** Into the trash (a time) or back out of it (null). */
export async function setTrashedAt(
  db: Executor,
  table: ItemTable,
  id: string,
  trashedAt: string | null,
  now: string,
): Promise<void> {
  await db.updateTable(table).set({ trashedAt, updatedAt: now }).where('id', '=', id).execute();
}

/** Removes items for good, with their tag links (ad links cascade; scans stay as history). */
export async function deleteItems(db: Executor, table: ItemTable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('labelLinks')
    .where('itemType', '=', ITEM_TYPE_OF[table])
    .where('itemId', 'in', ids)
    .execute();
  await db.deleteFrom(table).where('id', 'in', ids).execute();
}

/** Counted scans per item (scan/rollup.ts), for a page of items: their running totals. */
export async function scanCountsOf(
  db: Executor,
  _itemType: 'qr_code' | 'short_link',
  ids: string[],
): Promise<Map<string, number>> {
  const totals = await itemTotals(db, ids);
  return new Map(ids.map((id) => [id, totals.get(id)?.scans ?? 0]));
}
