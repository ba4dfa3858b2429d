// Webhooks of a project (issue 15): customer admins choose a URL and the events to send; each
// gets a Standard Webhooks secret. Changes go through the unit of work like every other; what is
// sent, and when, is the dispatcher's job (webhooks/dispatcher.ts), never the request's.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { WebhookDeliveryRow, WebhookRow } from '../db/schema.js';
import type { WebhookInput } from '../../shared/schemas/webhook.js';
import type { ItemChangeArgs } from './projectItems.js';
import type { Actor } from '../domain/actor.js';
import type { Executor } from '../repositories/executor.js';
import { forbidden, invalidField, notFound } from '../domain/errors.js';
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  recordAttempt,
  updateWebhook,
} from '../repositories/webhooks.js';
import { pointsToPrivateNetwork } from '../webhooks/address.js';
import { newWebhookSecret } from '../webhooks/signature.js';
import { newContentColumns, visibleProjectOr404 } from './projects.js';
import { itemChange, type UnitOfWork } from './unitOfWork.js';

export interface WebhookAnswer {
  id: string;
  url: string;
  events: string[];
  /** whsec_…: the receiver verifies signatures with it. */
  secret: string;
  createdAt: string;
  updatedAt: string;
}

export function presentWebhook(row: WebhookRow): WebhookAnswer {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    secret: row.secret,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentDelivery(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastAttemptAt: row.lastAttemptAt,
    createdAt: row.createdAt,
    payload: row.payload,
  };
}

export interface WebhookPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback addresses may be called. */
  allowPrivate: boolean;
}

/** Only a person manages where a project's data goes, never an API key. */
async function managedProject(db: Db, actor: Actor, projectId: string) {
  if (actor.apiKeyId) throw forbidden();
  return visibleProjectOr404(db, actor, projectId);
}

async function checkUrl(url: string, policy: WebhookPolicy): Promise<void> {
  if (!policy.allowPrivate && (await pointsToPrivateNetwork(url)))
    throw invalidField(
      'webhook_url_private',
      '/url',
      'Webhooks go to public addresses only; this one is private or loopback',
    );
}

async function webhookOr404(db: Executor, projectId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhook(db, projectId, id);
  if (!row) throw notFound('webhook_not_found');
  return row;
}

export async function webhooksOfProject(db: Db, actor: Actor, projectId: string) {
  const project = await managedProject(db, actor, projectId);
  return (await listWebhooks(db, project.id)).map(presentWebhook);
}

export async function webhookOfProject(db: Db, actor: Actor, projectId: string, id: string) {
  const project = await managedProject(db, actor, projectId);
  return presentWebhook(await webhookOr404(db, project.id, id));
}

export async function createWebhook(
  db: Db,
  actor: Actor,
  projectId: string,
  input: WebhookInput,
  policy: WebhookPolicy,
  work: UnitOfWork,
): Promise<string> {
  const project = await managedProject(db, actor, projectId);
  await checkUrl(input.url, policy);
  const now = new Date().toISOString();
  const id = ulid();
  await work.run(async ({ trx, record }) => {
    await insertWebhook(trx, {
      ...newContentColumns(project, id, now),
      url: input.url,
      secret: newWebhookSecret(),
      events: JSON.stringify(input.events),
    });
    const after = { url: input.url, events: input.events };
    await record(itemChange(project, 'webhook', 'created', { id, name: input.url, after }));
  });
  return id;
}

export async function editWebhook(
  db: Db,
  actor: Actor,
  projectId: string,
  id: string,
  input: Partial<WebhookInput>,
  policy: WebhookPolicy,
  work: UnitOfWork,
): Promise<void> {
  const project = await managedProject(db, actor, projectId);
  if (input.url !== undefined) await checkUrl(input.url, policy);
  await work.run(async ({ trx, record }) => {
    const row = await webhookOr404(trx, project.id, id);
    const before = presentWebhook(row);
    const after = { url: input.url ?? before.url, events: input.events ?? before.events };
    await updateWebhook(trx, id, {
      url: after.url,
      events: JSON.stringify(after.events),
      updatedAt: new Date().toISOString(),
    });
    await record(
      itemChange(project, 'webhook', 'updated', {
        id,
        name: after.url,
        before: { url: before.url, events: before.events },
        after,
      }),
    );
  });
}

export async function removeWebhook(
  ...[db, actor, projectId, id, work]: ItemChangeArgs
): Promise<void> {
  const project = await managedProject(db, actor, projectId);
  await work.run(async ({ trx, record }) => {
    const row = await webhookOr404(trx, project.id, id);
    await deleteWebhook(trx, id);
    await record(itemChange(project, 'webhook', 'deleted', { id, name: row.url }));
  });
}

export async function deliveriesOfWebhook(
  db: Db,
  actor: Actor,
  projectId: string,
  id: string,
  page: { page: number; perPage: number },
) {
  const project = await managedProject(db, actor, projectId);
  const webhook = await webhookOr404(db, project.id, id);
  const { rows, total } = await listDeliveries(db, webhook.id, {
    offset: (page.page - 1) * page.perPage,
    limit: page.perPage,
  });
  return { rows: rows.map(presentDelivery), total };
}

/** "Send again": the same message (same webhook-id) goes back into the queue, due now. */
export async function resendDelivery(
  db: Db,
  actor: Actor,
  projectId: string,
  id: string,
  deliveryId: string,
  work: UnitOfWork,
): Promise<void> {
  const project = await managedProject(db, actor, projectId);
  await work.run(async ({ trx, record }) => {
    const webhook = await webhookOr404(trx, project.id, id);
    const delivery = await findDelivery(trx, webhook.id, deliveryId);
    if (!delivery) throw notFound('webhook_not_found');
    await recordAttempt(trx, delivery.id, {
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date().toISOString(),
    });
    await record(
      itemChange(project, 'webhook', 'send', {
        id: webhook.id,
        name: webhook.url,
        changes: { deliveryId: delivery.id, event: delivery.event },
      }),
    );
  });
}
