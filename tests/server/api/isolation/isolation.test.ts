// Tenant isolation (developers' guide: "no user ever reaches another customer's data, whatever id
// they send"; docs/api.md: other customers' ids answer the resource's 404, a missing permission
// 403, bad input 422 at its field, a state-changing call without Client-Type 400). Every endpoint
// of endpoints.ts is called by Demo BV's customer admin and user with Acme's ids, and by Demo BV's
// user with the ids of a Demo BV project they are not linked to; afterwards no stored row may
// differ. Bodies are fuzzed too: whatever they hold, the answer is never a 500.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { ulid } from 'ulidx';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanPrefixOf } from '../../../../src/server/app.js';
import { API_ERROR_CODES, type ApiErrorCode } from '../../../../src/shared/errors.js';
import {
  apiKeyPermissionsOf,
  hasPermission,
  type PermissionKey,
} from '../../../../src/shared/permissions.js';
import type { Role } from '../../../../src/shared/enums.js';
import { LABEL_ITEM_PATHS } from '../../../../src/shared/schemas/label.js';
import { QR_PRINT_PATHS } from '../../../../src/server/api/routes/qrPrint.js';
import { DEFAULT_QR_DESIGN } from '../../../../src/shared/schemas/qrCode.js';
import { apiKeyThroughApi, bearer, buildUser, recordScans } from '../../../helpers/factories.js';
import { call, login, DEMO } from '../../../helpers/testApp.js';
import {
  buildContentApp,
  multipart,
  PNG_1PX,
  upload,
  type ContentTestApp,
} from '../routes/contentHelpers.js';
import {
  BODY_REFERENCES,
  CUSTOMER_KEYS,
  ENDPOINTS,
  fillPath,
  idKeysOf,
  notFoundCodeOf,
  PROJECT_ITEM_KEYS,
  type Endpoint,
  type Method,
} from './endpoints.js';
import {
  invitationOf,
  latestAuditLogOf,
  seedProjectContent,
  snapshot,
  themeSettingsWith,
  VALID_AD,
  whiteLabelHostnameOf,
  invoiceOf,
  type IdKey,
  type TenantIds,
} from './fixtures.js';

type Caller = 'customeradmin' | 'user';
/** acme: another customer's project; unlinked: a project of Demo BV the user is not linked to. */
type Target = 'acme' | 'unlinked';

const ROLE_OF: Record<Caller, Role> = { customeradmin: 'customeradmin', user: 'user' };
const SCENARIOS: { caller: Caller; target: Target }[] = [
  { caller: 'customeradmin', target: 'acme' },
  { caller: 'user', target: 'acme' },
  { caller: 'user', target: 'unlinked' },
];

let t: ContentTestApp;
let acmeAdmin: string;
/** Demo BV's own content, in the project the user is linked to. */
let own: TenantIds;
let foreign: Record<Target, TenantIds>;

beforeAll(async () => {
  t = await buildContentApp();
  const { ids } = t;
  const acmeAdminUser = await buildUser(t.db, {
    customerId: ids.customers.acme,
    role: 'customeradmin',
    email: 'acme-admin@example.com',
  });
  acmeAdmin = await login(t.app, acmeAdminUser.email, acmeAdminUser.password);
  const acme = await seedProjectContent(t, acmeAdmin, ids.projects.acme, { trashProject: true });
  const demo = await seedProjectContent(t, t.cookies.customeradmin, ids.projects.demoLinked, {
    trashProject: true,
  });
  const unlinked = await seedProjectContent(t, t.cookies.customeradmin, ids.projects.demoOther);
  const demoCustomer = {
    customer: ids.customers.demo,
    user: ids.users.user,
    auditLog: await latestAuditLogOf(t, ids.customers.demo),
    whiteLabel: await whiteLabelHostnameOf(t, t.cookies.admin, ids.customers.demo),
    invite: await invitationOf(t, t.cookies.customeradmin, ids.customers.demo),
    invoice: await invoiceOf(t, t.cookies.customeradmin, ids.plans.starter),
    plan: ids.plans.starter,
  };
  own = { ...demo, ...demoCustomer };
  foreign = {
    acme: {
      ...acme,
      customer: ids.customers.acme,
      user: ids.users.other,
      auditLog: await latestAuditLogOf(t, ids.customers.acme),
      whiteLabel: await whiteLabelHostnameOf(t, t.cookies.admin, ids.customers.acme),
      invite: await invitationOf(t, acmeAdmin, ids.customers.acme),
      invoice: await invoiceOf(t, acmeAdmin, ids.plans.starter),
      plan: ids.plans.starter,
    },
    unlinked: { ...unlinked, ...demoCustomer },
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface ErrorEntry {
  code: string;
  detail: string;
  source?: { pointer: string };
  meta?: Record<string, unknown>;
}

function errorsOf(res: LightMyRequestResponse): ErrorEntry[] {
  return (res.json() as { errors: ErrorEntry[] }).errors;
}

const missingPermission = (role: Role, perms: PermissionKey[]) =>
  perms.some((key) => !hasPermission(role, key));

/** The answer a refused call must give: 403 for a role without the key, else the 404 code. */
function expectRefused(
  res: LightMyRequestResponse,
  role: Role,
  perms: PermissionKey[],
  expected: { status: number; code: ApiErrorCode; pointer?: string },
): void {
  expect(res.statusCode, res.body).not.toBe(500);
  expect(res.statusCode >= 200 && res.statusCode < 300, res.body).toBe(false);
  if (missingPermission(role, perms)) {
    expect(res.statusCode, res.body).toBe(403);
    expect(errorsOf(res)[0].code).toBe('forbidden');
    return;
  }
  expect(res.statusCode, res.body).toBe(expected.status);
  expect(errorsOf(res)[0].code, res.body).toBe(expected.code);
  if (expected.pointer) expect(errorsOf(res)[0].source?.pointer).toBe(expected.pointer);
}

const describeEndpoint = (endpoint: { method: Method; path: string }) =>
  `${endpoint.method} ${endpoint.path}`;

/** Whether an id key of the path belongs to a project (so "own project, foreign item" applies). */
const hasProjectItem = (endpoint: Endpoint) =>
  !endpoint.path.includes('?') &&
  idKeysOf(endpoint.path).some((key) => PROJECT_ITEM_KEYS.includes(key));

const isCustomerLevel = (endpoint: { path: string }) =>
  idKeysOf(endpoint.path).some((key) => CUSTOMER_KEYS.includes(key));

/** `GET /projects/:id/qr-codes/:id`: a route with its parameters named alike, without a query. */
function shapeOf(method: string, routePath: string): string {
  return `${method.toUpperCase()} ${routePath.split('?')[0].replace(/:[a-zA-Z]+/g, ':id')}`;
}

/** The paths a route pattern stands for (those filled in from a list of collections). */
function expandPath(routePath: string): string[] {
  const fillers: [string, readonly string[]][] = [
    ['${LABEL_ITEM_PATHS[itemType]}', Object.values(LABEL_ITEM_PATHS)],
    ['${route.path}', QR_PRINT_PATHS],
  ];
  const filler = fillers.find(([placeholder]) => routePath.includes(placeholder));
  return filler ? filler[1].map((item) => routePath.replace(filler[0], item)) : [routePath];
}

/** Routes whose path holds an id, read from the route files (the file API is tested apart). */
function routesWithIds(): string[] {
  const dir = path.join('src', 'server', 'api', 'routes');
  const routes: string[] = [];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(
      /\.(get|post|put|delete)(?:<[^>]*>)?\(\s*(['`])([^'`]+)\2/g,
    )) {
      const paths = expandPath(match[3]);
      for (const routePath of paths) {
        if (!routePath.includes(':')) continue;
        if (routePath.startsWith('/file/') || routePath.startsWith('/converter/')) continue;
        // A mailed token, not an id: tests/server/api/routes/invites.test.ts checks those links.
        if (routePath.startsWith('/register/')) continue;
        routes.push(shapeOf(match[1], routePath));
      }
    }
  }
  return routes;
}

interface PathCase {
  label: string;
  caller: Caller;
  target: Target;
  endpoint: Endpoint;
  /** all: every id foreign; item: the caller's own project with a foreign item id. */
  variant: 'all' | 'item';
}

const PATH_CASES: PathCase[] = SCENARIOS.flatMap(({ caller, target }) =>
  ENDPOINTS.filter((endpoint) => target === 'acme' || !isCustomerLevel(endpoint)).flatMap(
    (endpoint) =>
      (['all', 'item'] as const)
        .filter((variant) => variant === 'all' || hasProjectItem(endpoint))
        .map((variant) => ({
          label: `${caller} → ${target} (${variant === 'all' ? 'foreign ids' : 'own project, foreign item'}): ${describeEndpoint(endpoint)}`,
          caller,
          target,
          endpoint,
          variant,
        })),
  ),
);

describe('foreign ids in the path', () => {
  it('the list covers every route with an id in its path', () => {
    const listed = new Set(ENDPOINTS.map((endpoint) => shapeOf(endpoint.method, endpoint.path)));
    const missing = routesWithIds().filter((route) => !listed.has(route));
    expect(missing).toEqual([]);
  });

  it.each(PATH_CASES)('$label', async ({ caller, target, endpoint, variant }) => {
    const ids = foreign[target];
    const keys = idKeysOf(endpoint.path);
    const idOf = (key: IdKey) => (variant === 'item' && key === 'pid' ? own.pid : ids[key]);
    const before = await snapshot(t);
    const res = await call(t.app, endpoint.method, fillPath(endpoint.path, idOf), {
      cookie: t.cookies[caller],
      body: endpoint.body?.(own),
    });
    const firstForeign = keys.find((key) => variant === 'all' || key !== 'pid') ?? keys[0];
    expectRefused(res, ROLE_OF[caller], endpoint.perms, {
      status: 404,
      code: notFoundCodeOf(endpoint, firstForeign),
    });
    expect(await snapshot(t)).toEqual(before);
  });

  it.each(
    ENDPOINTS.filter(
      // A trashed project is hidden from its own customer too.
      (endpoint) => endpoint.method === 'GET' && !endpoint.path.includes(':trashedPid'),
    ).map((endpoint) => ({
      label: describeEndpoint(endpoint),
      endpoint,
    })),
  )('control: Acme itself reads $label with the same ids', async ({ endpoint }) => {
    const res = await call(
      t.app,
      'GET',
      fillPath(endpoint.path, (key) => foreign.acme[key]),
      {
        cookie: acmeAdmin,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

const BODY_CASES = SCENARIOS.flatMap(({ caller, target }) =>
  BODY_REFERENCES.filter((reference) => target === 'acme' || !reference.customerLevel).map(
    (reference) => ({
      label: `${caller} → ${target}: ${reference.name} (${describeEndpoint(reference)})`,
      caller,
      target,
      reference,
    }),
  ),
);

describe('foreign ids in the body, own project in the path', () => {
  it.each(BODY_CASES)('$label', async ({ caller, target, reference }) => {
    const before = await snapshot(t);
    const res = await call(
      t.app,
      reference.method,
      fillPath(reference.path, (key) => own[key]),
      {
        cookie: t.cookies[caller],
        body: reference.body(own, foreign[target]),
      },
    );
    expectRefused(res, ROLE_OF[caller], reference.perms, reference);
    expect(await snapshot(t)).toEqual(before);
  });

  it('list filters with foreign ids show nothing foreign', async () => {
    const acme = foreign.acme;
    const lists = [
      `/api/projects/${own.pid}/qr-codes?actionId=${acme.action}`,
      `/api/projects/${own.pid}/qr-codes?labelId=${acme.label}`,
      `/api/projects/${own.pid}/short-links?actionId=${acme.action}`,
      `/api/projects/${own.pid}/short-links?labelId=${acme.label}`,
      `/api/audit-logs?projectId=${acme.pid}`,
      `/api/audit-logs?userId=${acme.user}`,
      `/api/audit-logs?itemId=${acme.qrCode}`,
      `/api/customers/${own.customer}/projects?q=Acme`,
      `/api/projects?q=Acme`,
    ];
    for (const url of lists) {
      const res = await call(t.app, 'GET', url, { cookie: t.cookies.customeradmin });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json(), url).toMatchObject({ data: [], meta: { total: 0 } });
    }
  });

  it('item-labels answers nothing for foreign items', async () => {
    for (const caller of ['customeradmin', 'user'] as const) {
      for (const [itemType, key] of [
        ['qr_code', 'qrCode'],
        ['short_link', 'shortLink'],
        ['action', 'action'],
      ] as const) {
        const ids = [foreign.acme[key], foreign.unlinked[key]].join(',');
        const res = await call(
          t.app,
          'GET',
          `/api/projects/${own.pid}/item-labels?itemType=${itemType}&ids=${ids}`,
          { cookie: t.cookies[caller] },
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ data: {} });
      }
    }
  });

  it('statistics of a foreign item in the own project count nothing of it', async () => {
    const at = new Date().toISOString();
    await recordScans(t.db, { customerId: t.ids.customers.acme, projectId: foreign.acme.pid }, [
      { itemId: foreign.acme.qrCode, scannedAt: at, isUnique: 1 },
    ]);
    for (const itemId of [foreign.acme.qrCode, foreign.acme.action]) {
      const res = await call(
        t.app,
        'GET',
        `/api/analytics/timeseries?projectId=${own.pid}&itemId=${itemId}`,
        { cookie: t.cookies.customeradmin },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total).toBe(0);
    }
    const acmeOwn = await call(
      t.app,
      'GET',
      `/api/analytics/timeseries?projectId=${foreign.acme.pid}&itemId=${foreign.acme.qrCode}`,
      { cookie: acmeAdmin },
    );
    expect(acmeOwn.json().meta.total).toBe(1);
  });

  it('nobody in a customer makes an admin (admins reach every customer)', async () => {
    const before = await snapshot(t);
    const created = await call(t.app, 'POST', `/api/customers/${own.customer}/users`, {
      cookie: t.cookies.customeradmin,
      body: { name: 'Root', email: 'root@example.com', role: 'admin' },
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(errorsOf(created)[0]).toMatchObject({
      code: 'role_not_allowed',
      source: { pointer: '/role' },
    });
    const promoted = await call(t.app, 'PUT', `/api/users/${own.user}`, {
      cookie: t.cookies.customeradmin,
      body: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(422);
    expect(errorsOf(promoted)[0].source?.pointer).toBe('/role');
    const self = await call(t.app, 'PUT', `/api/users/${t.ids.users.user}`, {
      cookie: t.cookies.user,
      body: { role: 'customeradmin' },
    });
    expect(self.statusCode, self.body).toBe(422);
    expect(await snapshot(t)).toEqual(before);
  });

  it('a customer admin cannot create a project for another customer', async () => {
    const res = await call(t.app, 'POST', '/api/projects', {
      cookie: t.cookies.customeradmin,
      body: { name: 'Smuggled', customerId: t.ids.customers.acme },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.customerId).toBe(t.ids.customers.demo);
    const acmeProjects = await t.db
      .selectFrom('projects')
      .select('name')
      .where('customerId', '=', t.ids.customers.acme)
      .execute();
    expect(acmeProjects.map((row) => row.name)).not.toContain('Smuggled');
  });
});

// A script's key (issue 15) is held to its project: a full-scope key of Demo BV's linked project
// calls every endpoint with Acme's ids and with the ids of Demo BV's other project. A route of
// the account around the project, or beyond the key's permissions, answers 403; every other one
// the item's 404; nothing changes.
describe('API keys: foreign ids in the path', () => {
  const API_KEY_ROUTES = ['/projects', '/analytics'];
  const reachable = (endpoint: Endpoint) =>
    API_KEY_ROUTES.some(
      (prefix) => endpoint.path === prefix || endpoint.path.startsWith(`${prefix}/`),
    );
  const keys: Partial<Record<Target, string>> = {};
  const keyOf = async (target: Target) =>
    (keys[target] ??= (
      await apiKeyThroughApi(t.app, t.cookies.customeradmin, own.pid, 'full')
    ).key);
  const permissions = apiKeyPermissionsOf('full', 'customeradmin');

  const KEY_CASES = (['acme', 'unlinked'] as const).flatMap((target) =>
    ENDPOINTS.filter((endpoint) => target === 'acme' || !isCustomerLevel(endpoint)).map(
      (endpoint) => ({ label: `key → ${target}: ${describeEndpoint(endpoint)}`, target, endpoint }),
    ),
  );

  it.each(KEY_CASES)('$label', async ({ target, endpoint }) => {
    const key = await keyOf(target);
    const before = await snapshot(t);
    const res = await call(
      t.app,
      endpoint.method,
      fillPath(endpoint.path, (k) => foreign[target][k]),
      {
        clientType: 'api',
        headers: bearer(key),
        body: endpoint.body?.(own),
      },
    );
    expect(res.statusCode, res.body).not.toBe(500);
    expect(res.statusCode >= 200 && res.statusCode < 300, res.body).toBe(false);
    const keys = idKeysOf(endpoint.path);
    if (!reachable(endpoint) || endpoint.perms.some((perm) => !permissions.has(perm))) {
      expect(res.statusCode, res.body).toBe(403);
    } else {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorsOf(res)[0].code).toBe(notFoundCodeOf(endpoint, keys[0]));
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('the file API', () => {
  it.each(SCENARIOS)(
    '$caller → $target: no upload into a foreign project',
    async ({ caller, target }) => {
      const before = await snapshot(t);
      const res = await upload(t, {
        cookie: t.cookies[caller],
        projectId: foreign[target].pid,
        kind: 'image',
        filename: 'x.png',
        content: PNG_1PX,
      });
      expectRefused(res, ROLE_OF[caller], ['MediaCreate'], {
        status: 404,
        code: 'project_not_found',
      });
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it.each(SCENARIOS)(
    '$caller → $target: no upload over a foreign media id',
    async ({ caller, target }) => {
      const before = await snapshot(t);
      const res = await upload(t, {
        cookie: t.cookies[caller],
        projectId: own.pid,
        kind: 'image',
        filename: 'x.png',
        content: PNG_1PX,
        mediaId: foreign[target].media,
      });
      // Within the customer the id is known to be taken (422); another customer's is 404.
      if (target === 'acme')
        expectRefused(res, ROLE_OF[caller], ['MediaCreate'], { status: 404, code: 'not_found' });
      else
        expectRefused(res, ROLE_OF[caller], ['MediaCreate'], {
          status: 422,
          code: 'invalid',
          pointer: '/mediaId',
        });
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('GET /file/{id} is public by its unguessable id (documented: landing pages show it)', async () => {
    const res = await call(t.app, 'GET', `/api/file/${foreign.acme.media}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });

  it.each(['not-a-ulid', ulid().toLowerCase(), 'x'.repeat(100), ulid(), '%00'])(
    'GET /file/%s answers 404',
    async (id) => {
      const res = await call(t.app, 'GET', `/api/file/${id}`);
      expect(res.statusCode, res.body).toBe(404);
    },
  );
});

describe('the scan service', () => {
  it('an ad click needs the ad to be linked to that code: no crossing tenants', async () => {
    const prefix = scanPrefixOf(t.config.scanBaseUrl);
    const code = async (projectId: string, id: string) =>
      (
        await t.db
          .selectFrom('qrCodes')
          .select('code')
          .where('projectId', '=', projectId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).code;
    const demoCode = await code(own.pid, own.qrCode);
    const acmeCode = await code(foreign.acme.pid, foreign.acme.qrCode);
    const agent = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' };
    for (const [qr, ad] of [
      [demoCode, foreign.acme.ad],
      [acmeCode, own.ad],
      [demoCode, foreign.unlinked.ad],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${prefix}/${qr}/ad/${ad}/click`,
        headers: agent,
      });
      expect(res.statusCode, `${qr}/${ad}`).toBe(404);
    }
    // Control: the right pair is a click-through.
    const right = await t.app.inject({
      method: 'GET',
      url: `${prefix}/${demoCode}/ad/${own.ad}/click`,
      headers: agent,
    });
    expect(right.statusCode).toBe(302);
    // Scan rows are written in batches: write them now, so later snapshots stay still.
    await t.app.scanRecorder.flush();
  });
});

/** Ids that cannot exist: never a 500, always the 404 (non-ULIDs never reach the database). */
const BAD_IDS = [
  'not-a-ulid',
  '1',
  ulid().toLowerCase(),
  ulid().slice(0, 25),
  `${ulid()}0`,
  'U'.repeat(26),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('../../etc/passwd'),
  '%00',
  'x'.repeat(100),
  ulid(),
];

/** Past the router's maxParamLength (100): Fastify answers these itself, before any route. */
const OVERLONG_IDS = ['x'.repeat(101), 'x'.repeat(5000)];

const short = (text: string) => text.replace(/x{20,}/g, 'x…x').slice(0, 300);

describe('ids that cannot exist', () => {
  it.each(
    ENDPOINTS.filter((endpoint) => !endpoint.path.includes('?')).map((endpoint) => ({
      label: describeEndpoint(endpoint),
      endpoint,
    })),
  )("admin (customer admin for a project's content): $label", async ({ endpoint }) => {
    // The platform admin reaches every project but not its content (SPEC §2, §6); the customer
    // admin of the ids' own customer reaches all of that customer's projects.
    const admin = endpoint.perms.every((key) => hasPermission('admin', key))
      ? t.cookies.admin
      : t.cookies.customeradmin;
    const before = await snapshot(t);
    for (const key of new Set(idKeysOf(endpoint.path))) {
      for (const bad of BAD_IDS) {
        const url = fillPath(endpoint.path, (k) => (k === key ? bad : own[k]));
        const res = await call(t.app, endpoint.method, url, {
          cookie: admin,
          body: endpoint.body?.(own),
        });
        expect(res.statusCode, short(`${url}: ${res.body}`)).toBe(404);
        expect(errorsOf(res)[0].code).toMatch(/not_found$/);
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  // An id longer than the router's 100-character parameter limit never reaches a route; buildApp's
  // frameworkErrors handler answers it like any unknown id.
  it.each(['/projects/:pid', '/projects/:pid/qr-codes/:qrCode', '/users/:user', '/file/:media'])(
    'overlong ids answer the 404 error body: GET %s',
    async (routePath) => {
      for (const bad of OVERLONG_IDS) {
        for (const key of idKeysOf(routePath)) {
          const url = fillPath(routePath, (k) => (k === key ? bad : own[k]));
          const res = await call(t.app, 'GET', url, { cookie: t.cookies.admin });
          expect(res.statusCode, short(res.body)).toBe(404);
          expect(errorsOf(res)[0].code).toMatch(/not_found$/);
        }
      }
    },
  );

  it('overlong ids are refused without a 500 or a change', async () => {
    const before = await snapshot(t);
    for (const endpoint of ENDPOINTS.filter((candidate) => !candidate.path.includes('?'))) {
      for (const key of new Set(idKeysOf(endpoint.path))) {
        for (const bad of OVERLONG_IDS) {
          const url = fillPath(endpoint.path, (k) => (k === key ? bad : own[k]));
          const res = await call(t.app, endpoint.method, url, {
            cookie: t.cookies.admin,
            body: endpoint.body?.(own),
          });
          expect(res.statusCode, short(`${endpoint.method} ${url}: ${res.body}`)).toBe(404);
        }
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it.each(['not-a-ulid', 'x'.repeat(5000), ulid()])(
    'statistics with project id %#',
    async (bad) => {
      const res = await call(t.app, 'GET', `/api/analytics/timeseries?projectId=${bad}`, {
        cookie: t.cookies.customeradmin,
      });
      expect([404, 422], res.body).toContain(res.statusCode);
    },
  );
});

interface StateChange {
  method: Method;
  path: string;
  body?: (own: TenantIds) => unknown;
  /** Sent as the file API's multipart form. */
  multipart?: boolean;
}

/** State-changing endpoints without an id in the path. */
const WITHOUT_IDS: StateChange[] = [
  {
    method: 'POST',
    path: '/login',
    body: () => ({ email: DEMO.customeradmin, password: 'demo12345' }),
  },
  { method: 'POST', path: '/self-service/logout', body: () => ({ logout_token: 'x' }) },
  { method: 'POST', path: '/password/forget', body: () => ({ email: DEMO.customeradmin }) },
  {
    method: 'POST',
    path: '/recovery',
    body: () => ({ token: 'x', password: 'new-pass-123', passwordConfirmation: 'new-pass-123' }),
  },
  {
    method: 'PUT',
    path: '/self',
    body: () => ({ name: 'Changed', localization: { language: 'en' } }),
  },
  {
    method: 'PUT',
    path: '/self/password',
    body: () => ({
      currentPassword: 'demo12345',
      password: 'x'.repeat(12),
      passwordConfirmation: 'x'.repeat(12),
    }),
  },
  { method: 'POST', path: '/projects', body: () => ({ name: 'No header' }) },
  {
    method: 'POST',
    path: '/customers',
    body: () => ({
      name: 'No header BV',
      adminEmail: 'noheader@example.com',
      customerType: 'business',
    }),
  },
  { method: 'POST', path: '/converter/svg2pdf', multipart: true },
  { method: 'POST', path: `/file/${ulid()}`, multipart: true },
];

describe('Client-Type', () => {
  const stateChanging: StateChange[] = [
    ...ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET'),
    ...WITHOUT_IDS,
  ];

  it.each(stateChanging.map((endpoint) => ({ label: describeEndpoint(endpoint), endpoint })))(
    '$label without Client-Type is 400 and changes nothing',
    async ({ endpoint }) => {
      const before = await snapshot(t);
      const form = multipart([
        { name: 'projectId', value: own.pid },
        { name: 'kind', value: 'image' },
        { name: 'file', filename: 'x.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      ]);
      const res = await call(
        t.app,
        endpoint.method,
        fillPath(endpoint.path, (key) => own[key]),
        {
          // Only admins may create customers: the header must be checked before anything else.
          cookie: endpoint.path === '/customers' ? t.cookies.admin : t.cookies.customeradmin,
          body: endpoint.multipart ? form.body : endpoint.body?.(own),
          clientType: null,
          headers: endpoint.multipart ? form.headers : {},
        },
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)[0].code).toBe('client_type_required');
      expect(await snapshot(t)).toEqual(before);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Fuzzing: wrong types, nested garbage, huge strings and null in every field of a create body.

const messages = ['en', 'nl'].map(
  (language) =>
    JSON.parse(fs.readFileSync(path.join('locales', `${language}.json`), 'utf8')) as {
      errors: { api: Record<string, string> };
    },
);

const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
  fc.constant('<script>alert(1)</script>'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A body that starts valid and has any of its fields (or itself) replaced by garbage. */
function bodyArbitrary(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, value]) => [
      key,
      fc.oneof(fc.constant(value), garbage, garbage),
    ]),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

interface FuzzTarget {
  method: Method;
  path: string;
  valid: (own: TenantIds) => Record<string, unknown>;
}

const FUZZ: FuzzTarget[] = [
  {
    method: 'POST',
    path: '/projects/:pid/actions',
    valid: () => ({
      name: 'Site',
      objectType: 'link',
      data: { link: 'https://example.com/' },
      activity: { type: 'always' },
    }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/qr-codes',
    valid: (o) => ({
      name: 'Fuzz',
      description: 'd',
      actionId: o.action,
      templateId: o.template,
      design: DEFAULT_QR_DESIGN,
    }),
  },
  {
    method: 'PUT',
    path: '/projects/:pid/qr-codes/:qrCode',
    valid: (o) => ({ name: 'Fuzz', actionId: o.action, design: DEFAULT_QR_DESIGN }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/qr-code-templates',
    valid: () => ({ name: 'Fuzz', design: DEFAULT_QR_DESIGN }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/short-links',
    valid: (o) => ({
      uri: `z${ulid().toLowerCase()}`,
      name: 'Fuzz',
      description: 'd',
      actionId: o.action,
    }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/labels',
    valid: () => ({ name: `F${ulid().slice(-8)}`, color: '#00ff00' }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/themes',
    valid: (o) => ({ name: 'Fuzz', settings: themeSettingsWith(o.media, null) }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/themes/preview',
    valid: () => ({ settings: themeSettingsWith(null, null) }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/advertisements',
    valid: (o) => ({ ...VALID_AD, imageMediaId: o.media }),
  },
  {
    method: 'PUT',
    path: '/projects/:pid/advertisements/:ad/qr-codes',
    valid: (o) => ({ qrCodeIds: [o.qrCode] }),
  },
  {
    method: 'PUT',
    path: '/projects/:pid/qr-codes/:qrCode/labels',
    valid: (o) => ({ labelIds: [o.label] }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/labels/:label/items',
    valid: (o) => ({ itemType: 'qr_code', itemIds: [o.qrCode] }),
  },
  {
    method: 'POST',
    path: '/projects',
    valid: () => ({ name: 'Fuzz', description: 'd', access: '0', tracking: true }),
  },
  {
    method: 'POST',
    path: '/projects/:pid/users',
    valid: (o) => ({ id: o.user, canManage: false }),
  },
  {
    method: 'POST',
    path: '/customers/:customer/users',
    valid: () => ({
      name: 'Fuzz',
      email: `fuzz-${ulid().toLowerCase()}@example.com`,
      role: 'user',
      localization: { language: 'en' },
    }),
  },
];

function expectErrorBody(res: LightMyRequestResponse): void {
  const errors = errorsOf(res);
  expect(Array.isArray(errors) && errors.length > 0, res.body).toBe(true);
  for (const error of errors) {
    expect(API_ERROR_CODES, res.body).toContain(error.code);
    expect(typeof error.detail === 'string' && error.detail.length > 0, res.body).toBe(true);
    for (const catalogue of messages) {
      expect(catalogue.errors.api[error.code], `errors.api.${error.code}`).toEqual(
        expect.any(String),
      );
    }
    if (res.statusCode === 422) {
      expect(error.source?.pointer, res.body).toMatch(/^(\/.*)?$/);
    }
    if (error.meta !== undefined) expect(typeof error.meta).toBe('object');
  }
}

describe('fuzzed bodies', () => {
  it.each(FUZZ.map((target) => ({ label: describeEndpoint(target), target })))(
    '$label: never a 500, errors in the API shape',
    async ({ target }) => {
      const url = fillPath(target.path, (key) => own[key]);
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(target.valid(own)), async (body) => {
          const res = await call(t.app, target.method, url, {
            cookie: t.cookies.customeradmin,
            body: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expect(res.statusCode, res.body).not.toBe(500);
          expect([200, 201, 204, 400, 404, 422], res.body).toContain(res.statusCode);
          if (res.statusCode >= 400) expectErrorBody(res);
        }),
        { numRuns: 25, seed: 20_260_101 },
      );
    },
    60_000,
  );
});
