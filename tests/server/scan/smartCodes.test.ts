// Smart codes (issue 16) through real HTTP scans: rules by country (X-Forwarded-For of addresses
// the offline database knows), device/OS (real user agents), language, time and scan number; the
// password page, age gate, scan cap, expiry with fallback and the unhealthy-destination fallback.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/server/security.js';
import { PASSWORD_ATTEMPTS } from '../../../src/server/scan/plugin.js';
import { statisticsOf } from '../../../src/server/services/statistics.js';
import { buildScanApp, createTestDb, type TestDb, ANDROID, DESKTOP, IPHONE } from './helpers.js';
import { buildOwner, buildAction, buildQrCode, type Owner } from '../../helpers/factories.js';

const NL_IP = '194.109.6.66';
const DE_IP = '85.214.132.117';
const US_IP = '8.8.8.8';

const link = (url: string) => ({ objectType: 'link', data: { link: url } });

let t: TestDb;
let app: FastifyInstance;
let fixture: Owner;
let clock = new Date('2026-03-04T12:00:00Z');

async function smartQr(
  smart: { rules?: unknown; split?: unknown; protection?: unknown; fallback?: unknown },
  extra: { passwordHash?: string; destinationUnhealthyAt?: string } = {},
) {
  const actionId = await buildAction(t.db, fixture, {
    objectType: 'link',
    data: { link: 'https://own.example/' },
  });
  await t.db
    .updateTable('actions')
    .set({
      rules: JSON.stringify(smart.rules ?? []),
      split: smart.split ? JSON.stringify(smart.split) : null,
      protection: JSON.stringify(smart.protection ?? {}),
      fallback: smart.fallback ? JSON.stringify(smart.fallback) : null,
      passwordHash: extra.passwordHash ?? null,
      destinationUnhealthyAt: extra.destinationUnhealthyAt ?? null,
    })
    .where('id', '=', actionId)
    .execute();
  return buildQrCode(t.db, fixture, { actionId });
}

const scan = (code: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: `/s/${code}`,
    headers: { 'user-agent': DESKTOP, 'x-forwarded-for': US_IP, ...headers },
  });

beforeAll(async () => {
  t = await createTestDb();
  fixture = await buildOwner(t.db);
  app = await buildScanApp(
    t.db,
    { now: () => clock, recorder: { flushIntervalMs: 10_000 } },
    { trustProxy: true },
  );
});

afterAll(async () => {
  await app.close();
  await t.destroy();
});

describe('rules on a real scan', () => {
  it('country (X-Forwarded-For), device, OS and language: first match wins, else the Action', async () => {
    const { code } = await smartQr({
      rules: [
        {
          name: 'Dutch',
          conditions: [{ type: 'country', values: ['NL'] }],
          target: link('https://nl.example/'),
        },
        {
          name: 'iPhone',
          conditions: [{ type: 'os', values: ['iOS'] }],
          target: link('https://ios.example/'),
        },
        {
          name: 'Phones',
          conditions: [{ type: 'device', values: ['mobile'] }],
          target: link('https://mobile.example/'),
        },
        {
          name: 'German speakers',
          conditions: [{ type: 'language', values: ['de'] }],
          target: link('https://de.example/'),
        },
      ],
    });
    const where = async (headers: Record<string, string>) =>
      (await scan(code, headers)).headers.location;
    expect(await where({ 'x-forwarded-for': NL_IP, 'user-agent': IPHONE })).toBe(
      'https://nl.example/',
    );
    expect(await where({ 'x-forwarded-for': DE_IP, 'user-agent': IPHONE })).toBe(
      'https://ios.example/',
    );
    expect(await where({ 'x-forwarded-for': DE_IP, 'user-agent': ANDROID })).toBe(
      'https://mobile.example/',
    );
    expect(await where({ 'accept-language': 'fr;q=0.5, de-AT' })).toBe('https://de.example/');
    expect(await where({ 'accept-language': 'en-GB,de;q=0.8' })).toBe('https://own.example/');
  });

  it('records the rule that served in the scan row', async () => {
    const { code, id } = await smartQr({
      rules: [
        {
          name: 'Dutch',
          conditions: [{ type: 'country', values: ['NL'] }],
          target: link('https://nl.example/'),
        },
      ],
    });
    await scan(code, { 'x-forwarded-for': NL_IP });
    await scan(code, { 'x-forwarded-for': DE_IP });
    await app.scanRecorder.flush();
    const rows = await t.db
      .selectFrom('scans')
      .select(['rule', 'country'])
      .where('itemId', '=', id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { rule: 'Dutch', country: 'NL' },
      { rule: null, country: 'DE' },
    ]);
  });

  it('time window crossing midnight, in the project zone (Europe/Amsterdam)', async () => {
    const { code } = await smartQr({
      rules: [
        {
          name: 'Night',
          conditions: [{ type: 'time', days: ['fri'], from: '22:00', to: '02:00' }],
          target: link('https://night.example/'),
        },
      ],
    });
    const at = async (iso: string) => {
      clock = new Date(iso);
      return (await scan(code)).headers.location;
    };
    // Friday 6 March 2026, CET (UTC+1).
    expect(await at('2026-03-06T20:59:00Z')).toBe('https://own.example/'); // 21:59 Fri
    expect(await at('2026-03-06T21:00:00Z')).toBe('https://night.example/'); // 22:00 Fri
    expect(await at('2026-03-07T00:59:00Z')).toBe('https://night.example/'); // 01:59 Sat
    expect(await at('2026-03-07T01:00:00Z')).toBe('https://own.example/'); // 02:00 Sat
    expect(await at('2026-03-07T21:30:00Z')).toBe('https://own.example/'); // 22:30 Sat
    clock = new Date('2026-03-04T12:00:00Z');
  });

  it('scan number: first N from the running total, N-1, N, N+1', async () => {
    const { code, id } = await smartQr({
      rules: [
        {
          name: 'First 3',
          conditions: [{ type: 'scanNumber', mode: 'first', n: 3 }],
          target: link('https://early.example/'),
        },
      ],
    });
    // Two earlier scans in the rollups' running total.
    await t.db
      .insertInto('scanRollups')
      .values({
        scopeId: id,
        projectId: fixture.projectId,
        itemType: 'qr_code',
        period: 'all',
        dimension: 'total',
        bucket: '',
        value: '',
        scans: 2,
        uniques: 2,
      })
      .execute();
    const third = await scan(code);
    const fourth = await scan(code);
    expect(third.headers.location).toBe('https://early.example/');
    expect(fourth.headers.location).toBe('https://own.example/');
  });
});

describe('split', () => {
  it('is sticky per visitor and records the variant', async () => {
    const { code, id } = await smartQr({
      split: [
        { name: 'Blue', percent: 50, target: link('https://blue.example/') },
        { name: null, percent: 50, target: link('https://b.example/') },
      ],
    });
    const seen = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const ip = `81.2.69.${i + 1}`;
      const first = (await scan(code, { 'x-forwarded-for': ip })).headers.location as string;
      const again = (await scan(code, { 'x-forwarded-for': ip })).headers.location as string;
      expect(again).toBe(first);
      seen.set(ip, first);
    }
    expect(new Set(seen.values())).toEqual(
      new Set(['https://blue.example/', 'https://b.example/']),
    );
    await app.scanRecorder.flush();
    const variants = await t.db
      .selectFrom('scans')
      .select('variant')
      .distinct()
      .where('itemId', '=', id)
      .execute();
    expect(variants.map((v) => v.variant).sort()).toEqual(['B', 'Blue']);

    // Per-variant statistics come from the rollups: every scan counted under the variant that
    // served it, the variants adding up to the code's total.
    const served = [...seen.values()];
    const expected = [
      { key: 'B', scans: 2 * served.filter((url) => url === 'https://b.example/').length },
      { key: 'Blue', scans: 2 * served.filter((url) => url === 'https://blue.example/').length },
    ].sort((a, b) => b.scans - a.scans || a.key.localeCompare(b.key));
    const stats = await statisticsOf(
      t.db,
      { projectId: fixture.projectId, scopeIds: [id], withTopItems: false },
      new Date(clock.getTime() - 86_400_000),
      new Date(clock.getTime() + 3_600_000),
    );
    expect(stats.meta.total).toBe(80);
    expect(
      [...stats.meta.byVariant].sort((a, b) => b.scans - a.scans || a.key.localeCompare(b.key)),
    ).toEqual(expected);
  });
});

describe('protection', () => {
  it('password: the page, a wrong password, then the right one redirects', async () => {
    const { code } = await smartQr({}, { passwordHash: await hashPassword('open sesame') });
    const page = await scan(code);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="password"');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const wrong = await app.inject({
      method: 'POST',
      url: `/s/${code}/password`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en',
        'x-forwarded-for': NL_IP,
      },
      payload: 'password=nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The password is not correct');
    const right = await app.inject({
      method: 'POST',
      url: `/s/${code}/password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': NL_IP },
      payload: 'password=open+sesame',
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(`/s/${code}`);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    const through = await scan(code, { cookie });
    expect(through.statusCode).toBe(302);
    expect(through.headers.location).toBe('https://own.example/');
  });

  it('password: too many wrong tries make this visitor wait on this code (429)', async () => {
    const { code } = await smartQr({}, { passwordHash: await hashPassword('right one') });
    const post = (password: string, ip = '10.9.9.9') =>
      app.inject({
        method: 'POST',
        url: `/s/${code}/password`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        payload: `password=${password}`,
      });
    for (let i = 0; i < PASSWORD_ATTEMPTS; i++) expect((await post('wrong')).statusCode).toBe(401);
    const blocked = await post('right+one');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another visitor is not held up.
    expect((await post('right+one', '10.9.9.10')).statusCode).toBe(303);
  });

  it('age gate: the confirm page, then the confirmation is remembered by cookie', async () => {
    const { code } = await smartQr({ protection: { ageGate: true } });
    const page = await scan(code, { 'accept-language': 'nl' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('18 jaar of ouder');
    const confirm = await app.inject({ method: 'POST', url: `/s/${code}/age` });
    expect(confirm.statusCode).toBe(303);
    const cookie = String(confirm.headers['set-cookie']).split(';')[0]!;
    expect((await scan(code, { cookie })).headers.location).toBe('https://own.example/');
  });

  it('scan cap: after N counted scans "no longer available", or the fallback', async () => {
    const capped = await smartQr({ protection: { scanCap: 2 } });
    expect((await scan(capped.code)).statusCode).toBe(302);
    expect((await scan(capped.code)).statusCode).toBe(302);
    const third = await scan(capped.code, { 'accept-language': 'en' });
    expect(third.statusCode).toBe(410);
    expect(third.body).toContain('No longer available');

    const withFallback = await smartQr({
      protection: { scanCap: 1 },
      fallback: link('https://after.example/'),
    });
    expect((await scan(withFallback.code)).headers.location).toBe('https://own.example/');
    expect((await scan(withFallback.code)).headers.location).toBe('https://after.example/');
  });

  it('expiry goes to the fallback from the instant on', async () => {
    const { code } = await smartQr({
      protection: { expiresAt: '2026-03-04T12:00:00Z' },
      fallback: link('https://expired.example/'),
    });
    clock = new Date('2026-03-04T11:59:59Z');
    expect((await scan(code)).headers.location).toBe('https://own.example/');
    clock = new Date('2026-03-04T12:00:00Z');
    expect((await scan(code)).headers.location).toBe('https://expired.example/');
  });

  it('an unhealthy destination (health checker) goes to the fallback', async () => {
    const { code } = await smartQr(
      { fallback: link('https://backup.example/') },
      { destinationUnhealthyAt: '2026-03-04T10:00:00Z' },
    );
    expect((await scan(code)).headers.location).toBe('https://backup.example/');
  });
});
