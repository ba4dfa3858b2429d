import type { FastifyInstance } from 'fastify';
import {
  domainEvent,
  buildOwner,
  buildAction,
  buildQrCode,
  buildTheme,
  type Owner,
} from '../../helpers/factories.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanApp, countScans, createTestDb, type TestDb } from './helpers.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';

let t: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDb();
  app = await buildScanApp(t.db);
});

afterAll(async () => {
  await app.close();
  await t.destroy();
});

async function linkQr(fixture: Owner, link = 'https://example.com/') {
  const actionId = await buildAction(t.db, fixture, { objectType: 'link', data: { link } });
  const qr = await buildQrCode(t.db, fixture, { actionId });
  return { ...qr, actionId };
}

const scan = (
  code: string,
  ua: string | undefined,
  extra: Record<string, string> = {},
  ip = '8.8.8.8',
) =>
  app.inject({
    method: 'GET',
    url: `/s/${code}`,
    remoteAddress: ip,
    headers: { ...(ua ? { 'user-agent': ua } : {}), ...extra },
  });

describe('scan recording', () => {
  it('stores device, OS, browser, country, referrer domain, unique and bot flags', async () => {
    const fixture = await buildOwner(t.db);
    const { id, code } = await linkQr(fixture);
    await scan(code, IPHONE, { referer: 'https://www.google.com/search?q=secret' });
    await scan(code, IPHONE); // same visitor, same day: not unique
    await scan(code, DESKTOP, {}, '2a00:1450:4001:800::200e'); // another visitor, IPv6
    await scan(code, WHATSAPP); // link preview
    await app.inject({ method: 'HEAD', url: `/s/${code}`, headers: { 'user-agent': IPHONE } });
    await scan(code, undefined); // no user agent: a script
    await app.scanRecorder.flush();

    const rows = await t.db
      .selectFrom('scans')
      .selectAll()
      .where('itemId', '=', id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      itemType: 'qr_code',
      customerId: fixture.customerId,
      projectId: fixture.projectId,
      kind: 'scan',
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      country: 'US',
      referrer: 'www.google.com',
      isUnique: 1,
      isBot: 0,
    });
    expect(rows[1]).toMatchObject({ isUnique: 0, isBot: 0, referrer: null });
    expect(rows[2]).toMatchObject({
      device: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      isUnique: 1,
    });
    expect(rows[2].country).toMatch(/^[A-Z]{2}$/);
    expect(rows[3]).toMatchObject({ isBot: 1, isUnique: 0 });
    expect(rows[4]).toMatchObject({ isBot: 1, isUnique: 0 });
    expect(rows[5]).toMatchObject({ isBot: 1, device: 'unknown' });
    expect(Date.parse(rows[0].scannedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Bots are recorded but not counted against the plan.
    const project = await t.db
      .selectFrom('projects')
      .select('usedScans')
      .where('id', '=', fixture.projectId)
      .executeTakeFirstOrThrow();
    expect(Number(project.usedScans)).toBe(3);
  });

  it('never stores the raw IP address', async () => {
    const fixture = await buildOwner(t.db);
    const { code } = await linkQr(fixture);
    await scan(code, IPHONE, {}, '203.0.113.77');
    await app.scanRecorder.flush();
    const rows = await t.db.selectFrom('scans').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('203.0.113.77');
  });

  it('records only the count when the project has tracking off', async () => {
    const fixture = await buildOwner(t.db, { tracking: 0 });
    const { id, code } = await linkQr(fixture);
    await scan(code, IPHONE, { referer: 'https://a.example/' });
    await app.scanRecorder.flush();
    const row = await t.db
      .selectFrom('scans')
      .selectAll()
      .where('itemId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      device: null,
      os: null,
      browser: null,
      country: null,
      referrer: null,
    });
  });

  it('does not record unknown or trashed codes', async () => {
    const fixture = await buildOwner(t.db);
    const before = await countScans(t.db);
    const actionId = await buildAction(t.db, fixture, {
      objectType: 'link',
      data: { link: 'https://a.example/' },
    });
    const { code } = await buildQrCode(t.db, fixture, {
      actionId,
      trashedAt: new Date().toISOString(),
    });
    await scan(code, IPHONE);
    await scan('nope-nope', IPHONE);
    await app.scanRecorder.flush();
    expect(await countScans(t.db)).toBe(before);
  });
});

describe('shutdown', () => {
  it('close() writes every buffered scan (nothing lost)', async () => {
    const own = await createTestDb();
    const fixture = await buildOwner(own.db);
    const actionId = await buildAction(own.db, fixture, {
      objectType: 'link',
      data: { link: 'https://a.example/' },
    });
    const { code } = await buildQrCode(own.db, fixture, { actionId });
    // A long interval and a huge batch: nothing is written before close.
    const local = await buildScanApp(own.db, {
      recorder: { flushIntervalMs: 60_000, batchSize: 1_000_000 },
    });
    const n = 750;
    await Promise.all(
      Array.from({ length: n }, () =>
        local.inject({ url: `/s/${code}`, headers: { 'user-agent': IPHONE } }),
      ),
    );
    expect(await countScans(own.db)).toBe(0);
    await local.close();
    expect(await countScans(own.db)).toBe(n);
    const project = await own.db
      .selectFrom('projects')
      .select('usedScans')
      .where('id', '=', fixture.projectId)
      .executeTakeFirstOrThrow();
    expect(Number(project.usedScans)).toBe(n);
    await own.destroy();
  });
});

describe('over a real port', () => {
  it('answers fetch with a 302 and a themed page', async () => {
    const own = await createTestDb();
    const fixture = await buildOwner(own.db);
    const { code } = await (async () => {
      const actionId = await buildAction(own.db, fixture, {
        objectType: 'link',
        data: {
          link: 'https://example.org/x',
        },
      });
      return buildQrCode(own.db, fixture, { actionId });
    })();
    const textId = await buildAction(own.db, fixture, {
      objectType: 'textArea',
      data: { text: '<p>Hallo</p>' },
    });
    const text = await buildQrCode(own.db, fixture, { actionId: textId });
    const server = await buildScanApp(own.db);
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const redirect = await fetch(`${address}/s/${code}`, {
        redirect: 'manual',
        headers: { 'user-agent': IPHONE },
      });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe('https://example.org/x');

      const page = await fetch(`${address}/s/${text.code}`, {
        headers: { 'accept-language': 'en' },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('<p>Hallo</p>');

      const missing = await fetch(`${address}/s/unknown-code`);
      expect(missing.status).toBe(404);
    } finally {
      await server.close();
    }
    expect(await countScans(own.db)).toBe(2);
    await own.destroy();
  });
});

describe('cache invalidation', () => {
  it('serves from the cache until an event names what changed', async () => {
    const fixture = await buildOwner(t.db);
    const { id, code, actionId } = await linkQr(fixture, 'https://one.example/');
    expect((await scan(code, IPHONE)).headers.location).toBe('https://one.example/');

    await t.db
      .updateTable('actions')
      .set({ data: JSON.stringify({ link: 'https://two.example/' }) })
      .where('id', '=', actionId)
      .execute();
    // Still cached.
    expect((await scan(code, IPHONE)).headers.location).toBe('https://one.example/');
    app.events.publish([domainEvent('action', { ids: [actionId] })]);
    expect((await scan(code, IPHONE)).headers.location).toBe('https://two.example/');

    await t.db
      .updateTable('qrCodes')
      .set({ trashedAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    app.events.publish([domainEvent('qr_code', { ids: [id] })]);
    expect((await scan(code, IPHONE)).body).toContain('niet actief');

    await t.db.updateTable('qrCodes').set({ trashedAt: null }).where('id', '=', id).execute();
    app.events.publish([domainEvent('whitelabel', {})]);
    expect((await scan(code, IPHONE)).statusCode).toBe(302);
  });

  it('a new code is found after its created event, a theme change after the theme event', async () => {
    const fixture = await buildOwner(t.db);
    expect((await scan('fresh-code', IPHONE)).statusCode).toBe(404);
    const actionId = await buildAction(t.db, fixture, {
      objectType: 'contact',
      data: { name: 'N' },
    });
    await buildQrCode(t.db, fixture, { actionId, code: 'fresh-code' });
    app.events.publish([domainEvent('qr_code', { codes: ['fresh-code'] })]);
    const page = await scan('fresh-code', IPHONE);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('--primary:#fd1056');

    await buildTheme(t.db, fixture, { settings: { colors: { primary: '#00aa00' } } });
    app.events.publish([domainEvent('theme', { projectId: fixture.projectId })]);
    expect((await scan('fresh-code', IPHONE)).body).toContain('--primary:#00aa00');
  });
});
