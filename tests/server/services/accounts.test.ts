// The accounts screen's API (issue 9, part 1): the list, role changes, project links,
// deactivation and deletion, with the self and last-customeradmin guards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let customeradmin: string;
let admin: string;
let demo: string;

beforeAll(async () => {
  t = await buildTestApp();
  customeradmin = await login(t.app, DEMO.customeradmin);
  admin = await login(t.app, DEMO.admin);
  demo = t.ids.customers.demo;
});
afterAll(async () => {
  await t.close();
});

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string }[] }).errors[0].code;

async function accounts(cookie = customeradmin, customerId = demo) {
  const response = await call(t.app, 'GET', `/api/customers/${customerId}/accounts?perPage=100`, {
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: {
      id: string;
      role: string;
      active: boolean;
      projects: { id: string }[];
      lastSignInAt: string | null;
      twoFactorEnabled: boolean | null;
    }[];
    meta: { total: number; seats: { used: number; max: number } };
  };
}

const colleague = (role: 'user' | 'customeradmin' = 'user') =>
  buildUser(t.db, { customerId: demo, role });

describe('GET /customers/{id}/accounts', () => {
  it('shows two-step sign-in as on once the account has confirmed it', async () => {
    const account = await colleague();
    await t.db
      .updateTable('users')
      .set({ twoFactorEnabledAt: new Date().toISOString() })
      .where('id', '=', account.id)
      .execute();
    const listed = (await accounts()).data.find((row) => row.id === account.id)!;
    expect(listed.twoFactorEnabled).toBe(true);
  });

  it('lists each user with role, linked projects, last sign-in, two-factor state and the seats', async () => {
    const list = await accounts();
    const user = list.data.find((account) => account.id === t.ids.users.user)!;
    expect(user).toMatchObject({
      role: 'user',
      active: true,
      projects: [{ id: t.ids.projects.demoLinked }],
      lastSignInAt: null,
    });
    expect(user.twoFactorEnabled).toBe(false);
    const me = list.data.find((account) => account.id === t.ids.users.customeradmin)!;
    expect(me.lastSignInAt).not.toBeNull();
    expect(list.meta.seats.max).toBe(5);
    expect(list.meta.seats.used).toBeGreaterThanOrEqual(2);
  });

  it("is the customer admin's own customer only, and any customer for admins", async () => {
    const foreign = await call(t.app, 'GET', `/api/customers/${t.ids.customers.acme}/accounts`, {
      cookie: customeradmin,
    });
    expect(foreign.statusCode).toBe(404);
    const acme = await accounts(admin, t.ids.customers.acme);
    expect(acme.data.map((account) => account.id)).toContain(t.ids.users.other);
    const user = await login(t.app, DEMO.user);
    const refused = await call(t.app, 'GET', `/api/customers/${demo}/accounts`, { cookie: user });
    expect(refused.statusCode).toBe(403);
  });
});

describe('role changes', () => {
  it('promotes a user to customer admin and back', async () => {
    const { id } = await colleague();
    for (const role of ['customeradmin', 'user']) {
      const response = await call(t.app, 'PUT', `/api/users/${id}`, {
        cookie: customeradmin,
        body: { role },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.role).toBe(role);
    }
  });

  it('never demotes the last customer admin (last_customeradmin_demote)', async () => {
    const response = await call(t.app, 'PUT', `/api/users/${t.ids.users.customeradmin}`, {
      cookie: admin,
      body: { role: 'user' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'last_customeradmin_demote',
      source: { pointer: '/role' },
    });
  });
});

describe('deactivating', () => {
  it('ends the sessions and the sign-in of a deactivated account until it is activated again', async () => {
    const user = await colleague();
    const cookie = await login(t.app, user.email, user.password);
    const off = await call(t.app, 'POST', `/api/users/${user.id}/deactivate`, {
      cookie: customeradmin,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(t.app, 'GET', '/api/self', { cookie })).statusCode).toBe(401);
    const signIn = await call(t.app, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
      remoteAddress: '10.3.0.1',
    });
    expect(signIn.statusCode).toBe(401);
    expect((await accounts()).data.find((account) => account.id === user.id)!.active).toBe(false);
    const on = await call(t.app, 'POST', `/api/users/${user.id}/activate`, {
      cookie: customeradmin,
    });
    expect(on.statusCode).toBe(200);
    await login(t.app, user.email, user.password);
  });

  it('nobody deactivates themselves (cannot_deactivate_self)', async () => {
    const response = await call(
      t.app,
      'POST',
      `/api/users/${t.ids.users.customeradmin}/deactivate`,
      {
        cookie: customeradmin,
      },
    );
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('cannot_deactivate_self');
  });

  it('never deactivates the last active customer admin (last_customeradmin_remove)', async () => {
    const response = await call(
      t.app,
      'POST',
      `/api/users/${t.ids.users.customeradmin}/deactivate`,
      {
        cookie: admin,
      },
    );
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('last_customeradmin_remove');
  });

  it('a deactivated second admin does not count as a remaining admin', async () => {
    const second = await colleague('customeradmin');
    await call(t.app, 'POST', `/api/users/${second.id}/deactivate`, { cookie: customeradmin });
    const demote = await call(t.app, 'PUT', `/api/users/${t.ids.users.customeradmin}`, {
      cookie: admin,
      body: { role: 'user' },
    });
    expect(codeOf(demote)).toBe('last_customeradmin_demote');
    await call(t.app, 'POST', `/api/users/${second.id}/activate`, { cookie: customeradmin });
    const deleted = await call(t.app, 'DELETE', `/api/users/${second.id}`, {
      cookie: customeradmin,
    });
    expect(deleted.statusCode).toBe(204);
  });
});

describe('deleting', () => {
  it('nobody deletes themselves (cannot_delete_self)', async () => {
    const response = await call(t.app, 'DELETE', `/api/users/${t.ids.users.customeradmin}`, {
      cookie: customeradmin,
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('cannot_delete_self');
  });

  it('never deletes the last customer admin, but one of two', async () => {
    const last = await call(t.app, 'DELETE', `/api/users/${t.ids.users.customeradmin}`, {
      cookie: admin,
    });
    expect(last.statusCode).toBe(403);
    expect(codeOf(last)).toBe('last_customeradmin_remove');
    const second = await colleague('customeradmin');
    const response = await call(t.app, 'DELETE', `/api/users/${second.id}`, { cookie: admin });
    expect(response.statusCode).toBe(204);
  });
});

describe('PUT /users/{id}/projects', () => {
  it('links exactly the given projects, with a linked or unlinked audit row per change', async () => {
    const user = await colleague();
    const extra = await buildProject(t.db, { customerId: demo, name: 'Extra' });
    const set = (projectIds: string[]) =>
      call(t.app, 'PUT', `/api/users/${user.id}/projects`, {
        cookie: customeradmin,
        body: { projectIds },
      });
    expect((await set([t.ids.projects.demoLinked, extra])).statusCode).toBe(204);
    expect((await set([extra])).statusCode).toBe(204);
    const mine = (await accounts()).data.find((account) => account.id === user.id)!;
    expect(mine.projects.map((project) => project.id)).toEqual([extra]);
    const rows = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'projectId'])
      .where('itemId', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action).sort()).toEqual(['linked', 'linked', 'unlinked']);
  });

  it("refuses another customer's project at its index", async () => {
    const user = await colleague();
    const response = await call(t.app, 'PUT', `/api/users/${user.id}/projects`, {
      cookie: customeradmin,
      body: { projectIds: [t.ids.projects.demoLinked, t.ids.projects.acme] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe('/projectIds/1');
  });
});
