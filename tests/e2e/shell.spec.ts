// The dashboard's shell as a user meets it (issue 13, parts 1, 5, 8 and 10): sign-in opens the
// last used project, public pages make no authenticated call, a session that ends mid-use returns
// to where the user clicked, the login page's language survives sign-in, toasts leave the top bar
// free, the wizard keeps step 3 on a reload and works from the keyboard with a visible focus.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, logIn } from './support/session.js';

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

const startOf = (page: Page) =>
  /\/projects\/([0-9A-Z]{26})\/start$/.exec(new URL(page.url()).pathname);

describe('sign-in starts where the user works (part 1)', () => {
  it('opens the only project, else the last one used', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'user@example.com');
    await expect.poll(() => startOf(page)).not.toBeNull();
    await context.close();

    const admin = await freshPage();
    await logIn(admin.page, server.url, 'customeradmin@example.com');
    const projects = (await (
      await admin.page.request.get(`${server.url}/api/projects`)
    ).json()) as {
      data: { id: string }[];
    };
    expect(projects.data.length).toBeGreaterThan(1);
    const chosen = projects.data[projects.data.length - 1].id;
    await admin.page.goto(`${server.url}/projects/${chosen}/qr-codes`);
    await admin.page.getByTestId('side-menu').waitFor();
    await admin.page.getByTestId('user-menu').click();
    await admin.page.getByTestId('user-menu-logout').click();
    await admin.page.waitForURL(/\/login/);
    await logIn(admin.page, server.url, 'customeradmin@example.com');
    await expect.poll(() => startOf(admin.page)?.[1]).toBe(chosen);
    await admin.context.close();
  });
});

describe('sessions (part 5)', () => {
  it('public pages make no authenticated call', async () => {
    const { context, page } = await freshPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /401/.test(message.text())) refused.push(message.text());
    });
    for (const path of ['/login', '/password/forget', '/404', '/error']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(refused).toEqual([]);
    await context.close();
  });

  it('a session that ends before a menu click returns there after sign-in', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'user@example.com');
    await expect.poll(() => startOf(page)).not.toBeNull();
    const projectId = startOf(page)![1];
    await page.getByTestId('menu-shortLinkOverview').waitFor();
    await page.waitForLoadState('networkidle');

    const db = new Database(server.databaseFile);
    db.prepare('UPDATE sessions SET expires_at = ?').run('2000-01-01T00:00:00.000Z');
    db.close();

    await page.getByTestId('menu-shortLinkOverview').click();
    await page.waitForURL(/\/login\?/);
    await page.waitForLoadState('networkidle');
    const target = `/projects/${projectId}/short-links`;
    expect(new URL(page.url()).searchParams.get('return_to')).toBe(target);
    await page.locator('input[name="email"]').fill('user@example.com');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === target);
    await context.close();
  });
});

describe('smaller points (part 10)', () => {
  it('the language chosen on the login page survives sign-in', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('language-switcher').locator('..').click();
    await page.getByRole('option', { name: /English|Engels/ }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    // The English catalogue arrives as its own chunk and re-renders the form: fill it afterwards.
    await page.waitForLoadState('networkidle');
    await page.locator('input[name="email"]').fill('other@example.com');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByTestId('side-menu').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('a toast leaves the top bar’s controls free', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'user@example.com');
    await page.goto(`${server.url}/settings/profile`);
    await page.locator('input[name="name"]').fill('Demo Gebruiker');
    await page.getByRole('button', { name: /opslaan|save/i }).click();
    const toast = page.getByTestId('notification');
    await toast.waitFor();
    const bar = await page.locator('header').first().boundingBox();
    const box = await toast
      .locator('.MuiSnackbarContent-root, .MuiAlert-root')
      .first()
      .boundingBox();
    expect(bar && box).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await context.close();
  });

  it('the wizard keeps step 3 on a reload, and works from the keyboard with a visible focus', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, 'user@example.com');
    await expect.poll(() => startOf(page)).not.toBeNull();
    const projectId = startOf(page)![1];
    await page.goto(`${server.url}/projects/${projectId}/qr-code/create`);

    // Keyboard only: choose the type, go on, name it, create.
    const type = page.getByTestId('wizard-type-none');
    await type.waitFor();
    await type.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const focusShown = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return false;
      const style = getComputedStyle(element);
      return (
        element.matches(':focus-visible') &&
        (style.outlineStyle !== 'none' ||
          style.boxShadow !== 'none' ||
          element.classList.contains('Mui-focusVisible'))
      );
    });
    expect(focusShown).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('wizard-next').focus();
    await page.keyboard.press('Enter');
    const name = page.locator('input[name="name"]');
    await name.waitFor();
    await name.focus();
    await page.keyboard.type('Folder balie');
    await page.getByTestId('wizard-create').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/\/qr-code\/create\/confirmation\/[0-9A-Z]{26}$/);

    await page.reload();
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('qr-scan-url').first().innerText()).toMatch(/\/s\//);
    await context.close();
  });
});
