// User story: a platform admin gives Demo BV its own domain. The admin adds the hostname, marks it
// verified and makes it primary; the customer admin sees it read-only with the DNS record; a QR
// code the customer then makes prints the white-label URL (its PNG decodes with zbarimg), and a
// phone asking that host for the code is redirected to the Action.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, openFirstProject } from './support/session.js';

const HOST = 'qr.demo-bv.test';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone's request for `pathname` on our server, sent as if to `host`; redirects not followed. */
function requestAsHost(
  host: string,
  pathname: string,
): Promise<{ status: number; location?: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        headers: { host, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** zbarimg, an independent decoder, reads the printed file. */
function zbarDecode(png: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-wl-')), 'code.png');
  fs.writeFileSync(file, png);
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
}

async function row(page: Page) {
  const locator = page.getByTestId(`white-label-row-${HOST}`);
  await locator.waitFor();
  return locator;
}

describe('white-label domains', () => {
  it('the admin adds, verifies and makes primary a hostname of Demo BV', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'admin@example.com');
    await page.goto(`${server.url}/settings/whitelabel`);
    await page.getByTestId('white-label-customer').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Demo BV' }).click();
    await page.getByLabel(/Nieuwe hostnaam|New hostname/).fill(HOST);
    await page.getByRole('button', { name: /Hostnaam toevoegen|Add hostname/ }).click();
    const hostRow = await row(page);
    await expect.poll(() => hostRow.innerText()).toMatch(/Niet geverifieerd|Not verified/);
    await hostRow.getByRole('button', { name: /Markeer als geverifieerd|Mark verified/ }).click();
    await expect.poll(() => hostRow.innerText()).toMatch(/Geverifieerd|Verified/);
    await hostRow.getByRole('button', { name: /Maak primair|Make primary/ }).click();
    await expect.poll(() => hostRow.innerText()).toMatch(/Primair|Primary/);
    await context.close();
  });

  it('the customer admin sees the hostname read-only with the DNS record to set', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    await page.goto(`${server.url}/settings/whitelabel`);
    const hostRow = await row(page);
    await expect
      .poll(() => hostRow.getByTestId('white-label-dns-record').innerText())
      .toMatch(new RegExp(`^${HOST.replace(/\./g, '\\.')} CNAME \\S+$`));
    expect(await page.getByRole('button', { name: /Maak primair|Make primary/ }).count()).toBe(0);
    // The page fits a phone: only the table's own box scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await context.close();
  });

  it("the customer's QR code prints the white-label URL, and that host redirects it", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    const projectId = await openFirstProject(page, server.url);
    await page.goto(`${server.url}/projects/${projectId}/qr-code/create`);
    await page.getByTestId('wizard-type-link').click();
    await page.getByTestId('wizard-next').click();
    await page.locator('input[name="name"]').fill('Shop window');
    await page.locator('[name="data.link"]').fill('https://shop.example.com/window');
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    const scanUrl = (await page.getByTestId('qr-scan-url').first().innerText()).trim();
    expect(scanUrl).toMatch(new RegExp(`^https://${HOST.replace(/\./g, '\\.')}/[A-Za-z0-9_-]+$`));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('qr-download-png').click(),
    ]);
    expect(zbarDecode(fs.readFileSync(await download.path()))).toBe(scanUrl);

    const code = new URL(scanUrl).pathname;
    expect(await requestAsHost(HOST, code)).toEqual({
      status: 302,
      location: 'https://shop.example.com/window',
    });
    // The platform's own URL keeps working too: printed codes never break.
    expect((await requestAsHost(new URL(server.url).host, `/s${code}`)).status).toBe(302);
    await context.close();
  });
});
