// The smaller points of issue 13 (parts 1 and 10) in Chromium, each as a user meets it: with no
// project chosen the menu explains itself and offers the project list; the trial countdown rounds
// up; "0 of unlimited" draws no bar; "example.com/x" without https:// is completed; the wizard's
// contact step asks for a name once.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { productRun } from './support/demoItems.js';
import { logIn } from './support/session.js';
import { settle } from './support/screens.js';

const run = productRun();

async function signedIn(
  email: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await run.browser.newContext({ viewport });
  const page = await context.newPage();
  await logIn(page, run.server.url, email);
  return { context, page };
}

async function firstProjectOf(page: Page): Promise<string> {
  const projects = (await (await page.request.get(`${run.server.url}/api/projects`)).json()) as {
    data: { id: string }[];
  };
  return projects.data[0].id;
}

describe('issue 13, part 1', () => {
  it('with no project chosen the menu explains itself and offers the project list', async () => {
    // First sign-in of a customer admin with several projects: nothing to pick for them.
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const { context, page } = await signedIn('customeradmin@example.com', viewport);
      await page.waitForURL((url) => url.pathname === '/projects');
      if (viewport.width < 600) {
        await page.getByRole('button', { name: /menu/i }).first().click();
      }
      const note = page.getByTestId('menu-no-project');
      await note.waitFor();
      expect((await note.innerText()).length).toBeGreaterThan(10);
      expect(await note.getByRole('link').first().getAttribute('href')).toBe('/projects');
      await context.close();
    }
  });
});

describe('issue 13, part 10', () => {
  it('the trial countdown rounds up', async () => {
    const db = new Database(run.server.databaseFile);
    const setTrialEnd = (msFromNow: number) =>
      db
        .prepare("UPDATE customers SET trial_end_at = ? WHERE name = 'Demo BV'")
        .run(new Date(Date.now() + msFromNow).toISOString());
    const { context, page } = await signedIn('customeradmin@example.com');
    try {
      setTrialEnd(36 * 3600_000);
      await page.goto(`${run.server.url}/projects`);
      const banner = page.getByTestId('trial-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('over 2 dagen');
      setTrialEnd(90 * 60_000);
      await page.reload();
      await banner.waitFor();
      expect(await banner.innerText()).toContain('over 2 uur');
    } finally {
      setTrialEnd(13 * 24 * 3600_000);
      db.close();
      await context.close();
    }
  });

  it('"0 of unlimited" draws no bar, a limited counter does', async () => {
    const { context, page } = await signedIn('customeradmin@example.com');
    const pid = await firstProjectOf(page);
    await page.goto(`${run.server.url}/projects/${pid}/start`);
    await page.getByTestId('usage-list').first().waitFor();
    await settle(page);
    const rows = await page
      .locator('[data-testid^="usage-"]:not([data-testid="usage-list"])')
      .all();
    let unlimited = 0;
    let limited = 0;
    for (const row of rows) {
      const bars = await row.getByRole('progressbar').count();
      if (/onbeperkt/.test(await row.innerText())) {
        unlimited++;
        expect(bars, await row.innerText()).toBe(0);
      } else {
        limited++;
        expect(bars, await row.innerText()).toBe(1);
      }
    }
    expect(unlimited).toBeGreaterThan(0);
    expect(limited).toBeGreaterThan(0);
    await context.close();
  });

  it('a link typed as "example.com/x" is saved as https://example.com/x', async () => {
    const { context, page } = await signedIn('user@example.com');
    const pid = await firstProjectOf(page);
    await page.goto(`${run.server.url}/projects/${pid}/qr-link/create?type=link`);
    await page.locator('input[name="name"]').fill('Zonder schema');
    await page.locator('input[name="data.link"]').fill('example.com/x');
    await page
      .getByRole('button', { name: /opslaan|save/i })
      .first()
      .click();
    await page.waitForURL(/\/qr-link\/[0-9A-Z]{26}\//);
    const id = /\/qr-link\/([0-9A-Z]{26})\//.exec(page.url())![1];
    const stored = (await (
      await page.request.get(`${run.server.url}/api/projects/${pid}/actions/${id}`)
    ).json()) as { data: { data: { link: string } } };
    expect(stored.data.data.link).toBe('https://example.com/x');
    await context.close();
  });

  it('the wizard\u2019s contact step asks for a name once', async () => {
    const { context, page } = await signedIn('user@example.com');
    const pid = await firstProjectOf(page);
    await page.goto(`${run.server.url}/projects/${pid}/qr-code/create`);
    await page.getByTestId('wizard-type-contact').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-name').waitFor();
    await settle(page);
    const labels = await page
      .locator('main label')
      .evaluateAll((elements) =>
        elements.map((element) => (element.textContent ?? '').replace(/\s*\*\s*$/, '').trim()),
      );
    const names = labels.filter((label) => /^naam$/i.test(label));
    expect(names.length, labels.join(' | ')).toBeLessThanOrEqual(1);
    await context.close();
  });
});
