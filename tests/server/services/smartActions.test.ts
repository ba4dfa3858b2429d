// Smart codes (issue 16) through the API: the password is stored hashed, answered as hasPassword
// and kept when left out; no audit row carries the hash; the simulator answers what a real scan
// of the same visitor gets, and records nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
const pid = () => t.ids.projects.demoLinked;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const link = (url: string) => ({ objectType: 'link', data: { link: url } });

const smartAction = {
  name: 'Smart menu',
  ...link('https://menu.example/'),
  rules: [
    {
      name: 'German',
      conditions: [{ type: 'language', values: ['de'] }],
      target: link('https://de.example/'),
    },
    {
      name: 'iPhone',
      conditions: [{ type: 'os', values: ['iOS'] }],
      target: link('https://ios.example/'),
    },
  ],
};

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

async function createQrWith(action: unknown) {
  const created = await call(t.app, 'POST', `/api/projects/${pid()}/qr-codes`, {
    cookie,
    body: { name: 'Smart card', action },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { id: string; code: string; actionId: string };
}

describe('smart fields through the Action API', () => {
  it('hashes the password, answers hasPassword, keeps it when left out, and audits no hash', async () => {
    const created = await call(t.app, 'POST', `/api/projects/${pid()}/actions`, {
      cookie,
      body: { ...smartAction, protection: { password: 'letmein1', scanCap: 10 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = created.json().data;
    expect(answer.protection).toEqual({
      hasPassword: true,
      scanCap: 10,
      expiresAt: null,
      ageGate: false,
    });
    expect(answer.rules).toHaveLength(2);
    expect(JSON.stringify(answer)).not.toContain('letmein1');
    const row = await t.db
      .selectFrom('actions')
      .select(['passwordHash', 'protection'])
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.protection).not.toContain('password');

    // A PUT without a password keeps it; the audit diff shows hasPassword, never the hash.
    const edited = await call(t.app, 'PUT', `/api/projects/${pid()}/actions/${answer.id}`, {
      cookie,
      body: { ...smartAction, name: 'Renamed', protection: { scanCap: 20 } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.protection).toMatchObject({ hasPassword: true, scanCap: 20 });
    const audits = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('itemId', '=', answer.id)
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(audits);
    expect(text).not.toContain(row.passwordHash!);
    expect(text).not.toContain('letmein1');
    expect(text).toContain('hasPassword');

    // null removes it.
    const cleared = await call(t.app, 'PUT', `/api/projects/${pid()}/actions/${answer.id}`, {
      cookie,
      body: { ...smartAction, protection: { password: null } },
    });
    expect(cleared.json().data.protection.hasPassword).toBe(false);
  });

  it('refuses a split not adding up to 100 at /split, translated code split_total', async () => {
    const response = await call(t.app, 'POST', `/api/projects/${pid()}/actions`, {
      cookie,
      body: {
        ...smartAction,
        split: [
          { percent: 60, target: link('https://a.example/') },
          { percent: 30, target: link('https://b.example/') },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'split_total',
      source: { pointer: '/split' },
    });
  });
});

describe('the simulator', () => {
  it('agrees with a real scan for the same visitor and records nothing', async () => {
    const qr = await createQrWith(smartAction);
    const cases = [
      { userAgent: IPHONE, language: 'nl', rule: 'iPhone', location: 'https://ios.example/' },
      { userAgent: DESKTOP, language: 'de-DE', rule: 'German', location: 'https://de.example/' },
      { userAgent: DESKTOP, language: 'en', rule: null, location: 'https://menu.example/' },
    ];
    const scansBefore = await t.db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const c of cases) {
      const simulated = await call(
        t.app,
        'POST',
        `/api/projects/${pid()}/actions/${qr.actionId}/simulate`,
        { cookie, body: { userAgent: c.userAgent, language: c.language, country: 'NL' } },
      );
      expect(simulated.statusCode, simulated.body).toBe(200);
      const result = simulated.json().data;
      expect(result.rule?.name ?? null).toBe(c.rule);
      expect(result).toMatchObject({ status: 302, location: c.location });
      const scan = await t.app.inject({
        url: `/s/${qr.code}`,
        headers: { 'user-agent': c.userAgent, 'accept-language': c.language },
      });
      expect(scan.statusCode).toBe(result.status);
      expect(scan.headers.location).toBe(result.location);
    }
    await t.app.scanRecorder.flush();
    const scansAfter = await t.db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Only the three real scans were recorded.
    expect(Number(scansAfter.n) - Number(scansBefore.n)).toBe(cases.length);
  });

  it('reports the gates and the cap like a scan would', async () => {
    const created = await call(t.app, 'POST', `/api/projects/${pid()}/actions`, {
      cookie,
      body: { ...smartAction, protection: { scanCap: 5, ageGate: true } },
    });
    const id = created.json().data.id as string;
    const simulate = (body: unknown) =>
      call(t.app, 'POST', `/api/projects/${pid()}/actions/${id}/simulate`, { cookie, body });
    expect((await simulate({ scanNumber: 5 })).json().data).toMatchObject({
      status: 200,
      location: 'page:ageGate',
    });
    expect((await simulate({ scanNumber: 6 })).json().data).toMatchObject({
      status: 410,
      location: 'page:unavailable',
    });
    expect((await simulate({ scanNumber: 5, ageConfirmed: true })).json().data).toMatchObject({
      status: 302,
      location: 'https://menu.example/',
    });
    const bad = await simulate({ country: 'XX', scanNumber: 0 });
    expect(bad.statusCode).toBe(422);
  });
});
