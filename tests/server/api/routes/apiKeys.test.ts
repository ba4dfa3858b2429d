// API keys (issue 15, part 2): made by a customer admin for one project, shown once, stored as a
// digest; a key acts within its project and scope only, expires, can be revoked, is rate limited
// and leaves audit rows with client `api`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../../src/server/security.js';
import {
  apiKeyThroughApi,
  bearer,
  buildUser,
  linkQrCodeThroughApi,
} from '../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
let admin: string;
let user: string;
let project: string;

const apiCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  key: string,
  body?: unknown,
) => call(t.app, method, url, { clientType: 'api', headers: bearer(key), body });

const newQrCode = {
  name: 'From a script',
  action: { name: 'Shop', objectType: 'link', data: { link: 'https://shop.example/' } },
};

beforeAll(async () => {
  t = await buildTestApp({ config: { apiKeyRateLimit: 40 } });
  admin = await login(t.app, DEMO.customeradmin);
  user = await login(t.app, DEMO.user);
  project = t.ids.projects.demoLinked;
});

afterAll(async () => {
  await t?.close();
});

describe('making keys', () => {
  it('shows the key once and keeps only its digest and prefix', async () => {
    const res = await call(t.app, 'POST', `/api/projects/${project}/api-keys`, {
      cookie: admin,
      body: { name: 'Shop', scope: 'content' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.key).toMatch(/^qrh_[A-Za-z0-9_-]{40}$/);
    expect(data).toMatchObject({
      name: 'Shop',
      scope: 'content',
      expiresAt: null,
      revokedAt: null,
    });
    expect(data.key.startsWith(data.prefix)).toBe(true);
    const row = await t.db
      .selectFrom('apiKeys')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row.keyHash).toBe(sha256(data.key));
    expect(JSON.stringify(row)).not.toContain(data.key);
    const list = await call(t.app, 'GET', `/api/projects/${project}/api-keys`, { cookie: admin });
    expect(list.json().data.find((key: { id: string }) => key.id === data.id)).toEqual({
      ...data,
      key: undefined,
    });
    expect(list.body).not.toContain(data.key);
  });

  it('refuses a bad scope and a past expiry at their fields', async () => {
    const res = await call(t.app, 'POST', `/api/projects/${project}/api-keys`, {
      cookie: admin,
      body: { name: '', scope: 'root', expiresAt: '2001-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(422);
    const pointers = res
      .json()
      .errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers.sort()).toEqual(['/expiresAt', '/name', '/scope']);
  });

  it('is for customer admins only', async () => {
    const res = await call(t.app, 'POST', `/api/projects/${project}/api-keys`, {
      cookie: user,
      body: { name: 'Mine', scope: 'read' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('calling with a key', () => {
  it('a read key reads its project and changes nothing', async () => {
    const { key } = await apiKeyThroughApi(t.app, admin, project, 'read');
    const list = await apiCall('GET', `/api/projects/${project}/qr-codes`, key);
    expect(list.statusCode, list.body).toBe(200);
    const created = await apiCall('POST', `/api/projects/${project}/qr-codes`, key, newQrCode);
    expect(created.statusCode).toBe(403);
    expect(created.json().errors[0].code).toBe('forbidden');
    // Tagging is a change of the items, whatever the route's own guard.
    const label = await call(t.app, 'POST', `/api/projects/${project}/labels`, {
      cookie: admin,
      body: { name: 'Read only' },
    });
    const qrCode = await linkQrCodeThroughApi(t.app, admin, project, 'https://example.com/');
    const tagged = await apiCall(
      'POST',
      `/api/projects/${project}/labels/${label.json().data.id}/items`,
      key,
      { itemType: 'qr_code', itemIds: [qrCode.id] },
    );
    expect(tagged.statusCode, tagged.body).toBe(403);
  });

  it('a content key makes QR codes, audited with client api; nothing outside its project', async () => {
    const { key } = await apiKeyThroughApi(t.app, admin, project, 'content');
    const created = await apiCall('POST', `/api/projects/${project}/qr-codes`, key, newQrCode);
    expect(created.statusCode, created.body).toBe(201);
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('itemId', '=', created.json().data.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      client: 'api',
      userId: t.ids.users.customeradmin,
      action: 'created',
    });

    const other = t.ids.projects.demoOther;
    const foreign = await apiCall('GET', `/api/projects/${other}/qr-codes`, key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].code).toBe('project_not_found');
    const projects = await apiCall('GET', '/api/projects', key);
    expect(projects.json().data.map((p: { id: string }) => p.id)).toEqual([project]);
    // Not the account around the project: users, the audit log, keys themselves.
    for (const url of [
      '/api/self',
      `/api/customers/${t.ids.customers.demo}/users`,
      '/api/audit-logs',
    ])
      expect((await apiCall('GET', url, key)).statusCode, url).toBe(403);
    expect((await apiCall('GET', `/api/projects/${project}/api-keys`, key)).statusCode).toBe(403);
    expect(
      (
        await apiCall('POST', `/api/projects/${project}/api-keys`, key, {
          name: 'x',
          scope: 'full',
        })
      ).statusCode,
    ).toBe(403);
    // Content, not settings.
    expect(
      (await apiCall('PUT', `/api/projects/${project}`, key, { name: 'Renamed' })).statusCode,
    ).toBe(403);
  });

  it('never does more than its creator may', async () => {
    const plain = await buildUser(t.db, {
      customerId: t.ids.customers.demo,
      role: 'customeradmin',
    });
    const cookie = await login(t.app, plain.email, plain.password);
    const { key } = await apiKeyThroughApi(t.app, cookie, project, 'full');
    expect((await apiCall('GET', `/api/projects/${project}/qr-codes`, key)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', plain.id).execute();
    // A plain user not linked to the project: the project is out of sight.
    expect((await apiCall('GET', `/api/projects/${project}/qr-codes`, key)).statusCode).toBe(404);
    expect((await apiCall('PUT', `/api/projects/${project}`, key, { name: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('records when a key was last used', async () => {
    const { id, key } = await apiKeyThroughApi(t.app, admin, project, 'read');
    await apiCall('GET', `/api/projects/${project}/short-links`, key);
    const row = await t.db
      .selectFrom('apiKeys')
      .select('lastUsedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('an unknown, expired or revoked key gets 401 api_key_invalid', async () => {
    const unknown = await apiCall('GET', `/api/projects/${project}/qr-codes`, 'qrh_nope');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors[0].code).toBe('api_key_invalid');

    const soon = new Date(Date.now() + 60_000).toISOString();
    const expiring = await apiKeyThroughApi(t.app, admin, project, 'read', soon);
    expect(
      (await apiCall('GET', `/api/projects/${project}/qr-codes`, expiring.key)).statusCode,
    ).toBe(200);
    await t.db
      .updateTable('apiKeys')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect(
      (await apiCall('GET', `/api/projects/${project}/qr-codes`, expiring.key)).statusCode,
    ).toBe(401);

    const revoked = await apiKeyThroughApi(t.app, admin, project, 'read');
    const res = await call(t.app, 'DELETE', `/api/projects/${project}/api-keys/${revoked.id}`, {
      cookie: admin,
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await apiCall('GET', `/api/projects/${project}/qr-codes`, revoked.key)).statusCode,
    ).toBe(401);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['type', 'action'])
      .where('itemId', '=', revoked.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { type: 'api_key', action: 'created' },
      { type: 'api_key', action: 'revoked' },
    ]);
  });

  it('counts requests per key and says so in RateLimit headers', async () => {
    const first = await apiKeyThroughApi(t.app, admin, project, 'read');
    const second = await apiKeyThroughApi(t.app, admin, project, 'read');
    let last = await apiCall('GET', `/api/projects/${project}/labels`, first.key);
    expect(last.headers['ratelimit-limit']).toBe('40');
    expect(last.headers['ratelimit-remaining']).toBe('39');
    for (let i = 0; i < 40; i++)
      last = await apiCall('GET', `/api/projects/${project}/labels`, first.key);
    expect(last.statusCode).toBe(429);
    expect(last.json().errors[0].code).toBe('too_many_attempts');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    // Another key of the same project is not slowed.
    expect((await apiCall('GET', `/api/projects/${project}/labels`, second.key)).statusCode).toBe(
      200,
    );
  });
});
