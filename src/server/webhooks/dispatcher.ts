// The webhook dispatcher (issue 15), one per app instance: it turns committed domain events and
// written scans into rows of the delivery queue, and a timer of its own sends due rows, signed per
// Standard Webhooks, retrying with back-off for about a day. Nothing is sent from a request: a
// change that rolls back publishes no event, so it queues nothing. A change's payload is the item
// as the API answers it, read when the committed event arrives.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { DomainEvent, EventBus } from '../events/bus.js';
import type { AppMetrics } from '../ops/metrics.js';
import type { ScanRow } from '../scan/recorder.js';
import type { ItemPresenter } from '../services/webhookPayloads.js';
import {
  WEBHOOK_CHANGES,
  WEBHOOK_ITEM_TYPES,
  type WebhookChange,
} from '../../shared/schemas/webhook.js';
import {
  claimDelivery,
  countPendingDeliveries,
  dueDeliveries,
  insertDeliveries,
  recordAttempt,
  webhooksOfProjects,
} from '../repositories/webhooks.js';
import { postJson } from './send.js';
import { signWebhook } from './signature.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface WebhookDispatcherOptions {
  /** How often the queue is looked at. */
  tickMs?: number;
  /** The waits after each failed attempt; when they run out the delivery is given up. */
  retryDelaysMs?: readonly number[];
  /** Scans are sent as one `scan` event per webhook at most this often. */
  scanBatchMs?: number;
  /** How long a receiver may take to answer. */
  timeoutMs?: number;
}

/** About 24 hours from the first attempt to the last (11 attempts). */
export const DEFAULT_RETRY_DELAYS_MS = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  6 * HOUR,
  10 * HOUR,
];

/** Audit actions that are webhook changes; a duplicate is a new item. */
const CHANGE_OF: Record<string, WebhookChange> = {
  ...Object.fromEntries(WEBHOOK_CHANGES.map((change) => [change, change])),
  duplicated: 'created',
};

const ITEM_TYPES: readonly string[] = WEBHOOK_ITEM_TYPES;
const BATCH_SIZE = 25;
const ERROR_MAX = 255;

interface QueuedMessage {
  projectId: string;
  event: string;
  /** The payload's data, or how to read it: only messages some webhook wants are read. */
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
}

export class WebhookDispatcher {
  private readonly tickMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly scanBatchMs: number;
  private readonly timeoutMs: number;
  private tickTimer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Scans written since the last `scan` event: project → "type:id" → count. */
  private scans = new Map<string, Map<string, number>>();
  private scanWindowStart = new Date();
  /** Queue writes not finished yet (close waits for them). */
  private readonly pendingWrites = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly settings: {
      allowPrivate: boolean;
      metrics: AppMetrics;
      onError: (error: unknown, what: string) => void;
      /** The item a change is about, as the API answers it (services/webhookPayloads.ts). */
      present: ItemPresenter;
    },
    options: WebhookDispatcherOptions = {},
  ) {
    this.tickMs = options.tickMs ?? SECOND;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.scanBatchMs = options.scanBatchMs ?? 10 * SECOND;
    this.timeoutMs = options.timeoutMs ?? 10 * SECOND;
  }

  /** Follows the bus (changes of this process only: every process queues its own) and starts. */
  start(bus: EventBus): () => void {
    const unsubscribe = bus.subscribe((events, local) => {
      if (local) this.track(this.queueEvents(events));
    });
    this.tickTimer = setInterval(() => void this.tick(), this.tickMs);
    this.tickTimer.unref();
    this.scanTimer = setInterval(() => this.track(this.queueScans()), this.scanBatchMs);
    this.scanTimer.unref();
    return unsubscribe;
  }

  /** The scan recorder's hook: counted scans (no bots, no ad views) wait for the next batch. */
  scansWritten(rows: readonly ScanRow[]): void {
    for (const row of rows) {
      if (row.kind !== 'scan' || row.isBot) continue;
      let items = this.scans.get(row.projectId);
      if (!items) this.scans.set(row.projectId, (items = new Map()));
      const key = `${row.itemType}:${row.itemId}`;
      items.set(key, (items.get(key) ?? 0) + 1);
    }
  }

  /** Sends what is due now (the timer calls it; tests may too). Never runs twice at once. */
  tick(): Promise<void> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops the timers, queues the scans counted so far and waits for what is under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.track(this.queueScans());
    await Promise.all([...this.pendingWrites]);
    await this.running;
  }

  /** Queues the scan batch now instead of at the next 10-second mark. */
  flushScans(): Promise<void> {
    const write = this.queueScans();
    this.track(write);
    return write;
  }

  private track(write: Promise<void>): void {
    const tracked = write.catch((error) => this.settings.onError(error, 'queue'));
    this.pendingWrites.add(tracked);
    void tracked.finally(() => this.pendingWrites.delete(tracked));
  }

  private async queueEvents(events: readonly DomainEvent[]): Promise<void> {
    const messages: QueuedMessage[] = [];
    for (const event of events) {
      const change = CHANGE_OF[event.action];
      if (!change || !ITEM_TYPES.includes(event.type) || !event.projectId) continue;
      const projectId = event.projectId;
      for (const id of event.ids)
        messages.push({
          projectId,
          event: `${event.type}.${change}`,
          // Read now, after the commit: the item as it is, or its ids once it is gone.
          data: async () =>
            (await this.settings.present(event.type, projectId, id)) ?? {
              id,
              projectId,
              codes: event.codes,
            },
        });
    }
    await this.queue(messages);
  }

  private async queueScans(): Promise<void> {
    if (this.scans.size === 0) return;
    const scans = this.scans;
    const from = this.scanWindowStart.toISOString();
    this.scans = new Map();
    this.scanWindowStart = new Date();
    const to = this.scanWindowStart.toISOString();
    await this.queue(
      [...scans].map(([projectId, items]) => ({
        projectId,
        event: 'scan',
        data: {
          projectId,
          from,
          to,
          items: [...items].map(([key, count]) => {
            const [itemType, itemId] = key.split(':');
            return { itemType, itemId, scans: count };
          }),
        },
      })),
    );
  }

  /** One delivery row per message and webhook of its project that wants its event. */
  private async queue(messages: QueuedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const webhooks = await webhooksOfProjects(this.db, [
      ...new Set(messages.map((message) => message.projectId)),
    ]);
    if (webhooks.length === 0) return;
    const now = new Date().toISOString();
    const payloads = new Map<QueuedMessage, Promise<string>>();
    const payloadOf = (message: QueuedMessage) => {
      let payload = payloads.get(message);
      if (!payload) {
        const { data } = message;
        payload = (typeof data === 'function' ? data() : Promise.resolve(data)).then((read) =>
          JSON.stringify({ type: message.event, timestamp: now, data: read }),
        );
        payloads.set(message, payload);
      }
      return payload;
    };
    const rows = [];
    for (const webhook of webhooks) {
      const wanted = new Set(JSON.parse(webhook.events) as string[]);
      for (const message of messages) {
        if (message.projectId !== webhook.projectId || !wanted.has(message.event)) continue;
        rows.push({
          id: ulid(),
          webhookId: webhook.id,
          event: message.event,
          payload: await payloadOf(message),
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          lastAttemptAt: null,
          responseStatus: null,
          lastError: null,
          createdAt: now,
        });
      }
    }
    await insertDeliveries(this.db, rows);
    this.settings.metrics.webhookQueueDepth.inc(rows.length);
  }

  private async sendDue(): Promise<void> {
    try {
      for (;;) {
        const now = new Date();
        const due = await dueDeliveries(this.db, now.toISOString(), BATCH_SIZE);
        // A claim holds a row for two time limits: long enough to answer, short enough that a
        // process that died mid-send leaves the row to another within a minute or so.
        const leaseUntil = new Date(now.getTime() + 2 * this.timeoutMs).toISOString();
        const claimed = [];
        for (const row of due) if (await claimDelivery(this.db, row, leaseUntil)) claimed.push(row);
        await Promise.all(claimed.map((row) => this.attempt(row)));
        if (due.length < BATCH_SIZE || this.closed) break;
      }
      this.settings.metrics.webhookQueueDepth.set(await countPendingDeliveries(this.db));
    } catch (error) {
      this.settings.onError(error, 'send');
    }
  }

  private async attempt(row: {
    id: string;
    url: string;
    secret: string;
    payload: string;
    attempts: number;
  }): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': row.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(row.secret, row.id, timestamp, row.payload),
    };
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await postJson(row.url, headers, row.payload, {
        allowPrivate: this.settings.allowPrivate,
        timeoutMs: this.timeoutMs,
      });
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, ERROR_MAX);
    }
    const attempts = row.attempts + 1;
    const at = new Date();
    const wait = this.retryDelaysMs[attempts - 1];
    const result = error === null ? 'delivered' : wait === undefined ? 'failed' : 'retry';
    this.settings.metrics.webhookDeliveries.inc({ result });
    await recordAttempt(this.db, row.id, {
      status: result === 'retry' ? 'pending' : result,
      attempts,
      lastAttemptAt: at.toISOString(),
      nextAttemptAt: result === 'retry' ? new Date(at.getTime() + wait!).toISOString() : null,
      responseStatus: status,
      lastError: error,
    });
  }
}
