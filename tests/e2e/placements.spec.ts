// User story of placements (issue 16 part 7): a customer admin opens a QR link, types the places
// its codes will hang (one per line), gets one QR code per place, and compares them side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, openFirstProject } from './support/session.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logIn(page, server.url, 'customeradmin@example.com');
  projectId = await openFirstProject(page, server.url);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('placements of a QR link', () => {
  it('makes a QR code per place and compares them', async () => {
    const made = await page.request.post(`${server.url}/api/projects/${projectId}/actions`, {
      data: { name: 'Summer sale', objectType: 'link', data: { link: 'https://shop.example.org' } },
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(made.status()).toBe(201);
    const actionId = ((await made.json()) as { data: { id: string } }).data.id;

    await page.goto(`${server.url}/projects/${projectId}/qr-link/${actionId}/details/edit`);
    await page.getByTestId('action-page-tab-placements').click();
    await page.getByTestId('placements-compare').waitFor();
    await page.getByText('Deze QR-link heeft nog geen QR-codes').waitFor();

    await page.getByTestId('placements-names').fill('Poster op het station\nFlyer\nVerpakking');
    await page.getByTestId('placements-create-button').click();
    await page.getByText('3 QR-codes gemaakt').waitFor({ timeout: 15_000 });

    const rows = page.getByTestId('placement-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    const names = await rows.locator('td:first-child').allInnerTexts();
    expect(names.sort()).toEqual(['Flyer', 'Poster op het station', 'Verpakking']);

    // Each placement is a QR code of its own, with its own code, on the QR link's QR codes tab.
    const codes = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(codes).size).toBe(3);
    await page.getByTestId('action-page-tab-qr-codes').click();
    for (const name of names) await page.getByTestId('action-qr-codes').getByText(name).waitFor();
  });
});
