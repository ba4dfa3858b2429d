import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
const cookies: Record<'admin' | 'customeradmin' | 'user' | 'other', string> = {
  admin: '',
  customeradmin: '',
  user: '',
  other: '',
};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) {
    cookies[role] = await login(t.app, DEMO[role]);
  }
});
afterAll(async () => {
  await t.close();
});

type Role = 'admin' | 'customeradmin' | 'user';
type RouteName =
  | 'read'
  | 'update'
  | 'duplicate'
  | 'trash'
  | 'hardDelete'
  | 'status'
  | 'listUsers'
  | 'linkUser'
  | 'updateUserLink'
  | 'unlinkUser';

interface RouteCase {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  ok: number;
  body?: (userId: string) => unknown;
  /** The project must already be in the trash (hard delete). */
  trashed?: boolean;
}

const ROUTES: Record<RouteName, RouteCase> = {
  read: { method: 'GET', path: '', ok: 200 },
  update: { method: 'PUT', path: '', ok: 200, body: () => ({ name: 'Renamed' }) },
  duplicate: { method: 'POST', path: '/duplicate', ok: 201 },
  trash: { method: 'DELETE', path: '/trash', ok: 204 },
  hardDelete: { method: 'DELETE', path: '', ok: 204, trashed: true },
  status: { method: 'GET', path: '/status', ok: 200 },
  listUsers: { method: 'GET', path: '/users', ok: 200 },
  linkUser: { method: 'POST', path: '/users', ok: 201, body: (id) => ({ id, canManage: true }) },
  updateUserLink: {
    method: 'PUT',
    path: '/users',
    ok: 200,
    body: (id) => ({ id, canManage: true }),
  },
  unlinkUser: { method: 'DELETE', path: '/users', ok: 204, body: (id) => ({ id }) },
};

/** What each role may do to a project it can see (src/shared/permissions.ts). */
const ALLOWED: Record<Role, RouteName[]> = {
  admin: Object.keys(ROUTES) as RouteName[],
  customeradmin: Object.keys(ROUTES) as RouteName[],
  user: ['read', 'status', 'listUsers'],
};

const cases = (['admin', 'customeradmin', 'user'] as Role[]).flatMap((role) =>
  (Object.keys(ROUTES) as RouteName[]).flatMap((route) =>
    (['own', 'foreign'] as const).map((target) => {
      const isAllowed = ALLOWED[role].includes(route);
      const expected = !isAllowed
        ? 403
        : target === 'foreign' && role !== 'admin'
          ? 404
          : ROUTES[route].ok;
      return { role, route, target, expected };
    }),
  ),
);

describe('project routes: role × route × tenant', () => {
  it.each(cases)(
    '$role $route on $target project → $expected',
    async ({ role, route, target, expected }) => {
      const spec = ROUTES[route];
      const customerId = target === 'own' ? t.ids.customers.demo : t.ids.customers.acme;
      const linkedUserId = target === 'own' ? t.ids.users.user : t.ids.users.other;
      const projectId = await buildProject(t.db, {
        customerId,
        trashedAt: spec.trashed ? new Date().toISOString() : null,
      });
      await t.db
        .insertInto('projectUsers')
        .values({
          projectId,
          userId: linkedUserId,
          canManage: 0,
          createdAt: new Date().toISOString(),
        })
        .execute();

      const response = await call(t.app, spec.method, `/api/projects/${projectId}${spec.path}`, {
        cookie: cookies[role],
        body: spec.body?.(linkedUserId),
      });
      expect(response.statusCode, response.body).toBe(expected);
      if (expected === 403) expect(response.json().errors[0].code).toBe('forbidden');
      if (expected === 404) expect(response.json().errors[0].code).toBe('project_not_found');
    },
  );

  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', '/trash'],
    ['GET', '/status'],
  ] as const)('%s /projects/{non-ulid}%s → 404 project_not_found', async (method, suffix) => {
    const response = await call(t.app, method, `/api/projects/not-a-ulid${suffix}`, {
      cookie: cookies.admin,
      body: { name: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('project_not_found');
  });
});

describe('project visibility', () => {
  it.each([
    ['user', ['Website']],
    ['customeradmin', ['Events', 'Website']],
    ['other', ['Acme Launch']],
  ] as const)('%s sees %j', async (role, names) => {
    const response = await call(t.app, 'GET', '/api/projects?perPage=500', {
      cookie: cookies[role],
    });
    expect(response.statusCode).toBe(200);
    const seen = (response.json().data as { name: string }[]).map((p) => p.name);
    expect(
      seen.filter((name) => ['Website', 'Events', 'Acme Launch'].includes(name)).sort(),
    ).toEqual([...names].sort());
  });

  it('admins see every customer’s projects, and q searches names', async () => {
    const response = await call(t.app, 'GET', '/api/projects?q=acme', { cookie: cookies.admin });
    const body = response.json();
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Acme Launch']);
    expect(body.meta).toEqual({ total: 1, page: 1, perPage: 25 });
  });

  it('a user cannot open a project of their customer they are not linked to', async () => {
    const response = await call(t.app, 'GET', `/api/projects/${t.ids.projects.demoOther}`, {
      cookie: cookies.user,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('project lifecycle', () => {
  it('create → edit → duplicate → trash → hard delete', async () => {
    const cookie = cookies.customeradmin;
    const created = await call(t.app, 'POST', '/api/projects', {
      cookie,
      body: { name: 'Spring campaign', description: 'Posters' },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json().data;
    expect(project).toMatchObject({
      name: 'Spring campaign',
      description: 'Posters',
      access: '0',
      tracking: true,
      customerId: t.ids.customers.demo,
      usage: { used: { qrCodes: 0 }, total: { qrCodes: -1 } },
    });

    const edited = await call(t.app, 'PUT', `/api/projects/${project.id}`, {
      cookie,
      body: { name: 'Summer campaign', access: '1' },
    });
    expect(edited.json().data).toMatchObject({
      name: 'Summer campaign',
      access: '1',
      description: 'Posters',
    });

    await call(t.app, 'POST', `/api/projects/${project.id}/users`, {
      cookie,
      body: { id: t.ids.users.user, canManage: false },
    });
    const duplicated = await call(t.app, 'POST', `/api/projects/${project.id}/duplicate`, {
      cookie,
    });
    expect(duplicated.statusCode).toBe(201);
    const copy = duplicated.json().data;
    expect(copy).toMatchObject({ name: 'Summer campaign (copy)', access: '1' });
    expect(copy.id).not.toBe(project.id);
    const copyUsers = await call(t.app, 'GET', `/api/projects/${copy.id}/users`, { cookie });
    expect(copyUsers.json().data.map((u: { id: string }) => u.id)).toEqual([t.ids.users.user]);

    const notTrashedYet = await call(t.app, 'DELETE', `/api/projects/${project.id}`, { cookie });
    expect(notTrashedYet.statusCode).toBe(422);
    expect(notTrashedYet.json().errors[0].code).toBe('invalid');

    expect(
      (await call(t.app, 'DELETE', `/api/projects/${project.id}/trash`, { cookie })).statusCode,
    ).toBe(204);
    expect((await call(t.app, 'GET', `/api/projects/${project.id}`, { cookie })).statusCode).toBe(
      404,
    );
    const list = await call(t.app, 'GET', '/api/projects?perPage=500', { cookie });
    expect(list.json().data.map((p: { id: string }) => p.id)).not.toContain(project.id);

    expect(
      (await call(t.app, 'DELETE', `/api/projects/${project.id}`, { cookie })).statusCode,
    ).toBe(204);
    const row = await t.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', project.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();

    const actions = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'type'])
      .where('itemId', 'in', [project.id, copy.id])
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'created',
      'updated',
      'duplicated',
      'trashed',
      'deleted',
    ]);
  });

  it('answers 422 with pointer and meta for bad input', async () => {
    const response = await call(t.app, 'POST', '/api/projects', {
      cookie: cookies.customeradmin,
      body: { name: 'x'.repeat(256), access: '2', tracking: 'yes' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { code: 'max', detail: expect.any(String), source: { pointer: '/name' }, meta: { max: 255 } },
      {
        code: 'in',
        detail: expect.any(String),
        source: { pointer: '/access' },
        meta: { values: ['0', '1'] },
      },
      { code: 'invalid', detail: expect.any(String), source: { pointer: '/tracking' } },
    ]);
  });

  it('admins must name the customer of a new project', async () => {
    const missing = await call(t.app, 'POST', '/api/projects', {
      cookie: cookies.admin,
      body: { name: 'P' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].source.pointer).toBe('/customerId');
    const created = await call(t.app, 'POST', '/api/projects', {
      cookie: cookies.admin,
      body: { name: 'P', customerId: t.ids.customers.acme },
    });
    expect(created.json().data.customerId).toBe(t.ids.customers.acme);
  });

  it('a customer admin cannot place a project in another customer', async () => {
    const response = await call(t.app, 'POST', '/api/projects', {
      cookie: cookies.customeradmin,
      body: { name: 'Sneaky', customerId: t.ids.customers.acme },
    });
    expect(response.json().data.customerId).toBe(t.ids.customers.demo);
  });
});

describe('project users', () => {
  it('refuses to unlink an admin with 422 cannot_unlink_admin', async () => {
    const response = await call(
      t.app,
      'DELETE',
      `/api/projects/${t.ids.projects.demoLinked}/users`,
      {
        cookie: cookies.customeradmin,
        body: { id: t.ids.users.admin },
      },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'cannot_unlink_admin',
      source: { pointer: '/id' },
    });
  });

  it('refuses to link another customer’s user with 404 user_not_found', async () => {
    const response = await call(t.app, 'POST', `/api/projects/${t.ids.projects.demoLinked}/users`, {
      cookie: cookies.customeradmin,
      body: { id: t.ids.users.other, canManage: false },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('user_not_found');
  });

  it('lists linked users with canManage', async () => {
    const response = await call(t.app, 'GET', `/api/projects/${t.ids.projects.demoLinked}/users`, {
      cookie: cookies.user,
    });
    expect(response.json().data).toEqual([
      { id: t.ids.users.user, name: 'Demo User', email: DEMO.user, role: 'user', canManage: false },
    ]);
  });
});
