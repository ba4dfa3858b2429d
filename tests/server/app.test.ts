import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let dashboardDir: string;
beforeAll(async () => {
  dashboardDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-dashboard-'));
  fs.writeFileSync(path.join(dashboardDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(dashboardDir, 'assets'));
  fs.writeFileSync(path.join(dashboardDir, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ config: { dashboardDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dashboardDir, { recursive: true, force: true });
});

describe('dashboard and SPA fallback', () => {
  it.each([
    '/',
    '/projects',
    '/customer/01ARZ3NDEKTSV4RRFFQ69G5FAV/details/edit',
    '/login?return_to=/x',
  ])('GET %s as a browser page answers index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves built files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('answers JSON 404 for unknown API paths, even to browsers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('not_found');
  });

  it('leaves the scan prefix to the scan service', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/s/abc',
      headers: { accept: 'text/html' },
    });
    expect(response.body).not.toContain('<div id="root">');
  });

  it('sends a CSP that lets the built React app run', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
  });
});

describe('request bodies', () => {
  it('accepts an empty JSON body on DELETE', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const response = await call(
      t.app,
      'DELETE',
      `/api/projects/${t.ids.projects.demoOther}/trash`,
      {
        cookie,
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(response.statusCode).toBe(204);
  });

  it('answers 400 invalid for malformed JSON, never 500', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, 'client-type': 'dashboard', 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('invalid');
  });

  it('answers 422 required for a missing body', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const response = await call(t.app, 'POST', '/api/projects', { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('required');
  });
});
