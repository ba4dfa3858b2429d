// Webhooks and their delivery queue. The queue is a table: the app's timer takes due rows (a
// claim moves next_attempt_at forward, so two processes never send the same row at once).
import type { Insertable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookDeliveryRow, WebhookRow } from '../db/schema.js';
import type { Executor } from './executor.js';
import { countRows, deleteRows, listRows, rowsWhere, claimRow, writesOf } from './rows.js';

export const { insert: insertWebhook, update: updateWebhook } = writesOf('webhooks');

export const listWebhooks = (db: Executor, projectId: string) =>
  listRows(db, 'webhooks', { projectId }, [['createdAt'], ['id']]);

/** Every webhook of these projects (the dispatcher filters by event). */
export function webhooksOfProjects(
  db: Executor,
  projectIds: readonly string[],
): Promise<WebhookRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('projectId', 'in', [...projectIds])
    .execute();
}

export const findWebhook = (db: Executor, projectId: string, id: string) =>
  rowsWhere(db, 'webhooks', { projectId, id }).selectAll().executeTakeFirst();

export async function deleteWebhook(db: Executor, id: string): Promise<void> {
  await deleteRows(db, 'webhookDeliveries', { webhookId: id });
  await deleteRows(db, 'webhooks', { id });
}

export async function insertDeliveries(
  db: Executor,
  rows: Insertable<WebhookDeliveriesTable>[],
): Promise<void> {
  // Chunks keep PostgreSQL's and SQLite's parameter limits far away.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('webhookDeliveries')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Pending deliveries whose time has come, oldest first, with their webhook's URL and secret. */
export function dueDeliveries(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhookDeliveries.webhookId')
    .selectAll('webhookDeliveries')
    .select(['webhooks.url', 'webhooks.secret'])
    .where('webhookDeliveries.status', '=', 'pending')
    .where('webhookDeliveries.nextAttemptAt', '<=', now)
    .orderBy('webhookDeliveries.nextAttemptAt')
    .limit(limit)
    .execute();
}

/** Takes a due row for this process until `leaseUntil`; false when another process was faster. */
export async function claimDelivery(
  db: Executor,
  row: Pick<WebhookDeliveryRow, 'id' | 'nextAttemptAt'>,
  leaseUntil: string,
): Promise<boolean> {
  return claimRow(db, 'webhookDeliveries', {
    set: { nextAttemptAt: leaseUntil },
    where: { id: row.id, status: 'pending', nextAttemptAt: row.nextAttemptAt },
  });
}

export const recordAttempt = writesOf('webhookDeliveries').update;

export async function listDeliveries(
  db: Executor,
  webhookId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const base = db.selectFrom('webhookDeliveries').where('webhookId', '=', webhookId);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

export const findDelivery = (db: Executor, webhookId: string, id: string) =>
  rowsWhere(db, 'webhookDeliveries', { webhookId, id }).selectAll().executeTakeFirst();

export const countPendingDeliveries = (db: Executor) =>
  countRows(db, 'webhookDeliveries', { status: 'pending' });
