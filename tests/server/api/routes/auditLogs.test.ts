import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('audit rows', () => {
  it('records client, user, customer, project, item, name, type, action and device', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const created = await call(t.app, 'POST', '/api/projects', {
      cookie,
      body: { name: 'Audited' },
      clientType: 'portal',
      headers: { 'user-agent': CHROME_ON_MAC },
    });
    const projectId = created.json().data.id;
    const row = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('itemId', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      client: 'portal',
      userId: t.ids.users.customeradmin,
      customerId: t.ids.customers.demo,
      projectId,
      name: 'Audited',
      type: 'project',
      action: 'created',
      environment: expect.any(String),
    });
    expect(row.device).toContain('Chrome 120');
    expect(row.device).toContain('Mac OS');
  });

  it('are written in the same transaction: a failing audit insert leaves no change behind', async () => {
    const broken = await buildTestApp();
    try {
      const cookie = await login(broken.app, DEMO.customeradmin);
      await sql`drop table audit_logs`.execute(broken.db);
      const response = await call(broken.app, 'POST', '/api/projects', {
        cookie,
        body: { name: 'Orphan' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().errors[0]).toEqual({
        code: 'internal',
        detail: 'Something went wrong',
      });
      const orphan = await broken.db
        .selectFrom('projects')
        .select('id')
        .where('name', '=', 'Orphan')
        .executeTakeFirst();
      expect(orphan).toBeUndefined();

      const trash = await call(
        broken.app,
        'DELETE',
        `/api/projects/${broken.ids.projects.demoOther}/trash`,
        {
          cookie,
        },
      );
      expect(trash.statusCode).toBe(500);
      const project = await broken.db
        .selectFrom('projects')
        .select('trashedAt')
        .where('id', '=', broken.ids.projects.demoOther)
        .executeTakeFirstOrThrow();
      expect(project.trashedAt).toBeNull();
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/audit-logs', () => {
  it.each([
    ['admin', 200],
    ['customeradmin', 200],
    ['user', 403],
  ] as const)('as %s → %i', async (role, expected) => {
    const cookie = await login(t.app, DEMO[role]);
    expect((await call(t.app, 'GET', '/api/audit-logs', { cookie })).statusCode).toBe(expected);
  });

  it('shows a customer admin only their own customer’s rows, newest first', async () => {
    await login(t.app, DEMO.other);
    const cookie = await login(t.app, DEMO.customeradmin);
    const response = await call(t.app, 'GET', '/api/audit-logs?perPage=500', { cookie });
    const rows = response.json().data as { customerId: string; createdAt: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.customerId))).toEqual(new Set([t.ids.customers.demo]));
    const times = rows.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('admins see every customer and can filter by type and action', async () => {
    await login(t.app, DEMO.other);
    const cookie = await login(t.app, DEMO.admin);
    const response = await call(
      t.app,
      'GET',
      '/api/audit-logs?type=user&action=login&perPage=500',
      { cookie },
    );
    const rows = response.json().data as { customerId: string | null; action: string }[];
    expect(rows.every((row) => row.action === 'login')).toBe(true);
    expect(rows.map((row) => row.customerId)).toEqual(
      expect.arrayContaining([t.ids.customers.acme, t.ids.customers.demo]),
    );
  });

  it('GET /audit-logs/{id}: own rows 200, other customers’ rows 404', async () => {
    const otherCookie = await login(t.app, DEMO.other);
    const acmeRows = await call(t.app, 'GET', '/api/audit-logs', {
      cookie: await login(t.app, DEMO.admin),
    });
    const acmeRow = (acmeRows.json().data as { id: string; customerId: string }[]).find(
      (row) => row.customerId === t.ids.customers.acme,
    );
    expect(acmeRow).toBeDefined();
    const cookie = await login(t.app, DEMO.customeradmin);
    const foreign = await call(t.app, 'GET', `/api/audit-logs/${acmeRow!.id}`, { cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].code).toBe('audit_log_not_found');
    expect(otherCookie).toBeTruthy();

    const own = (await call(t.app, 'GET', '/api/audit-logs', { cookie })).json().data[0];
    const one = await call(t.app, 'GET', `/api/audit-logs/${own.id}`, { cookie });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: own.id, children: [] });
    expect((await call(t.app, 'GET', '/api/audit-logs/nope', { cookie })).statusCode).toBe(404);
  });

  it('answers 422 for an unknown filter value', async () => {
    const cookie = await login(t.app, DEMO.admin);
    const response = await call(t.app, 'GET', '/api/audit-logs?action=exploded', { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe('/action');
  });
});
