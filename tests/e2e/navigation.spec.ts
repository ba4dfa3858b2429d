// Finding the way (issue 13, part 2) in Chromium, on a desktop and at 360 px: breadcrumbs lead
// from every child screen back to SPEC §2's back target; statistics and audit logs are tabs of the
// items SPEC §2 gives them; the settings sub-navigation shows each role its pages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn } from './support/session.js';
import { demoRun, type DemoItems } from './support/demoItems.js';
import { settle } from './support/screens.js';

const run = demoRun();
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 740 }],
] as const;

/** Child screen → its back target (SPEC §2: the matching overview). */
function backTargets(ids: DemoItems): [string, string][] {
  const p = `/projects/${ids.projectId}`;
  return [
    [`${p}/qr-code/${ids.qrCode}/details/edit`, `${p}/qr-codes`],
    [`${p}/qr-code/${ids.qrCode}/statistics`, `${p}/qr-codes`],
    [`${p}/qr-code/create/type`, `${p}/qr-codes`],
    [`${p}/short-links/${ids.shortLink}/details/edit`, `${p}/short-links`],
    [`${p}/short-links/create`, `${p}/short-links`],
    [`${p}/qr-link/${ids.action}/details/edit`, `${p}/qr-links`],
    [`${p}/qr-link/${ids.action}/statistics`, `${p}/qr-links`],
    [`${p}/ad/${ids.ad}/details/edit`, `${p}/ads`],
    [`${p}/ads/create`, `${p}/ads`],
    [`${p}/tag/${ids.label}/details/edit`, `${p}/tags`],
    [`${p}/theme/${ids.theme}/details/edit`, `${p}/themes`],
    [`${p}/qrcodes/template/${ids.template}/details/edit`, `${p}/qrcodes/templates`],
  ];
}

/** Items whose tabs SPEC §2 lists with statistics and audit logs. */
function itemsWithTabs(ids: DemoItems): string[] {
  const p = `/projects/${ids.projectId}`;
  return [
    `${p}/qr-code/${ids.qrCode}`,
    `${p}/short-links/${ids.shortLink}`,
    `${p}/qr-link/${ids.action}`,
    `${p}/ad/${ids.ad}`,
  ];
}

async function tabHrefs(page: Page): Promise<string[]> {
  return page
    .locator('main [role="tab"]')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('href') ?? ''));
}

describe.each(VIEWPORTS)('on a %s', (_name, viewport) => {
  it('breadcrumbs lead from every child screen to its overview, and the link works', async () => {
    const context = await run.browser.newContext({ viewport });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'customeradmin@example.com');
    const wrong: string[] = [];
    for (const [path, back] of backTargets(run.ids)) {
      await page.goto(`${run.server.url}${path}`);
      const crumb = page.getByTestId('breadcrumb-back');
      try {
        await crumb.waitFor({ timeout: 10_000 });
      } catch {
        wrong.push(`${path}: no breadcrumb back`);
        continue;
      }
      const href = await crumb.getAttribute('href');
      if (href !== back) wrong.push(`${path}: back leads to ${href}, not ${back}`);
      // Once the screen has loaded (a loading screen hides the layout for a moment).
      await settle(page);
      const box = await crumb.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { left: rect.left, right: rect.right, width: rect.width };
      });
      if (box.width === 0 || box.left < 0 || box.right > viewport.width) {
        wrong.push(`${path}: the breadcrumb is off screen (${JSON.stringify(box)})`);
      }
    }
    // Following one: the overview opens, with the project crumb leading to its start page.
    const [path, back] = backTargets(run.ids)[0];
    await page.goto(`${run.server.url}${path}`);
    await page.getByTestId('breadcrumb-back').click();
    await page.waitForURL((url) => url.pathname === back);
    const crumbs = page.getByTestId('breadcrumbs');
    expect(await crumbs.getByRole('link').first().getAttribute('href')).toBe('/projects');
    await expect.poll(() => crumbs.locator('[aria-current="page"]').count()).toBe(1);
    expect(wrong).toEqual([]);
    await context.close();
  });

  it('statistics and audit logs are tabs of the items SPEC §2 gives them, and open', async () => {
    const context = await run.browser.newContext({ viewport });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'customeradmin@example.com');
    const wrong: string[] = [];
    for (const item of itemsWithTabs(run.ids)) {
      await page.goto(`${run.server.url}${item}/details/edit`);
      await settle(page);
      const hrefs = await tabHrefs(page);
      for (const tab of ['statistics', 'auditlogs']) {
        if (!hrefs.includes(`${item}/${tab}`)) wrong.push(`${item}: no ${tab} tab (${hrefs})`);
      }
    }
    // A tab scrolls into reach on a phone and opens its screen.
    const item = itemsWithTabs(run.ids)[0];
    await page.goto(`${run.server.url}${item}/details/edit`);
    const tab = page.locator(`main [role="tab"][href="${item}/auditlogs"]`);
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await page.waitForURL((url) => url.pathname === `${item}/auditlogs`);
    await expect
      .poll(() =>
        page.locator(`main [role="tab"][href="${item}/auditlogs"]`).getAttribute('aria-selected'),
      )
      .toBe('true');
    // The project's own: statistics and audit log in the menu.
    const menu = page.getByTestId('side-menu');
    if (!(await menu.isVisible()))
      await page.getByRole('button', { name: /menu/i }).first().click();
    await menu.waitFor();
    for (const entry of ['projectStatistics', 'projectAuditLogs']) {
      if ((await page.getByTestId(`menu-${entry}`).count()) === 0) wrong.push(`menu: no ${entry}`);
    }
    expect(wrong).toEqual([]);
    await context.close();
  });

  it('the settings sub-navigation shows each role its pages', async () => {
    const expected: Record<string, string[]> = {
      'user@example.com': ['/settings/profile', '/settings/security'],
      'customeradmin@example.com': [
        '/settings/profile',
        '/settings/security',
        '/settings/users',
        '/settings/audit-logs',
        '/settings/whitelabel',
        '/checkout',
      ],
      'admin@example.com': [
        '/settings/profile',
        '/settings/security',
        '/settings/users',
        '/settings/audit-logs',
        '/settings/whitelabel',
        '/settings/analytics',
      ],
    };
    const wrong: string[] = [];
    for (const [email, paths] of Object.entries(expected)) {
      const context = await run.browser.newContext({ viewport });
      const page = await context.newPage();
      await logIn(page, run.server.url, email);
      await page.goto(`${run.server.url}/settings/profile`);
      await page.getByTestId('settings-tab-profile').waitFor();
      const seen = await page
        .locator('[data-testid^="settings-tab-"]')
        .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('href') ?? ''));
      if (JSON.stringify(seen) !== JSON.stringify(paths)) wrong.push(`${email}: ${seen}`);
      // The last tab is reachable: the row scrolls instead of widening the page.
      const last = page.locator(`[data-testid^="settings-tab-"][href="${paths.at(-1)}"]`);
      await last.scrollIntoViewIfNeeded();
      const box = await last.boundingBox();
      if (!box || box.x + box.width > viewport.width + 1)
        wrong.push(`${email}: last tab off screen`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > viewport.width) wrong.push(`${email}: page ${width} px wide`);
      await context.close();
    }
    expect(wrong).toEqual([]);
  });
});
