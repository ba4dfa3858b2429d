// Subscription plans.
import type { Insertable } from 'kysely';
import type { PlanRow, PlansTable } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertPlans(db: Executor, rows: Insertable<PlansTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('plans').values(rows).execute();
}

export async function findPlan(db: Executor, id: string): Promise<PlanRow | null> {
  const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}
