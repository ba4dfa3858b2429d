// Webhooks (issue 15, part 3) against a real receiver on 127.0.0.1: deliveries are signed as the
// Standard Webhooks specification says (verified here by our own reading of the spec, not by the
// server's code), retried after failures, never sent for a change that rolled back, and never to
// private addresses unless WEBHOOK_ALLOW_PRIVATE is set.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkQrCodeThroughApi } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver that answers each request with the next status of `statuses` (then 200). */
class Receiver {
  received: Received[] = [];
  statuses: number[] = [];
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = this.statuses.shift() ?? 200;
      response.end('ok');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Standard Webhooks, section "Verifying webhook authenticity": the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, the key is the base64 part of the `whsec_` secret,
 * and webhook-signature holds space-separated `v1,{base64 HMAC-SHA256}` entries.
 */
function verifiesAsStandardWebhook(secret: string, message: Received): boolean {
  const id = message.headers['webhook-id'] as string;
  const timestamp = message.headers['webhook-timestamp'] as string;
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(`${id}.${timestamp}.${message.body}`)
    .digest();
  const signatures = String(message.headers['webhook-signature']).split(' ');
  return signatures.some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return (
      version === 'v1' &&
      given.length === expected.length &&
      crypto.timingSafeEqual(given, expected)
    );
  });
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A link Action as the API takes it (name, kind, data). */
const linkAction = (link: string) => ({ name: 'Payload', objectType: 'link', data: { link } });

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
let admin: string;
let receiver: Receiver;
let url: string;
const project = () => t.ids.projects.demoLinked;

beforeAll(async () => {
  t = await buildTestApp({
    config: { webhookAllowPrivate: true },
    webhooks: { tickMs: 20, retryDelaysMs: [10, 10, 10], scanBatchMs: 60_000 },
  });
  admin = await login(t.app, DEMO.customeradmin);
  receiver = new Receiver();
  url = await receiver.start();
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

afterEach(async () => {
  await t.db.deleteFrom('webhookDeliveries').execute();
  await t.db.deleteFrom('webhooks').execute();
  receiver.received = [];
  receiver.statuses = [];
});

async function webhook(events: string[], target = url) {
  const res = await call(t.app, 'POST', `/api/projects/${project()}/webhooks`, {
    cookie: admin,
    body: { url: target, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string; url: string; events: string[] };
}

const deliveriesOf = async (id: string) =>
  (
    await call(t.app, 'GET', `/api/projects/${project()}/webhooks/${id}/deliveries`, {
      cookie: admin,
    })
  ).json().data as { id: string; status: string; attempts: number; responseStatus: number }[];

describe('deliveries', () => {
  it('sends a change signed per Standard Webhooks, and only the events asked for', async () => {
    const hook = await webhook(['qr_code.created', 'qr_code.trashed']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const qrCode = await linkQrCodeThroughApi(t.app, admin, project(), 'https://example.com/');
    const [message] = await until(
      () => receiver.received,
      (list) => list.length > 0,
    );
    expect(message, 'nothing received').toBeDefined();
    expect(verifiesAsStandardWebhook(hook.secret, message)).toBe(true);
    expect(
      verifiesAsStandardWebhook(`whsec_${Buffer.from('wrong').toString('base64')}`, message),
    ).toBe(false);
    expect(Math.abs(Number(message.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
      60,
    );
    expect(message.headers['content-type']).toBe('application/json');
    // The data is the QR code exactly as GET …/qr-codes/{id} answers it.
    const read = await call(t.app, 'GET', `/api/projects/${project()}/qr-codes/${qrCode.id}`, {
      cookie: admin,
    });
    const payload = JSON.parse(message.body);
    expect(payload.type).toBe('qr_code.created');
    expect(payload.data).toEqual(read.json().data);
    expect(payload.data).toMatchObject({ id: qrCode.id, code: qrCode.code, trashedAt: null });
    // The inline Action was made too, but action.created was not asked for.
    expect(receiver.received).toHaveLength(1);
    // The receiver answers before the dispatcher notes the answer.
    const [delivery] = await until(
      () => deliveriesOf(hook.id),
      (list) => list[0]?.status !== 'pending',
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
    expect(delivery.id).toBe(message.headers['webhook-id']);
  });

  it("carries each change's item as the API answers it, and only ids once the item is gone", async () => {
    await webhook([
      'short_link.updated',
      'short_link.trashed',
      'short_link.deleted',
      'action.updated',
      'action.deleted',
    ]);
    const base = `/api/projects/${project()}`;
    const made = await call(t.app, 'POST', `${base}/short-links`, {
      cookie: admin,
      body: { uri: 'payload-hook', name: 'Before', action: linkAction('https://example.com/a') },
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json().data as { id: string; uri: string; actionId: string };
    const bodies = async (count: number) =>
      (
        await until(
          () => receiver.received,
          (list) => list.length >= count,
        )
      ).map((message) => JSON.parse(message.body) as { type: string; data: { id: string } });
    const read = async (path: string) =>
      (await call(t.app, 'GET', `${base}/${path}`, { cookie: admin })).json().data;

    await call(t.app, 'PUT', `${base}/short-links/${link.id}`, {
      cookie: admin,
      body: { name: 'After' },
    });
    const [updated] = await bodies(1);
    expect(updated.type).toBe('short_link.updated');
    expect(updated.data).toEqual(await read(`short-links/${link.id}`));
    expect(updated.data).toMatchObject({ name: 'After', uri: 'payload-hook' });

    await call(t.app, 'PUT', `${base}/actions/${link.actionId}`, {
      cookie: admin,
      body: linkAction('https://example.com/b'),
    });
    const action = (await bodies(2))[1];
    expect(action.type).toBe('action.updated');
    expect(action.data).toEqual(await read(`actions/${link.actionId}`));
    expect(action.data).toMatchObject({ data: { link: 'https://example.com/b' } });

    await call(t.app, 'DELETE', `${base}/short-links/${link.id}/trash`, { cookie: admin });
    const trashed = (await bodies(3))[2];
    expect(trashed.type).toBe('short_link.trashed');
    expect(trashed.data).toEqual(await read(`short-links/${link.id}`));
    expect(trashed.data).toMatchObject({ trashedAt: expect.any(String) });

    // Deleted for good: nothing left to present, so the ids and the uri it answered on.
    await call(t.app, 'DELETE', `${base}/short-links/${link.id}`, { cookie: admin });
    const deleted = (await bodies(4))[3];
    expect(deleted).toEqual({
      type: 'short_link.deleted',
      timestamp: expect.any(String),
      data: { id: link.id, projectId: project(), codes: [link.uri] },
    });
  });

  it('retries after failures with the same message id, and gives up when the waits run out', async () => {
    const hook = await webhook(['short_link.created']);
    receiver.statuses = [500, 503];
    await call(t.app, 'POST', `/api/projects/${project()}/short-links`, {
      cookie: admin,
      body: { uri: 'retry-hook', name: 'Retry' },
    });
    const [delivery] = await until(
      () => deliveriesOf(hook.id),
      (list) => list[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(receiver.received.map((m) => m.headers['webhook-id'])).toEqual([
      delivery.id,
      delivery.id,
      delivery.id,
    ]);

    receiver.statuses = [500, 500, 500, 500];
    await call(t.app, 'POST', `/api/projects/${project()}/short-links`, {
      cookie: admin,
      body: { uri: 'never-hook', name: 'Never' },
    });
    const list = await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(list[0]).toMatchObject({ status: 'failed', attempts: 4, responseStatus: 500 });

    // Send again: the same message goes out once more.
    const resend = await call(
      t.app,
      'POST',
      `/api/projects/${project()}/webhooks/${hook.id}/deliveries/${list[0].id}/resend`,
      { cookie: admin },
    );
    expect(resend.statusCode, resend.body).toBe(202);
    const after = await until(
      () => deliveriesOf(hook.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(after[0]).toMatchObject({ id: list[0].id, status: 'delivered', attempts: 1 });
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(list[0].id);
  });

  it('sends nothing for a change that rolled back', async () => {
    await webhook(['qr_code.created', 'action.created']);
    // A refused QR code (its inline Action is invalid) leaves nothing, and says nothing.
    const refused = await call(t.app, 'POST', `/api/projects/${project()}/qr-codes`, {
      cookie: admin,
      body: { name: 'Bad', action: { name: 'x', objectType: 'link', data: { link: 'nope' } } },
    });
    expect(refused.statusCode).toBe(422);
    // A change that fails after its audit row was written rolls back the row and the event.
    const work = t.app.writePath.for({
      client: 'api',
      userId: t.ids.users.customeradmin,
      customerId: t.ids.customers.demo,
      device: null,
      environment: 'test',
    });
    await expect(
      work.run(async ({ record }) => {
        await record({ type: 'qr_code', action: 'created', itemId: 'x', projectId: project() });
        throw new Error('disk on fire');
      }),
    ).rejects.toThrow('disk on fire');
    // A committed change afterwards proves the dispatcher was listening all along.
    await work.run(async ({ record }) => {
      await record({
        type: 'qr_code',
        action: 'created',
        itemId: 'committed',
        projectId: project(),
      });
    });
    await until(
      () => receiver.received,
      (list) => list.length > 0,
    );
    await t.app.webhooks.tick();
    expect(receiver.received.map((m) => JSON.parse(m.body).data.id)).toEqual(['committed']);
  });

  it('sends counted scans in one batch per webhook', async () => {
    await webhook(['scan']);
    const qrCode = await linkQrCodeThroughApi(t.app, admin, project(), 'https://example.com/s');
    for (let i = 0; i < 3; i++)
      await t.app.inject({ url: `/s/${qrCode.code}`, headers: { 'user-agent': PHONE } });
    // A bot's visit is not a counted scan.
    await t.app.inject({ url: `/s/${qrCode.code}`, headers: { 'user-agent': 'curl/8.0' } });
    await t.app.scanRecorder.flush();
    await t.app.webhooks.flushScans();
    const [message] = await until(
      () => receiver.received,
      (list) => list.length > 0,
    );
    const body = JSON.parse(message.body);
    expect(body.type).toBe('scan');
    expect(body.data.items).toEqual([{ itemType: 'qr_code', itemId: qrCode.id, scans: 3 }]);
    await t.app.webhooks.tick();
    expect(receiver.received).toHaveLength(1);
  });

  it('counts the queue in the metrics', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).toMatch(/^qrhub_webhook_queue_depth \d+$/m);
    expect(res.body).toMatch(/^qrhub_webhook_deliveries_total\{result="delivered"\} [1-9]\d*$/m);
  });
});

describe('managing webhooks', () => {
  it('changes events and URL, refuses junk at the field, and deletes with the log', async () => {
    const hook = await webhook(['scan']);
    const bad = await call(t.app, 'PUT', `/api/projects/${project()}/webhooks/${hook.id}`, {
      cookie: admin,
      body: { url: 'ftp://example.com', events: ['qr_code.exploded'] },
    });
    expect(bad.statusCode).toBe(422);
    const pointers = bad
      .json()
      .errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/url', '/events/0']));
    const changed = await call(t.app, 'PUT', `/api/projects/${project()}/webhooks/${hook.id}`, {
      cookie: admin,
      body: { events: ['action.deleted'] },
    });
    expect(changed.json().data).toMatchObject({
      url,
      events: ['action.deleted'],
      secret: hook.secret,
    });
    const gone = await call(t.app, 'DELETE', `/api/projects/${project()}/webhooks/${hook.id}`, {
      cookie: admin,
    });
    expect(gone.statusCode).toBe(204);
    const list = await call(t.app, 'GET', `/api/projects/${project()}/webhooks`, { cookie: admin });
    expect(list.json().data).toEqual([]);
  });

  it('is for customer admins only', async () => {
    const user = await login(t.app, DEMO.user);
    const res = await call(t.app, 'POST', `/api/projects/${project()}/webhooks`, {
      cookie: user,
      body: { url: 'https://example.com/hook', events: ['scan'] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('private addresses without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let strictAdmin: string;

  beforeAll(async () => {
    strict = await buildTestApp({ webhooks: { tickMs: 20, retryDelaysMs: [] } });
    strictAdmin = await login(strict.app, DEMO.customeradmin);
  });

  afterAll(async () => {
    await strict?.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost:9/hook',
    'http://[::1]/hook',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest',
  ])('refuses %s at the field', async (target) => {
    const res = await call(
      strict.app,
      'POST',
      `/api/projects/${strict.ids.projects.demoLinked}/webhooks`,
      {
        cookie: strictAdmin,
        body: { url: target, events: ['scan'] },
      },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'webhook_url_private',
      source: { pointer: '/url' },
    });
  });

  it('does not send to a private address that got into the table anyway', async () => {
    const projectId = strict.ids.projects.demoLinked;
    const now = new Date().toISOString();
    await strict.db
      .insertInto('webhooks')
      .values({
        id: '01JZZZZZZZZZZZZZZZZZZZZZZZ',
        customerId: strict.ids.customers.demo,
        projectId,
        url: url.replace('127.0.0.1', 'localhost'),
        secret: `whsec_${Buffer.from('secret').toString('base64')}`,
        events: JSON.stringify(['qr_code.created']),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await linkQrCodeThroughApi(strict.app, strictAdmin, projectId, 'https://example.com/');
    const rows = await until(
      () => strict.db.selectFrom('webhookDeliveries').selectAll().execute(),
      (list) => list[0]?.status === 'failed',
    );
    expect(rows[0]).toMatchObject({ status: 'failed', responseStatus: null });
    expect(rows[0].lastError).toMatch(/private or loopback/);
    expect(receiver.received).toEqual([]);
  });
});
