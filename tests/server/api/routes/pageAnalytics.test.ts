// The page-view tracker setting (/settings/analytics): platform admins only, validated, audited,
// readable by every dashboard, and named in the dashboard's CSP only while one is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

const connectSrc = (csp: string | undefined) =>
  /connect-src ([^;]*)/.exec(csp ?? '')?.[1].split(' ') ?? [];

describe('page analytics settings', () => {
  let t: TestApp;
  let admin: string;
  let customeradmin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await login(t.app, DEMO.admin);
    customeradmin = await login(t.app, DEMO.customeradmin);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends nothing anywhere by default, and says so to anyone who asks', async () => {
    const response = await call(t.app, 'GET', '/api/settings/analytics/tracker');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { provider: 'none' } });
    expect(connectSrc(response.headers['content-security-policy'] as string)).toEqual(["'self'"]);
  });

  it('is for platform admins only', async () => {
    const body = { provider: 'custom', url: 'https://collector.example/hit' };
    expect((await call(t.app, 'PUT', '/api/settings/analytics', { body })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'PUT', '/api/settings/analytics', { body, cookie: customeradmin }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/settings/analytics', { cookie: customeradmin })).statusCode,
    ).toBe(403);
  });

  it.each([
    [{ provider: 'plausible', siteId: 'qr.example', url: 'javascript:alert(1)' }, '/url', 'url'],
    [{ provider: 'plausible', url: 'https://plausible.io' }, '/siteId', 'required'],
    [{ provider: 'matomo', siteId: 'abc', url: 'https://matomo.example' }, '/siteId', 'regex'],
    [{ provider: 'custom' }, '/url', 'required'],
  ])('refuses %o at %s with %s', async (body, pointer, code) => {
    const response = await call(t.app, 'PUT', '/api/settings/analytics', { body, cookie: admin });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ code, source: { pointer } }),
    ]);
  });

  it('takes a tracker, audits the change, and names its origin in the CSP while it is set', async () => {
    const body = { provider: 'matomo', siteId: '7', url: 'https://stats.example/matomo' };
    const saved = await call(t.app, 'PUT', '/api/settings/analytics', { body, cookie: admin });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: body });

    const tracker = await call(t.app, 'GET', '/api/settings/analytics/tracker');
    expect(tracker.json()).toEqual({ data: body });
    expect(connectSrc(tracker.headers['content-security-policy'] as string)).toEqual([
      "'self'",
      'https://stats.example',
    ]);

    const audit = await call(t.app, 'GET', '/api/audit-logs?type=tracking', { cookie: admin });
    const row = audit.json().data[0];
    expect(row).toMatchObject({ type: 'tracking', action: 'updated' });

    await call(t.app, 'PUT', '/api/settings/analytics', {
      body: { provider: 'none' },
      cookie: admin,
    });
    const after = await call(t.app, 'GET', '/api/settings/analytics/tracker');
    expect(connectSrc(after.headers['content-security-policy'] as string)).toEqual(["'self'"]);
  });
});
