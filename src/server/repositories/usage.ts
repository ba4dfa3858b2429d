// Usage figures the limits need beyond the status counters.
import type { Executor } from './executor.js';
import { countOf, rowsWhere } from './rows.js';

/** Counted scans (no bots, no ad views) of a customer since `since`. */
export async function countedScansSince(
  db: Executor,
  customerId: string,
  since: string,
): Promise<number> {
  const counted = rowsWhere(db, 'scans', { customerId, kind: 'scan', isBot: 0 });
  return countOf(counted.where('scannedAt', '>=', since));
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
