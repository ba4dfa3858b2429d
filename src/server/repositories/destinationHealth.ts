// The destination_health rows (issue 16 part 5) and the link Actions the checker visits.
import type { Insertable, Selectable } from 'kysely';
import type { DestinationHealthTable } from '../db/schema.js';
import type { Executor } from './executor.js';
import { findRow } from './rows.js';

export type DestinationHealthRow = Selectable<DestinationHealthTable>;

export interface CheckableAction {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  data: string;
  /** The fallback target (JSON) scans take while the destination fails; null when none is set. */
  fallback: string | null;
}

/** Link Actions of live projects and customers, in id order, `limit` after `afterId`. */
export async function checkableActions(
  db: Executor,
  afterId: string,
  limit: number,
): Promise<CheckableAction[]> {
  return db
    .selectFrom('actions')
    .innerJoin('projects', 'projects.id', 'actions.projectId')
    .innerJoin('customers', 'customers.id', 'actions.customerId')
    .select([
      'actions.id',
      'actions.customerId',
      'actions.projectId',
      'actions.name',
      'actions.data',
      'actions.fallback',
    ])
    .where('actions.objectType', '=', 'link')
    .where('actions.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('projects.trashedAt', 'is', null)
    .where('customers.deletedAt', 'is', null)
    .where('actions.id', '>', afterId)
    .orderBy('actions.id')
    .limit(limit)
    .execute();
}

export const findHealth = (db: Executor, actionId: string) =>
  findRow(db, 'destinationHealth', { actionId });

/** The health rows of some Actions, by Action id. */
export async function healthOfActions(
  db: Executor,
  actionIds: string[],
): Promise<Map<string, DestinationHealthRow>> {
  if (actionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('destinationHealth')
    .selectAll()
    .where('actionId', 'in', actionIds)
    .execute();
  return new Map(rows.map((row) => [row.actionId, row]));
}

export async function saveHealth(
  db: Executor,
  row: Insertable<DestinationHealthTable>,
): Promise<void> {
  const { actionId: _key, ...rest } = row;
  await db
    .insertInto('destinationHealth')
    .values(row)
    .onConflict((oc) => oc.column('actionId').doUpdateSet(rest))
    .execute();
}
