// Theme fonts from our own origin (issue 7, part 9). Families we ship answer from their package;
// any other family of the catalogue is fetched once by the server from Google Fonts — here a local
// stand-in answering css2 the way Google does — kept under DATA_DIR/fonts and served from there.
// A themed landing page names no other host at all.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { woff2UrlFor } from '../../src/server/fonts.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../helpers/testApp.js';

const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 7)]);

let t: TestApp;
let google: http.Server;
let googleUrl: string;
const googleRequests: string[] = [];
let dataDir: string;

beforeAll(async () => {
  google = http.createServer((request, response) => {
    googleRequests.push(request.url ?? '');
    if (request.url?.startsWith('/css2?family=Lobster:')) {
      // css2's answer: one block per subset, each headed by its comment.
      const base = googleUrl;
      response.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
      response.end(
        `/* latin-ext */\n@font-face {\n  font-family: 'Lobster';\n  src: url(${base}/s/lobster/v30/ext.woff2) format('woff2');\n}\n` +
          `/* latin */\n@font-face {\n  font-family: 'Lobster';\n  src: url(${base}/s/lobster/v30/latin.woff2) format('woff2');\n}\n`,
      );
      return;
    }
    if (request.url === '/s/lobster/v30/latin.woff2') {
      response.writeHead(200, { 'content-type': 'font/woff2' });
      response.end(WOFF2);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-fonts-'));
  t = await buildTestApp({ config: { googleFontsUrl: googleUrl, dataDir } });
});

afterAll(async () => {
  await t.close();
  google.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('theme fonts from our own origin', () => {
  it('serves a family we ship from its package, with long caching, asking Google nothing', async () => {
    const response = await get('/fonts/open-sans/latin-700-normal.woff2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('font/woff2');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('wOF2');
    expect(googleRequests).toEqual([]);
  });

  it('fetches any other family once from Google Fonts, keeps it, and serves it from then on', async () => {
    const first = await get('/fonts/lobster/latin-400-normal.woff2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.equals(WOFF2)).toBe(true);
    expect(googleRequests).toEqual([
      '/css2?family=Lobster:ital,wght@0,400&subset=latin&display=swap',
      '/s/lobster/v30/latin.woff2',
    ]);
    expect(fs.existsSync(path.join(dataDir, 'fonts/lobster/latin-400-normal.woff2'))).toBe(true);
    const again = await get('/fonts/lobster/latin-400-normal.woff2');
    expect(again.rawPayload.equals(WOFF2)).toBe(true);
    expect(googleRequests).toHaveLength(2);
  });

  it('answers 404 for what the catalogue does not have, and when Google has nothing', async () => {
    for (const url of [
      '/fonts/not-a-font/latin-400-normal.woff2',
      '/fonts/open-sans/klingon-400-normal.woff2',
      '/fonts/open-sans/latin-950-normal.woff2',
      '/fonts/open-sans/..%2F..%2Fpackage.json',
      '/fonts/abel/latin-400-normal.woff2',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('gives a themed landing page no address of another host, and its font answers', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const pid = t.ids.projects.demoLinked;
    const theme = await call(t.app, 'POST', `/api/projects/${pid}/themes`, {
      cookie,
      body: {
        name: 'Lobster',
        settings: { font: { family: 'Lobster', subset: 'latin', variant: 'regular' } },
      },
    });
    expect(theme.statusCode, theme.body).toBe(201);
    await call(t.app, 'POST', `/api/projects/${pid}/themes/${theme.json().data.id}/activate`, {
      cookie,
    });
    const action = await call(t.app, 'POST', `/api/projects/${pid}/actions`, {
      cookie,
      body: { name: 'Card', objectType: 'contact', data: { name: 'Jan' } },
    });
    const qr = await call(t.app, 'POST', `/api/projects/${pid}/qr-codes`, {
      cookie,
      body: { name: 'Card', actionId: action.json().data.id },
    });
    const page = await get(`/s/${qr.json().data.code}`);
    expect(page.statusCode).toBe(200);
    const urls = [...page.body.matchAll(/(?:https?:)?\/\/[^\s"')<>]+/g)].map((match) => match[0]);
    expect(urls).toEqual([]);
    const fontPath = /src:url\((\/fonts\/[^)]+)\)/.exec(page.body)?.[1];
    expect(fontPath).toBe('/fonts/lobster/latin-400-normal.woff2');
    expect((await get(fontPath!)).statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("font-src 'self'");
  });
});

describe('css2 parsing', () => {
  it('takes the block of the asked subset, or the only block', () => {
    const css =
      "/* cyrillic */\n@font-face { src: url(https://x.test/c.woff2) format('woff2'); }\n" +
      "/* latin */\n@font-face { src: url(https://x.test/l.woff2) format('woff2'); }";
    expect(woff2UrlFor(css, 'latin')).toBe('https://x.test/l.woff2');
    expect(woff2UrlFor(css, 'greek')).toBeNull();
    expect(woff2UrlFor("@font-face { src: url('https://x.test/one.woff2'); }", 'latin')).toBe(
      'https://x.test/one.woff2',
    );
  });
});
