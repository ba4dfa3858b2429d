// Rate limits where enumeration is the attack (issue 7, part 8), through real requests: an address
// guessing scan codes waits after its budget, with a 429 page in the visitor's language, while
// known codes answer at once for everyone (that address too); wrong reset tokens are limited the
// same way; with Redis the count is shared by every process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_TOKENS_PER_WINDOW, UNKNOWN_CODES_PER_MINUTE } from '../../src/shared/constants.js';
import { linkQrCodeThroughApi } from '../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../helpers/testApp.js';

const redisUrl = process.env.TEST_REDIS_URL;

async function knownCode(t: TestApp): Promise<string> {
  const cookie = await login(t.app, DEMO.customeradmin);
  const qr = await linkQrCodeThroughApi(
    t.app,
    cookie,
    t.ids.projects.demoLinked,
    'https://known.example/',
  );
  return qr.code;
}

const scanFrom = (t: TestApp, ip: string, code: string, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/s/${code}`,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });

describe('unknown scan codes', () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await buildTestApp();
    code = await knownCode(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an address guess its budget, then answers 429 in its language with Retry-After', async () => {
    for (let i = 0; i < UNKNOWN_CODES_PER_MINUTE; i++) {
      expect((await scanFrom(t, '203.0.113.7', `guess${i}`)).statusCode).toBe(404);
    }
    const english = await scanFrom(t, '203.0.113.7', 'guess-more', 'en');
    expect(english.statusCode).toBe(429);
    expect(Number(english.headers['retry-after'])).toBeGreaterThan(0);
    expect(english.body).toContain('Too many unknown codes were tried from this address');
    const dutch = await scanFrom(t, '203.0.113.7', 'nog-een', 'nl');
    expect(dutch.statusCode).toBe(429);
    expect(dutch.body).toContain('te veel onbekende codes');
  });

  it('never slows a known code, not even for the address that guessed', async () => {
    const known = await scanFrom(t, '203.0.113.7', code);
    expect(known.statusCode).toBe(302);
    expect(known.headers.location).toBe('https://known.example/');
    for (let i = 0; i < 100; i++)
      expect((await scanFrom(t, '198.51.100.1', code)).statusCode).toBe(302);
  });

  it('counts per address: another address still gets its 404', async () => {
    expect((await scanFrom(t, '198.51.100.2', 'guess0')).statusCode).toBe(404);
  });
});

describe('wrong reset tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const recover = (ip: string) =>
    call(t.app, 'POST', '/api/recovery', {
      remoteAddress: ip,
      body: {
        token: 'x'.repeat(43),
        password: 'a-new-password',
        passwordConfirmation: 'a-new-password',
      },
    });

  it('refuses an address after its budget of wrong tokens with 429 too_many_attempts', async () => {
    for (let i = 0; i < FAILED_TOKENS_PER_WINDOW; i++) {
      const response = await recover('203.0.113.9');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].code).toBe('hash_expired');
    }
    const refused = await recover('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await recover('203.0.113.10')).statusCode).toBe(422);
  });
});

describe.skipIf(!redisUrl)('with Redis, one count for every process', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ config: { redisUrl } });
    b = await buildTestApp({ config: { redisUrl } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('guesses through two processes share one budget', async () => {
    // A fresh address per run, since Redis outlives the test.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const half = UNKNOWN_CODES_PER_MINUTE / 2;
    for (let i = 0; i < half; i++) expect((await scanFrom(a, ip, `a${i}`)).statusCode).toBe(404);
    for (let i = 0; i < half; i++) expect((await scanFrom(b, ip, `b${i}`)).statusCode).toBe(404);
    expect((await scanFrom(a, ip, 'one-more')).statusCode).toBe(429);
    expect((await scanFrom(b, ip, 'and-more')).statusCode).toBe(429);
  });
});
