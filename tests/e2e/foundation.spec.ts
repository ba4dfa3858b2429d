// User stories of the foundation: log in per role, language and theme that survive a reload,
// an expired session that returns where it was, and a project's life cycle.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, menuEntries, openFirstProject } from './support/session.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

const PROJECT_CONTENT = [
  'home',
  'qrcodeOverview',
  'shortLinkOverview',
  'pagesOverview',
  'qrlinkOverview',
  'advertisementOverview',
  'labelOverview',
  'themeOverview',
  'settings',
  'trashOverview',
  'projectStatistics',
  'qrcodeTemplateOverview',
];

describe('each demo account sees exactly the menu its role allows', () => {
  it.each([
    ['user@example.com', PROJECT_CONTENT],
    ['customeradmin@example.com', [...PROJECT_CONTENT, 'projectAuditLogs']],
  ])('%s', async (email, expected) => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, email);
    await openFirstProject(page, server.url);
    await expect.poll(() => menuEntries(page)).toEqual([...expected].sort());
    // Only customer admins get the portal link and the trial banner.
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('user-menu-portal').count()).toBe(
      email.startsWith('customeradmin') ? 1 : 0,
    );
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('trial-banner').count()).toBe(
      email.startsWith('customeradmin') ? 1 : 0,
    );
    await context.close();
  });

  it('admin@example.com manages customers', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'admin@example.com');
    await expect.poll(() => menuEntries(page)).toEqual(['customerOverview', 'settings']);
    await page.getByTestId('menu-customerOverview').click();
    await page.waitForURL(/\/customers/);
    await expect.poll(() => page.getByTestId('customer-list').innerText()).toContain('Demo BV');
    await context.close();
  });

  it('a user of another customer never sees Demo BV projects', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'other@example.com');
    await page.goto(`${server.url}/projects`);
    const list = page.getByTestId('project-list');
    await list.waitFor();
    expect(await list.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await list.innerText()).not.toMatch(/Demo/);
    await context.close();
  });
});

describe('preferences', () => {
  it('the chosen language and dark mode persist across a reload', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'user@example.com');
    await openFirstProject(page, server.url);
    expect(await page.getByTestId('menu-qrcodeOverview').innerText()).toMatch(/QR-codes/);

    await page.goto(`${server.url}/settings/profile`);
    await page
      .locator('#localization\\.language, [name="localization.language"]')
      .first()
      .click({ force: true });
    await page.getByRole('option', { name: /English|Engels/ }).click();
    await page.getByRole('button', { name: /opslaan|save/i }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');

    const toggle = page.getByTestId('theme-toggle');
    const wasDark = (await toggle.getAttribute('aria-pressed')) === 'true';
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(String(!wasDark));

    await page.reload();
    await openFirstProject(page, server.url);
    await expect
      .poll(() => page.getByTestId('menu-qrcodeOverview').innerText())
      .toMatch(/QR codes/);
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe(
      String(!wasDark),
    );
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toContain(
      wasDark ? 'light' : 'dark',
    );
    await context.close();
  });
});

describe('sessions', () => {
  it('an expired session goes to login with return_to and comes back', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    const projectId = await openFirstProject(page, server.url);
    const target = `/projects/${projectId}/details/edit`;

    const db = new Database(server.databaseFile);
    db.prepare('UPDATE sessions SET expires_at = ?').run('2000-01-01T00:00:00.000Z');
    db.close();

    await page.goto(`${server.url}${target}`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('return_to')).toBe(target);

    await page.locator('input[name="email"]').fill('customeradmin@example.com');
    await page.locator('input[name="password"]').fill('demo12345');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === target);
    await context.close();
  });

  it('a wrong password shows the translated message at the login form', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="email"]').fill('user@example.com');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').innerText())
      .toMatch(/e-mailadres of wachtwoord is onjuist/i);
    await context.close();
  });
});

describe('projects', () => {
  it('a customer admin creates, edits, duplicates and trashes a project', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    await page.goto(`${server.url}/projects`);
    await page.getByTestId('project-create').click();
    await page.locator('input[name="name"]').fill('Zomercampagne');
    await page.getByRole('button', { name: /opslaan|save/i }).click();
    await page.waitForURL(/\/projects\/[0-9A-Z]{26}\/start/);
    const projectId = /\/projects\/([0-9A-Z]{26})\//.exec(page.url())![1];

    await page.goto(`${server.url}/projects/${projectId}/details/edit`);
    const name = page.locator('input[name="name"]');
    await expect.poll(() => name.inputValue()).toBe('Zomercampagne');
    await name.fill('Zomercampagne 2027');
    await page.getByRole('button', { name: /opslaan|save/i }).click();
    await expect
      .poll(async () => {
        const response = await page.request.get(`${server.url}/api/projects/${projectId}`);
        return (await response.json()).data?.name;
      })
      .toBe('Zomercampagne 2027');

    await page.getByTestId('project-duplicate').click();
    await page.getByRole('button', { name: /bevestig|confirm/i }).click();
    await page.waitForURL(
      (url) => url.pathname.endsWith('/details/edit') && !url.pathname.includes(projectId),
    );
    await expect
      .poll(() => page.locator('input[name="name"]').inputValue())
      .toMatch(/Zomercampagne 2027/);

    await page.goto(`${server.url}/projects/${projectId}/details/edit`);
    await page.getByTestId('project-trash').click();
    await page.getByRole('button', { name: /bevestig|confirm/i }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    const list = page.getByTestId('project-list');
    await expect.poll(() => list.innerText()).toMatch(/Zomercampagne 2027/); // the copy stays
    const rows = await list.locator('tbody tr').allInnerTexts();
    expect(rows.filter((row) => /Zomercampagne 2027/.test(row))).toHaveLength(1);
    const trashed = await page.request.get(`${server.url}/api/projects/${projectId}`);
    expect(trashed.status()).toBe(404);
    await context.close();
  });
});
