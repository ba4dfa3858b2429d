// User stories of a printed code that really works: the wizard makes a QR code, its PNG decodes
// to the scan URL, the scan URL redirects to the link, and changing the Action moves the code.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { decodeQr } from './support/qrDecode.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, openFirstProject } from './support/session.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  await logIn(page, server.url, 'user@example.com');
  projectId = await openFirstProject(page, server.url);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** What a phone does with the scan URL: one request, redirects not followed. */
async function scan(url: string): Promise<Response> {
  return fetch(url, {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
  });
}

async function makeQrCode(
  type: string,
  name: string,
  fields: Record<string, string>,
): Promise<string> {
  await page.goto(`${server.url}/projects/${projectId}/qr-code/create`);
  await page.getByTestId(`wizard-type-${type}`).click();
  await page.getByTestId('wizard-next').click();
  await page.locator('input[name="name"]').fill(name);
  for (const [source, value] of Object.entries(fields)) {
    await page.locator(`[name="data.${source}"]`).fill(value);
  }
  await page.getByTestId('wizard-create').click();
  await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
  const scanUrl = (await page.getByTestId('qr-scan-url').first().innerText()).trim();
  expect(scanUrl).toMatch(new RegExp(`^${server.url}/s/[A-Za-z0-9_-]+$`));
  return scanUrl;
}

describe('a QR code with a link Action', () => {
  let scanUrl: string;

  it('is made by the wizard, and its downloaded PNG decodes to the scan URL', async () => {
    scanUrl = await makeQrCode('link', 'Poster lobby', { link: 'https://example.com/first' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('qr-download-png').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const png = fs.readFileSync(await download.path());
    expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    expect(await decodeQr(new Uint8Array(png))).toEqual([scanUrl]);

    // The in-browser test reads the same URL back.
    await page.getByTestId('qr-test').first().click();
    await expect
      .poll(() => page.getByTestId('qr-test-result').first().getAttribute('data-ok'))
      .toBe('true');
  });

  it('redirects to the link when scanned', async () => {
    const response = await scan(scanUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://example.com/first');
  });

  it('goes somewhere else after the Action changes, with the same printed code', async () => {
    const code = scanUrl.split('/').pop()!;
    const list = await page.request.get(
      `${server.url}/api/projects/${projectId}/qr-codes?q=${code}`,
    );
    const qrCode = (await list.json()).data.find((item: { code: string }) => item.code === code);
    expect(qrCode?.actionId).toBeTruthy();

    await page.goto(`${server.url}/projects/${projectId}/qr-link/${qrCode.actionId}/details/edit`);
    const link = page.locator('input[name="data.link"]');
    await expect.poll(() => link.inputValue()).toBe('https://example.com/first');
    await link.fill('https://example.org/second');
    await page.getByTestId('action-save').click();
    await expect
      .poll(async () => (await scan(scanUrl)).headers.get('location'))
      .toBe('https://example.org/second');
  });
});

describe('a QR code with a contact Action', () => {
  it('opens a card page that offers a working .vcf', async () => {
    // The wizard asks one Name: the code's, which is the contact's name too.
    const scanUrl = await makeQrCode('contact', 'Anna de Vries', {});
    const landing = await page.context().newPage();
    await landing.goto(scanUrl);
    expect(await landing.locator('body').innerText()).toContain('Anna de Vries');
    const vcfHref = await landing.locator('a[href$=".vcf"]').first().getAttribute('href');
    expect(vcfHref).toBeTruthy();
    const vcf = await fetch(new URL(vcfHref!, scanUrl));
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('content-type')).toMatch(/text\/(x-)?vcard/);
    const card = await vcf.text();
    expect(card).toMatch(/^BEGIN:VCARD/);
    expect(card).toMatch(/FN:Anna de Vries/);
    await landing.close();
  });
});
