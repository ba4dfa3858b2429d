// Usage figures the limits need beyond the status counters.
import type { Executor } from './executor.js';

/** Counted scans (no bots, no ad views) of a customer since `since`. */
export async function countedScansSince(
  db: Executor,
  customerId: string,
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .where('kind', '=', 'scan')
    .where('isBot', '=', 0)
    .where('scannedAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(count);
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
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'language'])
    .where('customerId', '=', customerId)
    .where('role', '=', 'customeradmin')
    .where('deletedAt', 'is', null)
    .execute();
}
