// User stories of project content beyond QR codes: a short link with a custom uri that works,
// tags that filter a list, and the trash that takes a code out of service and gives it back.
import fs from 'node:fs';
import { unzipSync } from 'fflate';
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
const ACTION_NAME = 'Zomerpagina';
const ACTION_LINK = 'https://example.com/zomer';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  await logIn(page, server.url, 'user@example.com');
  projectId = await openFirstProject(page, server.url);

  // A link Action made in the Action editor, for the short links below.
  await page.goto(`${server.url}/projects/${projectId}/qr-link/create`);
  await page.locator('input[name="name"]').fill(ACTION_NAME);
  await page.getByTestId('action-tab-link').click();
  await page.locator('input[name="data.link"]').fill(ACTION_LINK);
  await page.getByTestId('action-save').click();
  await page.waitForURL(/\/qr-link\/[0-9A-Z]{26}\//);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const scan = (path: string) => fetch(`${server.url}/s/${path}`, { redirect: 'manual' });

async function createShortLink(uri: string, name: string): Promise<string> {
  await page.goto(`${server.url}/projects/${projectId}/short-links/create`);
  const uriInput = page.getByTestId('short-link-uri-input');
  await expect.poll(() => uriInput.inputValue()).toMatch(/^[A-Za-z0-9_-]{6,8}$/); // proposed
  await uriInput.fill(uri);
  await page.getByTestId('short-link-name-input').fill(name);
  const select = page.getByTestId('short-link-action-select');
  const actionId = await select.locator('option', { hasText: ACTION_NAME }).getAttribute('value');
  await select.selectOption(actionId!);
  await page.getByTestId('short-link-save').click();
  await page.waitForURL(/\/short-links\/[0-9A-Z]{26}\//);
  return /\/short-links\/([0-9A-Z]{26})\//.exec(page.url())![1];
}

describe('short links', () => {
  it('a short link with a custom uri leads to its Action', async () => {
    await createShortLink('zomer-actie_2027', 'Zomeractie');
    await expect
      .poll(() => page.getByTestId('short-link-scan-url').first().innerText())
      .toContain(`${server.url}/s/zomer-actie_2027`);
    const response = await scan('zomer-actie_2027');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(ACTION_LINK);
  });

  it('refuses a uri with other characters, at the field', async () => {
    await page.goto(`${server.url}/projects/${projectId}/short-links/create`);
    await page.getByTestId('short-link-uri-input').fill('zomer actie!');
    await expect.poll(() => page.locator('p.Mui-error').first().innerText()).toMatch(/a–z|a-z/);
  });
});

describe('tags', () => {
  it('three tagged items are exactly what the tag filter shows', async () => {
    await page.goto(`${server.url}/projects/${projectId}/tags/create`);
    await page.locator('input[name="name"]').fill('Lente');
    await page.getByTestId('label-save').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/create'));

    for (const [index, uri] of ['lente-a', 'lente-b', 'lente-c'].entries()) {
      await createShortLink(uri, `Lente ${index + 1}`);
      const input = page.getByTestId('labels-input').locator('input');
      await input.click();
      await input.fill('Lente');
      await page.getByRole('option', { name: 'Lente' }).click();
      await expect
        .poll(() => page.getByTestId('labels-input').getByTestId('label-chip').count())
        .toBe(1);
    }
    await createShortLink('zonder-tag', 'Zonder tag');

    await page.goto(`${server.url}/projects/${projectId}/short-links`);
    const list = page.getByTestId('short-link-list');
    await expect.poll(() => list.locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    await page.getByTestId('label-filter').click();
    await page.getByRole('option', { name: 'Lente' }).click();
    await expect.poll(() => list.locator('tbody tr').count()).toBe(3);
    const rows = await list.locator('tbody tr').allInnerTexts();
    for (const name of ['Lente 1', 'Lente 2', 'Lente 3']) expect(rows.join('\n')).toContain(name);
    expect(rows.join('\n')).not.toContain('Zonder tag');
  });
});

describe('trash', () => {
  it('a trashed QR code stops resolving, and resolves again after restore', async () => {
    // A code with a link Action, made through the wizard.
    await page.goto(`${server.url}/projects/${projectId}/qr-code/create`);
    await page.getByTestId('wizard-type-link').click();
    await page.getByTestId('wizard-next').click();
    await page.locator('input[name="name"]').fill('Prullenbak-proef');
    await page.locator('[name="data.link"]').fill('https://example.com/flyer');
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    const scanUrl = (await page.getByTestId('qr-scan-url').first().innerText()).trim();
    const code = scanUrl.split('/').pop()!;
    expect((await scan(code)).status).toBe(302);

    await page.getByTestId('wizard-open').click();
    await page.waitForURL(/\/qr-code\/[0-9A-Z]{26}\//);
    const qrCodeId = /\/qr-code\/([0-9A-Z]{26})\//.exec(page.url())![1];
    await page.getByTestId('qr-trash').click();
    await page.getByRole('button', { name: /bevestig|confirm/i }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/qr-codes'));
    await expect
      .poll(() => page.getByTestId('qr-code-list').innerText())
      .not.toContain('Prullenbak-proef');
    const trashed = await scan(code);
    expect(trashed.status).not.toBe(302);
    expect(await trashed.text()).toMatch(/niet actief|not active/i);

    await page.goto(`${server.url}/projects/${projectId}/trash/qr-codes`);
    await page.getByTestId(`trash-restore-${qrCodeId}`).click();
    await page.getByRole('button', { name: /bevestig|confirm/i }).click();
    await expect.poll(async () => (await scan(code)).status).toBe(302);
    expect((await scan(code)).headers.get('location')).toBe('https://example.com/flyer');
  });
});

describe('themes', () => {
  it('making a theme active changes the landing pages of the project', async () => {
    // A contact card: a code that answers a landing page, not a redirect.
    await page.goto(`${server.url}/projects/${projectId}/qr-code/create`);
    await page.getByTestId('wizard-type-contact').click();
    await page.getByTestId('wizard-next').click();
    await page.locator('input[name="name"]').fill('Jan Jansen');
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    const scanUrl = (await page.getByTestId('qr-scan-url').first().innerText()).trim();
    const landing = async () => (await fetch(scanUrl)).text();
    expect((await landing()).toLowerCase()).not.toContain('#0a7cff');

    await page.goto(`${server.url}/projects/${projectId}/theme/create`);
    await page.getByTestId('theme-name').fill('Oceaan');
    await page.getByTestId('theme-color-settings-colors-primary').fill('#0a7cff');
    const font = page.getByTestId('theme-font-input');
    await font.fill('Lobster');
    await page
      .getByRole('option', { name: /^Lobster/ })
      .first()
      .click();
    await page.getByTestId('theme-save').click();
    await page.waitForURL(/\/theme\/[0-9A-Z]{26}\/details\/edit/);
    const themeId = /\/theme\/([0-9A-Z]{26})\//.exec(page.url())![1];

    await page.goto(`${server.url}/projects/${projectId}/themes`);
    await page.getByTestId(`theme-activate-${themeId}`).click();
    await expect.poll(() => page.getByTestId('theme-active-badge').count()).toBe(1);

    await expect.poll(async () => (await landing()).toLowerCase()).toContain('#0a7cff');
    const html = await landing();
    // The chosen font comes from our own origin, never from Google.
    expect(html).toContain('src:url(/fonts/lobster/latin-400-normal.woff2)');
    expect(html).not.toContain('googleapis');
    expect(html).toContain('Jan Jansen');
  });
});

describe('bulk', () => {
  it('two selected QR codes download as a print pack whose PNGs scan to their own URLs', async () => {
    await page.goto(`${server.url}/projects/${projectId}/qr-codes`);
    const rows = page.getByTestId('qr-code-list').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await rows.nth(0).locator('input[type="checkbox"]').check();
    await rows.nth(1).locator('input[type="checkbox"]').check();

    await page.getByTestId('bulk-download-zip').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bulk-print-pack-build').click(),
    ]);
    expect(download.suggestedFilename()).toBe('print-pack.zip');
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    expect(Object.keys(files)).toContain('manifest.csv');
    expect(Object.keys(files)).toContain('label-sheet.pdf');
    expect(Object.keys(files).filter((name) => name.endsWith('.eps'))).toHaveLength(2);
    const names = Object.keys(files).filter((name) => name.endsWith('.png'));
    expect(new Set(names).size).toBe(2);

    const listed = await page.request.get(
      `${server.url}/api/projects/${projectId}/qr-codes?perPage=100`,
    );
    const scanUrls = new Set(
      (await listed.json()).data.map((code: { scanUrl: string }) => code.scanUrl),
    );
    const decoded = await Promise.all(names.map(async (name) => (await decodeQr(files[name]))[0]));
    expect(names.every((name) => name.endsWith('.png'))).toBe(true);
    expect(new Set(decoded).size).toBe(2);
    for (const url of decoded) expect(scanUrls.has(url)).toBe(true);
  });
});
