// A light first visit (issue 13, part 9): the JavaScript each route makes the browser download,
// measured in Chromium as the compressed bytes the server sent. The first route (/login) stays
// within its budget, and the heavy parts (rich text, charts, designer, fonts list, decoder) arrive only
// on the screens that use them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn } from './support/session.js';
import { demoRun } from './support/demoItems.js';
import { settle } from './support/screens.js';

/**
 * The goal, in gzip bytes: /login measured 325 KB (380 KB before react-admin's default
 * screens, the object.entries polyfill and the other pages before sign-in left it).
 */
const FIRST_ROUTE_BUDGET = 350 * 1024;

const BUILD = path.resolve(import.meta.dirname, '../../dist/dashboard');

/** How to recognise each heavy part in a downloaded file: its chunk's name or its content. */
const HEAVY: Record<string, (url: string) => boolean> = {
  richText: (url) => /ActionRichTextInput-/.test(url),
  charts: (url) => /TimeseriesChart-/.test(url),
  worldMap: (url) => /CountryMap-/.test(url),
  designer: (url) => /qrStyling-/.test(url),
  decoder: (url) => /scanTest-|zxing/.test(url),
  // The Google Fonts catalogue is a JSON module inside whichever chunk imports it.
  fontsList: (url) => {
    const file = path.join(BUILD, new URL(url).pathname);
    return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('"Abril Fatface"');
  },
};

const run = demoRun();

interface Download {
  url: string;
  bytes: number;
}

/**
 * The gzip bytes of a downloaded file, from the .gz the build writes beside it (files under a
 * kilobyte have none and are sent as they are). Chromium is offered brotli, so what it receives
 * is smaller; the goal is in gzip, which every browser and proxy speaks.
 */
function gzipBytes(url: string): number {
  const file = path.join(BUILD, new URL(url).pathname);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

/** Opens `path` in a fresh cache and answers the scripts (and wasm) it downloaded, compressed. */
async function scriptsOf(page: Page, path: string): Promise<Download[]> {
  const downloads: Download[] = [];
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  session.on('Network.responseReceived', (event) => {
    if (/\.(m?js|wasm)(\?|$)/.test(event.response.url))
      urls.set(event.requestId, event.response.url);
  });
  session.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url) downloads.push({ url, bytes: event.encodedDataLength });
  });
  await page.goto(`${run.server.url}${path}`);
  await settle(page);
  await session.detach();
  return downloads;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const total = (downloads: Download[]) => downloads.reduce((sum, item) => sum + item.bytes, 0);
const heavyIn = (downloads: Download[]) =>
  Object.entries(HEAVY)
    .filter(([, isPart]) => downloads.some((item) => isPart(item.url)))
    .map(([name]) => name);

describe('JavaScript per route', () => {
  it('the first route stays within its budget and carries none of the heavy parts', async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const downloads = await scriptsOf(page, '/login');
    const gzip = downloads.reduce((sum, item) => sum + gzipBytes(item.url), 0);
    const largest = [...downloads].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
    console.log(
      `/login: ${kb(gzip)} gzip (${kb(total(downloads))} as sent) in ${downloads.length} files; ` +
        `largest: ` +
        largest.map((item) => `${new URL(item.url).pathname} ${kb(item.bytes)}`).join(', '),
    );
    expect(gzip).toBeLessThanOrEqual(FIRST_ROUTE_BUDGET);
    expect(heavyIn(downloads)).toEqual([]);
    // Hashed files go out compressed and cached for good.
    const badHeaders: string[] = [];
    for (const { url } of downloads.filter((item) => /\/assets\/.+-[\w-]{8}\.js$/.test(item.url))) {
      const response = await page.request.get(url, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      const headers = response.headers();
      if (
        !/immutable/.test(headers['cache-control'] ?? '') ||
        !/max-age=\d{7,}/.test(headers['cache-control'] ?? '')
      ) {
        badHeaders.push(`${url}: cache-control ${headers['cache-control']}`);
      }
      if (!/^(br|gzip)$/.test(headers['content-encoding'] ?? '')) {
        badHeaders.push(`${url}: content-encoding ${headers['content-encoding']}`);
      }
    }
    expect(badHeaders).toEqual([]);
    await context.close();
  });

  it('a heavy part loads only on screens that use it', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'customeradmin@example.com');
    const p = `/projects/${run.ids.projectId}`;
    // Which heavy parts each screen may use; it need not load them (the rich text only on a text
    // QR link, the fonts list once the font picker opens, the charts once there are scans).
    const screens: [string, string, string[]][] = [
      ['project list', '/projects', []],
      ['start page', `${p}/start`, []],
      ['QR code list (previews)', `${p}/qr-codes`, ['designer']],
      ['QR code details', `${p}/qr-code/${run.ids.qrCode}/details/edit`, ['designer', 'decoder']],
      [
        'QR code statistics',
        `${p}/qr-code/${run.ids.qrCode}/statistics`,
        ['designer', 'charts', 'worldMap'],
      ],
      ['Action editor', `${p}/qr-link/${run.ids.action}/details/edit`, ['richText']],
      ['theme editor', `${p}/theme/${run.ids.theme}/details/edit`, ['fontsList']],
      ['project statistics', `${p}/statistics`, ['charts', 'worldMap']],
      ['settings', '/settings/profile', []],
    ];
    const report: string[] = [];
    const wrong: string[] = [];
    for (const [name, path, expected] of screens) {
      const downloads = await scriptsOf(page, path);
      const heavy = heavyIn(downloads);
      report.push(`${name}: ${kb(total(downloads))} (${heavy.join(', ') || 'no heavy part'})`);
      const unexpected = heavy.filter((part) => !expected.includes(part));
      if (unexpected.length) wrong.push(`${name}: loads ${unexpected.join(', ')}`);
    }
    console.log(report.join('\n'));
    expect(wrong).toEqual([]);
    await context.close();
  });
});
