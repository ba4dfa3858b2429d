// Subscriptions: one row per order; 'pending' until its first payment, then 'active', 'past_due'
// or 'canceled'.
import type { SubscriptionRow } from '../db/schema.js';
import type { Executor } from './executor.js';
import { findRow, rowsWhere, writesOf } from './rows.js';

export const { insert: insertSubscription, update: updateSubscription } = writesOf('subscriptions');

export const findSubscription = (db: Executor, customerId: string, id: string) =>
  findRow(db, 'subscriptions', { customerId, id });

/** The subscription that decides the account's state: the newest one that was ever paid for. */
export async function currentSubscription(
  db: Executor,
  customerId: string,
): Promise<SubscriptionRow | null> {
  const row = await rowsWhere(db, 'subscriptions', { customerId })
    .selectAll()
    .where('status', '!=', 'pending')
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** A provider's subscription by its own id (Stripe's sub_…). */
export const subscriptionByProviderRef = (db: Executor, providerRef: string) =>
  findRow(db, 'subscriptions', { providerRef });
