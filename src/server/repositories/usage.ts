// Usage figures the limits need beyond the status counters.
import type { Executor } from './executor.js';
import { hourOf } from '../scan/rollup.js';
import { rowsWhere } from './rows.js';

/**
 * Counted scans (no bots, no ad views) of a customer's projects in the UTC hours from `since`'s
 * on, from the projects' hourly rollups: raw rows would grow with every scan (at 10 M scans a
 * year the count read 830,000 of them) and miss what retention already deleted.
 */
export async function countedScansSince(
  db: Executor,
  customerId: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('scanRollups')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('scans'), eb.lit(0)).as('scans'))
    .where(
      'scopeId',
      'in',
      db.selectFrom('projects').select('id').where('customerId', '=', customerId),
    )
    .where('period', '=', 'hour')
    .where('dimension', '=', 'total')
    .where('value', '=', '')
    .where('bucket', '>=', hourOf(since))
    .executeTakeFirstOrThrow();
  return Number(row.scans);
}

/** Customers with a scan limit, and what they were last told about it. */
export async function customersWithScanLimit(db: Executor) {
  return db
    .selectFrom('customers')
    .select(['id', 'scanNoticeLevel'])
    .where('deletedAt', 'is', null)
    .where('maxScans', '>=', 0)
    .execute();
}

export async function customerAdminsOf(db: Executor, customerId: string) {
  return rowsWhere(db, 'users', { customerId, role: 'customeradmin', deletedAt: null })
    .select(['id', 'name', 'email', 'language'])
    .execute();
}
