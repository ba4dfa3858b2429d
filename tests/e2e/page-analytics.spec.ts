// User story: a platform admin sends the dashboard's page views to the organisation's own
// collector; from then on every dashboard reports each screen there, ids stripped from the path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/chromium.js';
import { startServer, type RunningServer } from './support/server.js';
import { logIn, openFirstProject } from './support/session.js';

interface Hit {
  event: string;
  path: string;
}

let server: RunningServer;
let browser: Browser;
let collector: http.Server;
let collectorUrl: string;
const hits: Hit[] = [];

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST') hits.push(JSON.parse(body) as Hit);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/collect`;
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  collector?.close();
});

describe('page analytics', () => {
  it('the admin points page views at a collector, which then hears every screen without ids', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await logIn(admin, server.url, 'admin@example.com');
    await admin.goto(`${server.url}/settings/analytics`);
    await admin.getByLabel(/Paginaweergaven sturen naar|Send page views to/).click();
    await admin.getByRole('option', { name: /Je eigen endpoint|Your own endpoint/ }).click();
    await admin.getByRole('textbox', { name: 'Endpoint' }).fill(collectorUrl);
    await admin.getByRole('button', { name: /Opslaan|Save/ }).click();
    await expect
      .poll(async () => {
        const response = await fetch(`${server.url}/api/settings/analytics/tracker`);
        return ((await response.json()) as { data: { url?: string } }).data.url;
      })
      .toBe(collectorUrl);
    await adminContext.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'customeradmin@example.com');
    const projectId = await openFirstProject(page, server.url);
    await expect.poll(() => hits.map((hit) => hit.path)).toContain('/projects/start');
    expect(hits.every((hit) => hit.event === 'page_view')).toBe(true);
    expect(hits.some((hit) => hit.path.includes(projectId))).toBe(false);
    expect(hits.some((hit) => /[0-9A-HJKMNP-TV-Z]{26}/i.test(hit.path))).toBe(false);
    await context.close();
  });
});
