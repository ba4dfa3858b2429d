import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulidx';
import { buildUser, buildCustomer } from '../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
const cookies: Record<'admin' | 'customeradmin' | 'user', string> = {
  admin: '',
  customeradmin: '',
  user: '',
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

type Role = keyof typeof cookies;
interface CustomerRoute {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  ok: number;
  body?: () => unknown;
}

const LIMITS = { maxQrCodes: 10, maxScans: -1, maxStorage: 1000, maxUsers: 3, maxShortLinks: 5 };
const ROUTES: Record<string, CustomerRoute> = {
  read: { method: 'GET', path: '', ok: 200 },
  update: { method: 'PUT', path: '', ok: 200, body: () => ({ customerType: 'consumer' }) },
  delete: { method: 'DELETE', path: '', ok: 204 },
  limits: { method: 'PUT', path: '/limits', ok: 200, body: () => LIMITS },
  subscription: { method: 'GET', path: '/subscription', ok: 200 },
  progress: { method: 'GET', path: '/progress', ok: 200 },
  progressUpdate: { method: 'PUT', path: '/progress', ok: 200, body: () => ({ done: true }) },
  status: { method: 'GET', path: '/status', ok: 200 },
  projects: { method: 'GET', path: '/projects', ok: 200 },
  users: { method: 'GET', path: '/users', ok: 200 },
  createUser: {
    method: 'POST',
    path: '/users',
    ok: 201,
    body: () => ({ name: 'New', email: `new-${ulid().toLowerCase()}@example.com`, role: 'user' }),
  },
};

/** A customer admin runs their own customer; plain users manage no customer. */
const ALLOWED: Record<Role, string[]> = {
  admin: Object.keys(ROUTES),
  customeradmin: [
    'read',
    'update',
    'subscription',
    'progress',
    'progressUpdate',
    'status',
    'projects',
    'users',
    'createUser',
  ],
  user: [],
};

async function freshCustomer(): Promise<string> {
  const now = new Date().toISOString();
  return buildCustomer(t.db, {
    adminEmail: 'foreign@example.com',
    trialEndAt: now,
    progressDone: 0,
    subscriptionStatus: 'trial',
    maxQrCodes: 1,
    maxScans: 1,
    maxStorage: 1,
    maxUsers: 1,
    maxShortLinks: 1,
  });
}

const cases = (Object.keys(cookies) as Role[]).flatMap((role) =>
  Object.keys(ROUTES).flatMap((route) =>
    (['own', 'foreign'] as const).map((target) => {
      const expected = !ALLOWED[role].includes(route)
        ? 403
        : target === 'foreign' && role !== 'admin'
          ? 404
          : ROUTES[route].ok;
      return { role, route, target, expected };
    }),
  ),
);

describe('customer routes: role × route × tenant', () => {
  it.each(cases)(
    '$role $route on $target customer → $expected',
    async ({ role, route, target, expected }) => {
      const spec = ROUTES[route];
      // Destructive calls get a customer of their own, so the demo customer stays intact.
      const ownId = role === 'admin' ? await freshCustomer() : t.ids.customers.demo;
      const customerId = target === 'own' ? ownId : await freshCustomer();
      const response = await call(t.app, spec.method, `/api/customers/${customerId}${spec.path}`, {
        cookie: cookies[role],
        body: spec.body?.(),
      });
      expect(response.statusCode, response.body).toBe(expected);
      if (expected === 403) expect(response.json().errors[0].code).toBe('forbidden');
      if (expected === 404) expect(response.json().errors[0].code).toBe('customer_not_found');
    },
  );

  it.each([
    ['admin', 200],
    ['customeradmin', 403],
    ['user', 403],
  ] as const)('GET /customers as %s → %i', async (role, expected) => {
    const response = await call(t.app, 'GET', '/api/customers', { cookie: cookies[role] });
    expect(response.statusCode).toBe(expected);
  });

  it('answers 404 for a non-ULID customer id', async () => {
    const response = await call(t.app, 'GET', '/api/customers/123', { cookie: cookies.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('customer_not_found');
  });
});

describe('customers', () => {
  it('a new customer starts a 14-day trial', async () => {
    const response = await call(t.app, 'POST', '/api/customers', {
      cookie: cookies.admin,
      body: { name: 'Trial Co', adminEmail: 'Boss@Trial.example', customerType: 'business' },
    });
    expect(response.statusCode).toBe(201);
    const customer = response.json().data;
    expect(customer).toMatchObject({
      name: 'Trial Co',
      adminEmail: 'boss@trial.example',
      subscription: { status: 'trial', planId: null },
      progress: { done: false },
    });
    const days = (Date.parse(customer.progress.trialEndAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('refuses a duplicate name with 422 customername_duplicated', async () => {
    const response = await call(t.app, 'POST', '/api/customers', {
      cookie: cookies.admin,
      body: { name: 'demo bv', adminEmail: 'x@example.com' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'customername_duplicated',
      source: { pointer: '/name' },
    });
  });

  it('reports status with used and total counts', async () => {
    const response = await call(t.app, 'GET', `/api/customers/${t.ids.customers.demo}/status`, {
      cookie: cookies.customeradmin,
    });
    const { used, total } = response.json().data;
    expect(Object.keys(used).sort()).toEqual([
      'qrCodes',
      'scans',
      'shortLinks',
      'storage',
      'users',
    ]);
    expect(used.users).toBeGreaterThanOrEqual(2);
    expect(total.users).toBeGreaterThan(0);
  });

  it('only admins move the trial end', async () => {
    const response = await call(t.app, 'PUT', `/api/customers/${t.ids.customers.demo}/progress`, {
      cookie: cookies.customeradmin,
      body: { done: false, trialEndAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('GET /register/progress answers the caller’s trial', async () => {
    const user = await call(t.app, 'GET', '/api/register/progress', { cookie: cookies.user });
    expect(user.json().data).toEqual({
      trialEndAt: expect.any(String),
      done: expect.any(Boolean),
      steps: expect.objectContaining({ verify_email: true }),
    });
    const admin = await call(t.app, 'GET', '/api/register/progress', { cookie: cookies.admin });
    expect(admin.json().data).toEqual({ trialEndAt: null, done: true });
  });
});

describe('users', () => {
  // These cases make more accounts than the demo plan's seats; the limit has its own test.
  beforeAll(async () => {
    await t.db.updateTable('customers').set({ maxUsers: -1 }).execute();
  });

  const newUser = (role: unknown) => ({
    name: 'Someone',
    email: `someone-${ulid().toLowerCase()}@example.com`,
    role,
  });

  it.each([
    ['customeradmin', 'user', 201, null],
    ['customeradmin', 'customeradmin', 201, null],
    ['customeradmin', 'admin', 422, 'role_not_allowed'],
    ['customeradmin', 'superuser', 422, 'role_does_not_exist'],
    ['admin', 'admin', 422, 'role_not_allowed'],
    ['admin', 'user', 201, null],
  ] as const)('%s creating a %s → %i %s', async (actor, role, expected, code) => {
    const response = await call(t.app, 'POST', `/api/customers/${t.ids.customers.demo}/users`, {
      cookie: cookies[actor],
      body: newUser(role),
    });
    expect(response.statusCode, response.body).toBe(expected);
    if (code) {
      expect(response.json().errors[0]).toMatchObject({ code, source: { pointer: '/role' } });
    }
  });

  it('uses the SPEC messages for unknown and forbidden roles', async () => {
    const unknown = await call(t.app, 'POST', `/api/customers/${t.ids.customers.demo}/users`, {
      cookie: cookies.customeradmin,
      body: newUser('root'),
    });
    expect(unknown.json().errors[0].detail).toBe('The specified role does not exist');
    const forbidden = await call(t.app, 'POST', `/api/customers/${t.ids.customers.demo}/users`, {
      cookie: cookies.customeradmin,
      body: newUser('admin'),
    });
    expect(forbidden.json().errors[0].detail).toBe('The specified role may not be used');
  });

  it('refuses a taken email with 422 email_duplicated', async () => {
    const response = await call(t.app, 'POST', `/api/customers/${t.ids.customers.demo}/users`, {
      cookie: cookies.customeradmin,
      body: { name: 'Copy', email: DEMO.other, role: 'user' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'email_duplicated',
      source: { pointer: '/email' },
    });
  });

  it('changing an email to one of the same customer answers email_duplicated', async () => {
    const response = await call(t.app, 'PUT', `/api/users/${t.ids.users.user}`, {
      cookie: cookies.customeradmin,
      body: { email: DEMO.customeradmin },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'email_duplicated',
      source: { pointer: '/email' },
    });
  });

  it('changing an email to one used in another customer answers a neutral error', async () => {
    const response = await call(t.app, 'PUT', `/api/users/${t.ids.users.user}`, {
      cookie: cookies.customeradmin,
      body: { email: DEMO.other },
    });
    expect(response.statusCode).toBe(422);
    const error = response.json().errors[0];
    expect(error).toMatchObject({ code: 'email_unavailable', source: { pointer: '/email' } });
    expect(JSON.stringify(error)).not.toMatch(/exist|account|Acme/i);
  });

  it.each([
    ['admin', 'admin'],
    ['customeradmin', 'customeradmin'],
  ] as const)('%s cannot delete their own account', async (role, userKey) => {
    const response = await call(t.app, 'DELETE', `/api/users/${t.ids.users[userKey]}`, {
      cookie: cookies[role],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('cannot_delete_self');
  });

  it.each([
    ['customeradmin', 'GET', 'other', 404],
    ['customeradmin', 'PUT', 'other', 404],
    ['customeradmin', 'DELETE', 'other', 404],
    ['customeradmin', 'GET', 'user', 200],
    ['user', 'GET', 'customeradmin', 403],
    ['user', 'GET', 'user', 200],
    ['user', 'DELETE', 'customeradmin', 403],
    ['admin', 'GET', 'other', 200],
  ] as const)('%s %s /users/{%s} → %i', async (role, method, target, expected) => {
    const response = await call(t.app, method, `/api/users/${t.ids.users[target]}`, {
      cookie: cookies[role],
      body: method === 'PUT' ? { name: 'Changed' } : undefined,
    });
    expect(response.statusCode).toBe(expected);
    if (expected === 404) expect(response.json().errors[0].code).toBe('user_not_found');
  });

  it('a customer admin deletes a user of their customer', async () => {
    const { id } = await buildUser(t.db, { customerId: t.ids.customers.demo });
    const response = await call(t.app, 'DELETE', `/api/users/${id}`, {
      cookie: cookies.customeradmin,
    });
    expect(response.statusCode).toBe(204);
    expect(
      (await call(t.app, 'GET', `/api/users/${id}`, { cookie: cookies.customeradmin })).statusCode,
    ).toBe(404);
  });

  it('nobody changes their own role', async () => {
    const response = await call(t.app, 'PUT', `/api/users/${t.ids.users.customeradmin}`, {
      cookie: cookies.customeradmin,
      body: { role: 'user' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('role_not_allowed');
  });

  it('GET /users/{id}/projects lists the projects linked to that user', async () => {
    const response = await call(t.app, 'GET', `/api/users/${t.ids.users.user}/projects`, {
      cookie: cookies.customeradmin,
    });
    expect(response.json().data.map((p: { id: string }) => p.id)).toEqual([
      t.ids.projects.demoLinked,
    ]);
    const foreign = await call(t.app, 'GET', `/api/users/${t.ids.users.other}/projects`, {
      cookie: cookies.customeradmin,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
