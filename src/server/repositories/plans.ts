// Subscription plans.
import type { Insertable } from 'kysely';
import type { PlansTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { findRow, listRows, writesOf } from './rows.js';

export async function insertPlans(db: Executor, rows: Insertable<PlansTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('plans').values(rows).execute();
}

export const findPlan = (db: Executor, id: string) => findRow(db, 'plans', { id });

/** The plans on offer (archived ones stay for the subscriptions that use them), cheapest first. */
export const listOfferedPlans = (db: Executor) =>
  listRows(db, 'plans', { archivedAt: null }, [['priceMonthCents'], ['name']]);

export const updatePlan = writesOf('plans').update;
