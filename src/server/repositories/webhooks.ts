// Webhooks and their delivery queue. The queue is a table: the app's timer takes due rows (a
// claim moves next_attempt_at forward, so two processes never send the same row at once).
import type { Insertable, Updateable } from 'kysely';
import type {
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
  WebhooksTable,
} from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertWebhook(db: Executor, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export function listWebhooks(db: Executor, projectId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

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

export function findWebhook(
  db: Executor,
  projectId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateWebhook(
  db: Executor,
  id: string,
  patch: Updateable<WebhooksTable>,
): Promise<void> {
  await db.updateTable('webhooks').set(patch).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhookDeliveries').where('webhookId', '=', id).execute();
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
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
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ nextAttemptAt: leaseUntil })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '=', row.nextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordAttempt(
  db: Executor,
  id: string,
  patch: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db.updateTable('webhookDeliveries').set(patch).where('id', '=', id).execute();
}

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

export function findDelivery(
  db: Executor,
  webhookId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('webhookId', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countPendingDeliveries(db: Executor): Promise<number> {
  const { total } = await db
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(total);
}
