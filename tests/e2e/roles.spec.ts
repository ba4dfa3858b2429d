// The route × role table (issue 13, part 3): every screen of SPEC §2, opened in Chromium by each
// demo role against the real server. A route the role may use shows its screen; any other shows
// the translated "no access" page (never a failing form or an endless spinner) and the API call
// behind the screen answers 403, so the dashboard and the server follow one table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn } from './support/session.js';
import { demoProjectItems, type DemoItems } from './support/demoItems.js';
import { LOADER, settle } from './support/screens.js';

type RoleName = 'user' | 'customeradmin' | 'admin';
const ALL: RoleName[] = ['user', 'customeradmin', 'admin'];
const CUSTOMER: RoleName[] = ['user', 'customeradmin'];
const MANAGERS: RoleName[] = ['customeradmin', 'admin'];

interface RouteCase {
  path: (ids: DemoItems) => string;
  allowed: RoleName[];
  /** The API call the screen depends on: a read, or a write with an empty body (422 when allowed). */
  api: (ids: DemoItems) => { method: 'GET' | 'PUT' | 'POST'; path: string };
}

const get = (path: string) => ({ method: 'GET' as const, path });
const p = (ids: DemoItems) => `/projects/${ids.projectId}`;

const ROUTES: RouteCase[] = [
  { path: () => '/projects', allowed: ALL, api: () => get('/projects') },
  {
    path: () => '/projects/create',
    allowed: MANAGERS,
    api: () => ({ method: 'POST', path: '/projects' }),
  },
  {
    path: (ids) => `${p(ids)}/details/edit`,
    allowed: MANAGERS,
    api: (ids) => ({ method: 'PUT', path: p(ids) }),
  },
  {
    path: (ids) => `${p(ids)}/users/edit`,
    allowed: MANAGERS,
    api: (ids) => ({ method: 'POST', path: `${p(ids)}/users` }),
  },
  {
    path: (ids) => `${p(ids)}/auditlogs`,
    allowed: MANAGERS,
    api: (ids) => get(`/audit-logs?projectId=${ids.projectId}`),
  },
  {
    path: (ids) => `${p(ids)}/start`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-codes`),
  },
  {
    path: (ids) => `${p(ids)}/statistics`,
    allowed: CUSTOMER,
    api: (ids) => get(`/analytics/timeseries?projectId=${ids.projectId}`),
  },
  {
    path: (ids) => `${p(ids)}/qr-codes`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-codes`),
  },
  {
    path: (ids) => `${p(ids)}/qr-code/create/type`,
    allowed: CUSTOMER,
    api: (ids) => ({ method: 'POST', path: `${p(ids)}/qr-codes` }),
  },
  {
    path: (ids) => `${p(ids)}/qr-code/${ids.qrCode}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-codes/${ids.qrCode}`),
  },
  {
    path: (ids) => `${p(ids)}/qr-code/${ids.qrCode}/statistics`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-codes/${ids.qrCode}`),
  },
  {
    path: (ids) => `${p(ids)}/qr-code/${ids.qrCode}/ads`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/advertisements`),
  },
  {
    path: (ids) => `${p(ids)}/qr-code/${ids.qrCode}/qr-links`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/actions`),
  },
  {
    path: (ids) => `${p(ids)}/qr-code/${ids.qrCode}/auditlogs`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-codes/${ids.qrCode}`),
  },
  {
    path: (ids) => `${p(ids)}/short-links/create`,
    allowed: CUSTOMER,
    api: (ids) => ({ method: 'POST', path: `${p(ids)}/short-links` }),
  },
  {
    path: (ids) => `${p(ids)}/qr-link/create`,
    allowed: CUSTOMER,
    api: (ids) => ({ method: 'POST', path: `${p(ids)}/actions` }),
  },
  { path: (ids) => `${p(ids)}/pages`, allowed: CUSTOMER, api: (ids) => get(`${p(ids)}/actions`) },
  {
    path: (ids) => `${p(ids)}/qr-links`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/actions`),
  },
  {
    path: (ids) => `${p(ids)}/qr-link/${ids.action}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/actions/${ids.action}`),
  },
  {
    path: (ids) => `${p(ids)}/short-links`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/short-links`),
  },
  {
    path: (ids) => `${p(ids)}/short-links/${ids.shortLink}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/short-links/${ids.shortLink}`),
  },
  {
    path: (ids) => `${p(ids)}/qrcodes/templates`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-code-templates`),
  },
  {
    path: (ids) => `${p(ids)}/qrcodes/template/${ids.template}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/qr-code-templates/${ids.template}`),
  },
  {
    path: (ids) => `${p(ids)}/ads`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/advertisements`),
  },
  {
    path: (ids) => `${p(ids)}/ad/${ids.ad}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/advertisements/${ids.ad}`),
  },
  { path: (ids) => `${p(ids)}/tags`, allowed: CUSTOMER, api: (ids) => get(`${p(ids)}/labels`) },
  {
    path: (ids) => `${p(ids)}/tag/${ids.label}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/labels/${ids.label}`),
  },
  { path: (ids) => `${p(ids)}/themes`, allowed: CUSTOMER, api: (ids) => get(`${p(ids)}/themes`) },
  {
    path: (ids) => `${p(ids)}/theme/${ids.theme}/details/edit`,
    allowed: CUSTOMER,
    api: (ids) => get(`${p(ids)}/themes/${ids.theme}`),
  },
  { path: (ids) => `${p(ids)}/trash`, allowed: CUSTOMER, api: (ids) => get(`${p(ids)}/trash`) },
  { path: () => '/customers', allowed: ['admin'], api: () => get('/customers') },
  {
    path: () => '/customer/create',
    allowed: ['admin'],
    api: () => ({ method: 'POST', path: '/customers' }),
  },
  {
    path: (ids) => `/customer/${ids.customerId}/users/edit`,
    allowed: ['admin'],
    // Customer admins read their own users elsewhere (settings); this screen belongs to the list.
    api: () => get('/customers'),
  },
  {
    path: (ids) => `/customer/${ids.customerId}/manage`,
    allowed: ['admin'],
    api: (ids) => ({ method: 'PUT', path: `/customers/${ids.customerId}/limits` }),
  },
  { path: () => '/settings/profile', allowed: ALL, api: () => get('/self') },
  { path: () => '/settings/security', allowed: ALL, api: () => get('/self') },
  { path: () => '/settings/audit-logs', allowed: MANAGERS, api: () => get('/audit-logs') },
  {
    path: (ids) => `/settings/audit-logs/${ids.auditLog}/details`,
    allowed: MANAGERS,
    api: (ids) => get(`/audit-logs/${ids.auditLog}`),
  },
  { path: () => '/settings/analytics', allowed: ['admin'], api: () => get('/settings/analytics') },
  {
    path: () => '/settings/users/accounts',
    allowed: MANAGERS,
    api: (ids) => get(`/customers/${ids.customerId}/users`),
  },
  // SPEC §2 and §6: checkout is the customer admin's; the platform admin has no customer to order
  // for, so its order is refused (403) before the empty body could answer 422.
  {
    path: () => '/checkout',
    allowed: ['customeradmin'],
    api: () => ({ method: 'POST', path: '/register/activate' }),
  },
];

let server: RunningServer;
let browser: Browser;
let ids: DemoItems;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ids = await demoProjectItems(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * What the screen shows once its data has loaded: the no-access page, or the screen itself.
 * react-admin decides a resource page's access after its own check, so a refusal may come late.
 */
async function outcome(
  page: Page,
  path: string,
  expectRefusal: boolean,
): Promise<'screen' | 'no-access' | string> {
  await page.goto(`${server.url}${path}`);
  if (expectRefusal) {
    await page
      .getByTestId('no-access')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
  }
  await settle(page);
  const url = new URL(page.url());
  if (url.pathname.startsWith('/login')) return 'login';
  if (await page.getByTestId('no-access').isVisible()) return 'no-access';
  if (await page.getByTestId('item-not-found').isVisible()) return 'not-found';
  if ((await page.locator(LOADER).count()) > 0) return 'spinner';
  if (url.pathname === '/error') return 'error page';
  return 'screen';
}

describe.each(['user', 'customeradmin', 'admin'] as RoleName[])('as %s', (role) => {
  it('every route of SPEC §2 opens exactly when the role may use it, on both sides', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, `${role}@example.com`);
    const wrong: string[] = [];
    for (const route of ROUTES) {
      const path = route.path(ids);
      const allowed = route.allowed.includes(role);
      const seen = await outcome(page, path, !allowed);
      if (seen !== (allowed ? 'screen' : 'no-access')) wrong.push(`${path}: page ${seen}`);
      const probe = route.api(ids);
      const response = await page.request.fetch(`${server.url}/api${probe.path}`, {
        method: probe.method,
        data: probe.method === 'GET' ? undefined : {},
        headers: { 'Client-Type': 'dashboard' },
      });
      const status = response.status();
      // One table (src/shared/permissions.ts): what the page refuses, the API refuses too.
      if (allowed ? status === 403 || status >= 500 : status !== 403) {
        wrong.push(`${path}: ${probe.method} /api${probe.path} answered ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    await context.close();
  });
});

describe('not found is a page (issue 13, part 6)', () => {
  it('a missing, trashed or foreign item shows "not found" with a way back to its overview', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await logIn(adminPage, server.url, 'admin@example.com');
    const all = (await (
      await adminPage.request.get(`${server.url}/api/projects?perPage=100`)
    ).json()) as {
      data: { id: string; customerId: string }[];
    };
    await admin.close();
    const foreign = all.data.find((project) => project.customerId !== ids.customerId)!.id;
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const pid = p(ids);
    const cases: [string, string][] = [
      [`/projects/${foreign}/start`, '/projects'],
      [`/projects/${foreign}/details/edit`, '/projects'],
      [`/projects/${foreign}/qr-codes`, '/projects'],
      [`/projects/${missing}/users/edit`, '/projects'],
      [`${pid}/qr-code/${ids.trashedQrCode}/details/edit`, `${pid}/qr-codes`],
      [`${pid}/qr-code/${missing}/statistics`, `${pid}/qr-codes`],
      [`${pid}/qr-link/${missing}/details/edit`, `${pid}/qr-links`],
      [`${pid}/short-links/${missing}/details/edit`, `${pid}/short-links`],
      [`${pid}/ad/${missing}/details/edit`, `${pid}/ads`],
      [`${pid}/tag/${missing}/details/edit`, `${pid}/tags`],
      [`${pid}/theme/${missing}/details/edit`, `${pid}/themes`],
      [`${pid}/qrcodes/template/${missing}/details/edit`, `${pid}/qrcodes/templates`],
    ];
    await logIn(page, server.url, 'customeradmin@example.com');
    const wrong: string[] = [];
    for (const [path, back] of cases) {
      await page.goto(`${server.url}${path}`);
      const card = page.getByTestId('item-not-found');
      try {
        await card.waitFor({ timeout: 10_000 });
      } catch {
        wrong.push(`${path}: no not-found page (${new URL(page.url()).pathname})`);
        continue;
      }
      const href = await card.getByRole('link').getAttribute('href');
      if (href !== back) wrong.push(`${path}: back leads to ${href}, not ${back}`);
      if (!/niet gevonden/i.test(await card.innerText())) wrong.push(`${path}: not translated`);
    }
    expect(wrong).toEqual([]);
    await context.close();
  });
});
