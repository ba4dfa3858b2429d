// The lean path answers a cached plain redirect before Fastify, with the very answer Fastify's
// route writes; everything else still reaches Fastify.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ANDROID,
  buildScanApp,
  countScans,
  createTestDb,
  DESKTOP,
  IPHONE,
  type TestDb,
} from './helpers.js';
import { buildOwner, buildAction, buildQrCode, type Owner } from '../../helpers/factories.js';

let t: TestDb;
let fixture: Owner;
let app: FastifyInstance;
let port: number;
const reached = { count: 0 };

beforeEach(async () => {
  t = await createTestDb();
  fixture = await buildOwner(t.db);
  reached.count = 0;
});

afterEach(async () => {
  await app?.close();
  await t.destroy();
});

async function listen(trustProxy = false): Promise<void> {
  app = await buildScanApp(t.db, { recorder: { flushIntervalMs: 10 } }, { trustProxy }, reached);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
}

async function linkCode(link = 'https://example.org/landing?a=1&b=2'): Promise<string> {
  const actionId = await buildAction(t.db, fixture, { objectType: 'link', data: { link } });
  return (await buildQrCode(t.db, fixture, { actionId })).code;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over the port, its raw headers as node:http reads them. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { port, host: '127.0.0.1', path, method, headers: { 'user-agent': IPHONE, ...headers } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += String(chunk)));
        response.on('end', () => {
          const { date: _date, ...rest } = response.headers;
          resolve({ status: response.statusCode ?? 0, headers: rest, body });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A link code whose Action sends phones elsewhere (a smart rule on the device). */
async function phoneRuleCode(): Promise<string> {
  const actionId = await buildAction(t.db, fixture, {
    objectType: 'link',
    data: { link: 'https://own.example/' },
    rules: JSON.stringify([
      {
        name: 'Phones',
        conditions: [{ type: 'device', values: ['mobile'] }],
        target: { objectType: 'link', data: { link: 'https://mobile.example/' } },
      },
    ]),
  });
  return (await buildQrCode(t.db, fixture, { actionId })).code;
}

describe('the lean redirect path', () => {
  it("decides a smart code's rule itself once the route has served that redirect", async () => {
    await listen();
    const code = await phoneRuleCode();
    const phone = await get(`/s/${code}`); // the route: caches the rule's answer
    expect(reached.count).toBe(1);
    expect(phone.headers.location).toBe('https://mobile.example/');
    expect(await get(`/s/${code}`, { 'user-agent': ANDROID })).toEqual(phone);
    expect(reached.count).toBe(1);
    // The Action's own target has not been served yet: the route answers it first.
    const desktop = await get(`/s/${code}`, { 'user-agent': DESKTOP });
    expect(reached.count).toBe(2);
    expect(desktop.headers.location).toBe('https://own.example/');
    expect(await get(`/s/${code}`, { 'user-agent': DESKTOP })).toEqual(desktop);
    expect(reached.count).toBe(2);
    await app.scanRecorder.flush();
    const rules = await t.db.selectFrom('scans').select('rule').orderBy('id').execute();
    expect(rules.map((row) => row.rule)).toEqual(['Phones', 'Phones', null, null]);
  });

  it('answers a cached plain redirect without Fastify, byte for byte as the route does', async () => {
    await listen();
    const code = await linkCode();
    const first = await get(`/s/${code}`); // the route: fills the cache
    expect(reached.count).toBe(1);
    const second = await get(`/s/${code}`);
    const withQuery = await get(`/s/${code}?utm_source=poster`);
    // The cache names the host as the route does: without port, case or a trailing dot.
    const spelled = await get(`/s/${code}`, { host: `LOCALHOST.:${port}` });
    const otherPort = await get(`/s/${code}`, { host: 'localhost:1' });
    expect(reached.count).toBe(2);
    expect(second).toEqual(first);
    expect(withQuery).toEqual(first);
    expect(spelled).toEqual(otherPort);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('https://example.org/landing?a=1&b=2');
    await app.scanRecorder.flush();
    expect(await countScans(t.db)).toBe(5);
  });

  it('leaves HEAD, other spellings, forwarded requests, pages and inactive codes to Fastify', async () => {
    await listen(true);
    const code = await linkCode();
    const later = await buildAction(t.db, fixture, {
      objectType: 'link',
      data: { link: 'https://example.org/later' },
      activity: {
        mode: 'period',
        start: new Date(Date.now() + 3_600_000).toISOString(),
        end: new Date(Date.now() + 7_200_000).toISOString(),
      },
    });
    const inactive = (await buildQrCode(t.db, fixture, { actionId: later })).code;
    const textAction = await buildAction(t.db, fixture, {
      objectType: 'textArea',
      data: { text: '<p>Hallo</p>' },
    });
    const page = (await buildQrCode(t.db, fixture, { actionId: textAction })).code;
    for (const path of [`/s/${code}`, `/s/${inactive}`, `/s/${page}`]) await get(path);
    const before = reached.count;
    await get(`/s/${code}`, {}, 'HEAD');
    await get(`/s/${code}.`); // trailing punctuation: normalised by the route
    await get(`/s/${code}/`);
    const forwarded = await get(`/s/${code}`, { 'x-forwarded-for': '203.0.113.7' });
    expect(forwarded.status).toBe(302);
    expect((await get(`/s/${inactive}`)).status).toBe(200);
    expect((await get(`/s/${page}`)).body).toContain('<p>Hallo</p>');
    expect(reached.count - before).toBe(6);
    // The only request the lean path takes: the plain one.
    await get(`/s/${code}`);
    expect(reached.count - before).toBe(6);
  });

  it('hands every request back to Fastify once the app closes', async () => {
    await listen();
    const code = await linkCode();
    await get(`/s/${code}`);
    const handlers = app.server.listeners('request');
    await app.close();
    expect(app.server.listeners('request')).not.toEqual(handlers);
    expect(app.server.listeners('request')).toHaveLength(1);
  });
});
