// The built dashboard goes out compressed, and its hashed files are cached for good (issue 13).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../helpers/testApp.js';
import { IMMUTABLE_CACHE } from '../../../../src/server/api/plugins/dashboard.js';

const script = `console.log(${JSON.stringify('a fairly long line of JavaScript '.repeat(200))});`;

let t: TestApp;
let dashboardDir: string;
beforeAll(async () => {
  dashboardDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-dashboard-'));
  fs.writeFileSync(path.join(dashboardDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(dashboardDir, 'assets'));
  fs.writeFileSync(path.join(dashboardDir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(dashboardDir, 'assets', 'pre-abc123.js'), script);
  fs.writeFileSync(
    path.join(dashboardDir, 'assets', 'pre-abc123.js.br'),
    zlib.brotliCompressSync(Buffer.from(script)),
  );
  t = await buildTestApp({ config: { dashboardDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dashboardDir, { recursive: true, force: true });
});

describe('dashboard files', () => {
  it('compresses a script with brotli when the browser accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('falls back to gzip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('serves the file the build compressed ahead', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('caches hashed files for a year, immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.body).toBe(script);
  });

  it('makes the browser revalidate index.html, so a new build is picked up', async () => {
    for (const url of ['/index.html', '/projects']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves API answers as they were', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
