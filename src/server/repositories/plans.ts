// Subscription plans.
import type { Insertable, Updateable } from 'kysely';
import type { PlanRow, PlansTable } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertPlans(db: Executor, rows: Insertable<PlansTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('plans').values(rows).execute();
}

export async function findPlan(db: Executor, id: string): Promise<PlanRow | null> {
  const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** The plans on offer (archived ones stay for the subscriptions that use them), cheapest first. */
export async function listOfferedPlans(db: Executor): Promise<PlanRow[]> {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('archivedAt', 'is', null)
    .orderBy('priceMonthCents')
    .orderBy('name')
    .execute();
}

export async function updatePlan(
  db: Executor,
  id: string,
  patch: Updateable<PlansTable>,
): Promise<void> {
  await db.updateTable('plans').set(patch).where('id', '=', id).execute();
}
