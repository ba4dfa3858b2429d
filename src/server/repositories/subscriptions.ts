// Subscriptions: one row per order; 'pending' until its first payment, then 'active', 'past_due'
// or 'canceled'.
import type { Insertable, Updateable } from 'kysely';
import type { SubscriptionRow, SubscriptionsTable } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertSubscription(
  db: Executor,
  row: Insertable<SubscriptionsTable>,
): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

export async function updateSubscription(
  db: Executor,
  id: string,
  patch: Updateable<SubscriptionsTable>,
): Promise<void> {
  await db.updateTable('subscriptions').set(patch).where('id', '=', id).execute();
}

export async function findSubscription(
  db: Executor,
  customerId: string,
  id: string,
): Promise<SubscriptionRow | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customerId', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The subscription that decides the account's state: the newest one that was ever paid for. */
export async function currentSubscription(
  db: Executor,
  customerId: string,
): Promise<SubscriptionRow | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customerId', '=', customerId)
    .where('status', '!=', 'pending')
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** A provider's subscription by its own id (Stripe's sub_…). */
export async function subscriptionByProviderRef(
  db: Executor,
  providerRef: string,
): Promise<SubscriptionRow | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('providerRef', '=', providerRef)
    .executeTakeFirst();
  return row ?? null;
}
