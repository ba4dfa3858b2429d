// The story of issue 10: a customer whose trial has ended is sent to /error when saving, goes
// through checkout paying by bank transfer, the platform admin marks the invoice paid, and the
// customer can save again; the invoice opens as a PDF that renders and reads right.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, openFirstProject } from './support/session.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Intl puts a no-break space between € and the amount. */
const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ');

async function saveProjectDescription(page: Page, projectId: string, text: string) {
  await page.goto(`${server.url}/projects/${projectId}/details/edit`);
  const description = page.locator('textarea[name="description"]');
  await description.fill(text);
  await page.getByRole('button', { name: /opslaan|save/i }).click();
}

describe('an expired trial becomes a paying customer', () => {
  it('is stopped at /error, orders, gets the invoice paid and saves again', async () => {
    const db = new Database(server.databaseFile);
    const demo = db.prepare("SELECT id FROM customers WHERE name = 'Demo BV'").get() as {
      id: string;
    };
    db.prepare('UPDATE customers SET trial_end_at = ? WHERE id = ?').run(
      '2020-01-01T00:00:00.000Z',
      demo.id,
    );
    db.close();

    const customer = await newPage();
    await logIn(customer, server.url, 'customeradmin@example.com');
    const projectId = await openFirstProject(customer, server.url);
    await saveProjectDescription(customer, projectId, 'Saved while expired');
    await customer.waitForURL(/\/error\?/);
    const message = customer.getByTestId('error-page-message');
    expect(await message.getAttribute('data-code')).toBe('trial_ended');
    expect(await message.textContent()).toContain('De proefperiode van 14 dagen is verlopen');

    // Checkout: plan → yearly → consumer → place the order.
    await customer.getByTestId('error-page-checkout').click();
    await customer.waitForURL(/\/checkout$/);
    expect(await textOf(customer, 'checkout-from')).toContain('€ 1,95');
    await customer.getByTestId('checkout-choose-starter').click();
    await customer.waitForURL(/\/checkout\/starter\/[0-9A-Z]{26}$/);
    await customer.getByTestId('checkout-period-year').click();
    await customer.getByTestId('checkout-next').click();
    // Progress survives a reload.
    await customer.reload();
    await customer.getByTestId('checkout-consumer').waitFor();
    expect(await customer.getByTestId('checkout-plan').getAttribute('data-step')).toBe('customer');
    await customer.getByTestId('checkout-consumer').click();
    await customer.getByTestId('checkout-next').click();
    expect(await textOf(customer, 'checkout-summary')).toContain('€ 21,06');
    await customer.getByTestId('checkout-pay').click();
    await customer.getByTestId('checkout-placed').waitFor();
    await customer.getByTestId('checkout-to-billing').click();
    await customer.getByTestId('invoice-row').waitFor();
    expect(await customer.getByTestId('invoice-row').getAttribute('data-status')).toBe('open');
    // Ordered is not paid yet.
    await saveProjectDescription(customer, projectId, 'Saved before the payment');
    await customer.waitForURL(/\/error\?/);

    // The platform admin sees the transfer arrive and marks the invoice paid.
    const admin = await newPage();
    await logIn(admin, server.url, 'admin@example.com');
    await admin.goto(`${server.url}/customer/${demo.id}/billing`);
    await admin.getByTestId('invoice-mark-paid').click();
    await expect
      .poll(() => admin.getByTestId('invoice-row').getAttribute('data-status'))
      .toBe('paid');

    // The customer can save again, and the portal link shows the active plan.
    await saveProjectDescription(customer, projectId, 'Saved after the payment');
    await customer.waitForTimeout(1500);
    expect(new URL(customer.url()).pathname).toBe(`/projects/${projectId}/details/edit`);
    await customer.getByTestId('user-menu').click();
    await customer.getByTestId('user-menu-portal').click();
    await customer.waitForURL(/\/billing$/);
    await expect
      .poll(() => customer.getByTestId('billing-page').getAttribute('data-state'))
      .toBe('active');
    expect(await customer.getByTestId('billing-plan').textContent()).toBe('Starter');

    // The invoice PDF opens, renders, and says what it should.
    const href = await customer.getByTestId('invoice-download').getAttribute('href');
    const response = await customer.context().request.get(`${server.url}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const pdfFile = path.join(server.dataDir, 'invoice.pdf');
    fs.writeFileSync(pdfFile, await response.body());
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-singlefile',
      pdfFile,
      path.join(server.dataDir, 'invoice'),
    ]);
    expect(fs.statSync(path.join(server.dataDir, 'invoice.png')).size).toBeGreaterThan(1000);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('Starter');
    expect(text).toMatch(/Totaal:\s+€\s?25,48/);
    expect(text).toMatch(/Betaald op/);
  }, 180_000);
});
