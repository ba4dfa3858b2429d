// One item of every kind in a demo project, made through the API as a signed-in user would, so
// the role, phone and accessibility stories can open every item route of SPEC §2.
import { afterAll, beforeAll, expect } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { logIn, logInToDemoProject } from './session.js';
import { launchBrowser } from './chromium.js';
import { startServer, type RunningServer } from './server.js';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode.js';
import { DEFAULT_THEME_SETTINGS } from '../../../src/shared/schemas/theme.js';

export interface DemoItems {
  projectId: string;
  customerId: string;
  qrCode: string;
  action: string;
  shortLink: string;
  label: string;
  theme: string;
  template: string;
  ad: string;
  /** A QR code in the trash: its item routes show "not found". */
  trashedQrCode: string;
  auditLog: string;
  userId: string;
}

async function post(request: APIRequestContext, url: string, body: unknown): Promise<string> {
  const response = await request.post(url, { data: body, headers: { 'Client-Type': 'dashboard' } });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function first(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: { id: string }[] }).data[0].id;
}

/** `page` is signed in with the content permissions of `projectId` (the customer admin). */
export async function makeDemoItems(
  page: Page,
  baseUrl: string,
  projectId: string,
): Promise<DemoItems> {
  const api = `${baseUrl}/api/projects/${projectId}`;
  const request = page.request;
  const self = (await (await request.get(`${baseUrl}/api/self`)).json()) as {
    data: { id: string; customerId: string };
  };
  const qrCode = await first(request, `${api}/qr-codes`);
  const action = await first(request, `${api}/actions`);
  const trashedQrCode = await post(request, `${api}/qr-codes`, {
    name: 'Weg',
    design: DEFAULT_QR_DESIGN,
  });
  const trashed = await request.delete(`${api}/qr-codes/${trashedQrCode}/trash`, {
    headers: { 'Client-Type': 'dashboard' },
  });
  expect(trashed.status(), await trashed.text()).toBeLessThan(300);
  return {
    projectId,
    customerId: self.data.customerId,
    qrCode,
    action,
    trashedQrCode,
    shortLink: await post(request, `${api}/short-links`, {
      name: 'Menu',
      uri: `menu${Date.now().toString(36)}`,
      actionId: action,
    }),
    label: await post(request, `${api}/labels`, { name: 'Zomer', color: '#00aa00' }),
    theme: await post(request, `${api}/themes`, {
      name: 'Rustig',
      settings: DEFAULT_THEME_SETTINGS,
    }),
    template: await post(request, `${api}/qr-code-templates`, {
      name: 'Sober',
      design: DEFAULT_QR_DESIGN,
    }),
    ad: await post(request, `${api}/advertisements`, {
      name: 'Zomeractie',
      text: 'Alles -20 %',
      link: 'https://shop.example.com/sale',
      displayTimeMs: 3000,
    }),
    auditLog: await first(request, `${baseUrl}/api/audit-logs`),
    userId: self.data.id,
  };
}

/**
 * The demo project with content (the one user@example.com works in): the user has only this
 * project, so sign-in opens its start page (issue 13, part 1), and one of everything is made in it.
 */
export async function demoProjectItems(browser: Browser, baseUrl: string): Promise<DemoItems> {
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const projectId = await logInToDemoProject(userPage, baseUrl);
  await userContext.close();
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, baseUrl, 'customeradmin@example.com');
  const items = await makeDemoItems(page, baseUrl, projectId);
  await context.close();
  return items;
}

export interface DemoRun {
  server: RunningServer;
  browser: Browser;
  ids: DemoItems;
}

export interface ProductRun {
  server: RunningServer;
  browser: Browser;
}

/** The product (fresh data) and Chromium for one spec file. */
export function productRun(): ProductRun {
  const run = {} as ProductRun;
  beforeAll(async () => {
    [run.server, run.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}

/** The product and Chromium for one spec file, with one of every item in the demo project. */
export function demoRun(): DemoRun {
  const run = {} as DemoRun;
  beforeAll(async () => {
    [run.server, run.browser] = await Promise.all([startServer(), launchBrowser()]);
    run.ids = await demoProjectItems(run.browser, run.server.url);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}
