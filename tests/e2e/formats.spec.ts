// Dates, numbers and money follow the interface language, never the browser's locale (issue 13,
// part 7: "11/23/2026" in the Dutch UI). An American browser with the Dutch UI shows 23-11-2026,
// 1.234 and € 1,95; after the switch to English, even a Dutch browser shows 23/11/2026, 1,234 and
// €1.95. Checked on a list with dates and counts, the statistics and the checkout's prices.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createDatabase } from '../../src/server/db/database.js';
import { recordScans } from '../helpers/factories.js';
import { productRun } from './support/demoItems.js';
import { logIn, logInToDemoProject } from './support/session.js';
import { settle } from './support/screens.js';

const run = productRun();
const SCANS = 1234;
let projectId: string;
let qrCodeName: string;
let updatedAt: Date;

beforeAll(async () => {
  const context = await run.browser.newContext();
  const page = await context.newPage();
  projectId = await logInToDemoProject(page, run.server.url);
  const api = (path: string) => page.request.get(`${run.server.url}/api${path}`);
  const self = (await (await api('/self')).json()) as { data: { customerId: string } };
  const codes = (await (await api(`/projects/${projectId}/qr-codes`)).json()) as {
    data: { id: string; name: string; updatedAt: string }[];
  };
  await context.close();
  qrCodeName = codes.data[0].name;
  updatedAt = new Date(codes.data[0].updatedAt);
  // Enough scans for a thousands separator, in the last hours (inside every default range).
  const db = createDatabase({ sqliteFile: run.server.databaseFile });
  try {
    const now = Date.now();
    await recordScans(
      db,
      { customerId: self.data.customerId, projectId },
      Array.from({ length: SCANS }, (_, index) => ({
        itemId: codes.data[0].id,
        scannedAt: new Date(now - 60_000 - (index % 180) * 60_000).toISOString(),
      })),
    );
  } finally {
    await db.destroy();
  }
});

interface Formats {
  /** The list's date as this language writes it (the browser runs in this machine's time zone). */
  date: () => string;
  thousands: RegExp;
  money: string;
}
const DUTCH: Formats = {
  date: () => updatedAt.toLocaleDateString('nl-NL'),
  thousands: /^\d{1,3}(\.\d{3})+$/,
  money: '€ 1,95',
};
const ENGLISH: Formats = {
  // British English, day first: never the American 11/23/2026.
  date: () => updatedAt.toLocaleDateString('en-GB'),
  thousands: /^\d{1,3}(,\d{3})+$/,
  money: '€1.95',
};

/** Intl puts a no-break space between € and the amount. */
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/\s/g, ' ').trim();

async function signedIn(locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await run.browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, run.server.url, 'customeradmin@example.com');
  return { context, page };
}

async function formatsOn(page: Page): Promise<Record<string, string>> {
  await page.goto(`${run.server.url}/projects/${projectId}/qr-codes`);
  const row = page.locator('tbody tr').filter({ hasText: qrCodeName }).first();
  await row.waitFor();
  await settle(page);
  const date = await text(page, `tbody tr:has-text("${qrCodeName}") td.column-updatedAt`);
  const count = await text(page, `tbody tr:has-text("${qrCodeName}") td.column-scans`);

  await page.goto(`${run.server.url}/projects/${projectId}/statistics`);
  const total = page.getByTestId('stats-total');
  await total.waitFor();
  const statistic = (await total.getAttribute('title')) ?? '';

  await page.goto(`${run.server.url}/checkout`);
  await page.getByTestId('checkout-from').waitFor();
  const price = await text(page, '[data-testid="checkout-from"]');
  return { date, count, statistic, price };
}

function expectFormats(seen: Record<string, string>, formats: Formats) {
  expect(seen.date.startsWith(formats.date()), `list date ${seen.date}`).toBe(true);
  expect(seen.count, 'list count').toMatch(formats.thousands);
  expect(seen.statistic, 'statistics total').toMatch(formats.thousands);
  expect(seen.price, 'checkout price').toContain(formats.money);
}

describe('formats follow the interface language', () => {
  it('Dutch UI in an American browser: Dutch dates, numbers and money', async () => {
    const { context, page } = await signedIn('en-US');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    expectFormats(await formatsOn(page), DUTCH);
    await context.close();
  });

  it('after switching to English: English formats, in an American and in a Dutch browser', async () => {
    const american = await signedIn('en-US');
    await american.page.goto(`${run.server.url}/settings/profile`);
    await american.page.getByRole('combobox', { name: /taal|language/i }).click();
    await american.page.getByRole('option', { name: /English|Engels/ }).click();
    await american.page.getByRole('button', { name: /opslaan|save/i }).click();
    await expect.poll(() => american.page.locator('html').getAttribute('lang')).toBe('en');
    expectFormats(await formatsOn(american.page), ENGLISH);
    await american.context.close();

    const dutch = await signedIn('nl-NL');
    await expect.poll(() => dutch.page.locator('html').getAttribute('lang')).toBe('en');
    expectFormats(await formatsOn(dutch.page), ENGLISH);
    await dutch.context.close();
  });
});
