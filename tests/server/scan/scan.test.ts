import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanApp, createTestDb, type TestDb, ANDROID, DESKTOP, IPHONE } from './helpers.js';
import {
  buildOwner,
  buildAction,
  buildQrCode,
  buildShortLink,
  buildTheme,
  type Owner,
} from '../../helpers/factories.js';

const MEDIA = ulid();
const COVER = ulid();
const XSS = `<script>alert(1)</script><img src=x onerror=alert(2)>"'><svg onload=alert(3)>`;

let t: TestDb;
let app: FastifyInstance;
let fixture: Owner;
let clock = new Date('2025-06-01T12:00:00Z');

async function qrFor(objectType: string, data: unknown, activity = {}) {
  const actionId = await buildAction(t.db, fixture, { objectType, data, activity });
  return (await buildQrCode(t.db, fixture, { actionId })).code;
}

const get = (code: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': DESKTOP, ...headers } });

beforeAll(async () => {
  t = await createTestDb();
  fixture = await buildOwner(t.db);
  app = await buildScanApp(t.db, { now: () => clock });
});

afterAll(async () => {
  await app.close();
  await t.destroy();
});

describe('every Action kind over HTTP', () => {
  it('link → 302 to the URL', async () => {
    const code = await qrFor('link', { link: 'https://example.com/a b?x=1' });
    const res = await get(code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/a%20b?x=1');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('file → 302 to the file API', async () => {
    const code = await qrFor('file', { media: { mediaId: MEDIA, remove: false } });
    const res = await get(code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/api/file/${MEDIA}`);
  });

  it('email → mailto: with encoded fields', async () => {
    const code = await qrFor('email', {
      address: 'info@example.com',
      subject: 'Hi & bye?',
      body: 'Line 1\nLine 2',
      cc: [{ address: 'a@example.com' }, { address: 'b@example.com' }],
      bcc: [{ address: 'c@example.com' }],
    });
    const res = await get(code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      'mailto:info@example.com?subject=Hi%20%26%20bye%3F&body=Line%201%0D%0ALine%202&cc=a%40example.com%2Cb%40example.com&bcc=c%40example.com',
    );
  });

  it('phoneNumber → tel:', async () => {
    const res = await get(await qrFor('phoneNumber', { phoneNumber: '+31 (0)6 1234-5678' }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('tel:+310612345678');
  });

  it('sms → sms:<number>?body=', async () => {
    const res = await get(
      await qrFor('sms', { phoneNumber: '+31612345678', body: 'Hallo daar & co' }),
    );
    expect(res.headers.location).toBe('sms:+31612345678?body=Hallo%20daar%20%26%20co');
  });

  it('whatsapp → wa.me with digits only', async () => {
    const res = await get(await qrFor('whatsapp', { number: '+31 6 12345678', text: 'Hoi!' }));
    expect(res.headers.location).toBe('https://wa.me/31612345678?text=Hoi!');
  });

  it('contact → landing page with the card and a .vcf link', async () => {
    const code = await qrFor('contact', {
      name: 'Ada Lovelace',
      emailAddresses: [{ type: 'work', email: 'ada@example.com' }],
      phoneNumbers: [{ type: 'mobile', phoneNumber: '+31 6 1234 5678' }],
      company: { name: 'Engines', position: 'Analyst' },
      address: { street: 'Main 1', city: 'Utrecht', zipCode: '1234 AB', country: 'NL' },
      website: { personal: 'https://ada.example.com', linkedIn: null },
    });
    const res = await get(code, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Ada Lovelace</h1>');
    expect(res.body).toContain('href="mailto:ada@example.com"');
    expect(res.body).toContain('href="tel:+31612345678"');
    expect(res.body).toContain('Netherlands');
    expect(res.body).toContain(`href="${code}/contact.vcf"`);
    expect(res.body).toContain('Save contact');

    const vcf = await app.inject({ url: `/s/${code}/contact.vcf` });
    expect(vcf.statusCode).toBe(200);
    expect(vcf.headers['content-type']).toContain('text/vcard');
    expect(vcf.headers['content-disposition']).toBe('attachment; filename="Ada-Lovelace.vcf"');
    expect(vcf.body).toContain('BEGIN:VCARD');
    expect(vcf.body).toContain('FN:Ada Lovelace');
    expect(vcf.body).toContain('ada@example.com');
    expect(vcf.body).toContain('ORG:Engines');
  });

  it('textArea → the sanitised page with alignment as classes', async () => {
    const code = await qrFor('textArea', {
      text: '<h3 style="text-align: center">Welkom</h3><p>Tekst</p><h1>groot</h1>',
    });
    const res = await get(code);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h3 class="align-center">Welkom</h3><p>Tekst</p>groot');
  });

  it('appLink → store buttons on desktop, straight to the store on phones', async () => {
    const code = await qrFor('appLink', {
      applicationName: 'Qapp',
      developerName: 'Dev BV',
      title: 'Our app',
      description: 'Nice',
      appStore: 'https://apps.apple.com/nl/app/id123',
      playStore: 'https://play.google.com/store/apps/details?id=nl.q',
    });
    const desktop = await get(code, { 'accept-language': 'nl' });
    expect(desktop.statusCode).toBe(200);
    expect(desktop.body).toContain('href="https://apps.apple.com/nl/app/id123"');
    expect(desktop.body).toContain('href="https://play.google.com/store/apps/details?id=nl.q"');
    expect(desktop.body).toContain('Download in de App Store');
    const ios = await get(code, { 'user-agent': IPHONE });
    expect(ios.statusCode).toBe(302);
    expect(ios.headers.location).toBe('https://apps.apple.com/nl/app/id123');
    const android = await get(code, { 'user-agent': ANDROID });
    expect(android.statusCode).toBe(302);
    expect(android.headers.location).toBe('https://play.google.com/store/apps/details?id=nl.q');
  });

  it('sound → a player page with cover', async () => {
    const code = await qrFor('sound', {
      sound: { mediaId: MEDIA, remove: false },
      cover: { mediaId: COVER, remove: false },
      title: 'Track',
      subtitle: 'Artist',
    });
    const res = await get(code);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<audio controls preload="none" src="/api/file/${MEDIA}">`);
    expect(res.body).toContain(`src="/api/file/${COVER}"`);
    expect(res.body).toContain('<h1>Track</h1>');
  });

  it('a short link resolves by uri on the default host', async () => {
    const actionId = await buildAction(t.db, fixture, {
      objectType: 'link',
      data: { link: 'https://short.example/' },
    });
    await buildShortLink(t.db, fixture, { actionId, uri: 'my-link' });
    const res = await get('my-link');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://short.example/');
  });
});

describe('pages are safe and themed', () => {
  it('has a strict CSP, viewport, noindex and Dutch by default', async () => {
    const res = await get(await qrFor('contact', { name: 'X' }));
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toContain('Contact opslaan');
    expect(res.headers['x-robots-tag']).toContain('noindex');
  });

  it('uses the project theme, defensively', async () => {
    const other = await buildOwner(t.db);
    await buildTheme(t.db, other, {
      settings: {
        colors: { primary: '#123456', secondary: 'red;}body{display:none' },
        fontFamily: 'Roboto</style><script>',
        font: { family: 'Open Sans' },
      },
    });
    const actionId = await buildAction(t.db, other, {
      objectType: 'contact',
      data: { name: 'Themed' },
    });
    const { code } = await buildQrCode(t.db, other, { actionId });
    const res = await get(code);
    expect(res.body).toContain('--primary:#123456');
    expect(res.body).toContain('"Open Sans"');
    expect(res.body).not.toContain('display:none');
    expect(res.body).not.toContain('<script>');

    const plain = await get(await qrFor('contact', { name: 'Default' }));
    expect(plain.body).toContain('--primary:#fd1056');
  });

  /** Parses the page as a browser would and checks nothing in it can run. */
  const assertInert = (body: string) => {
    const { document } = new JSDOM(body).window;
    expect(document.querySelectorAll('script, svg, iframe, object, embed, math').length).toBe(0);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
        if (['href', 'src'].includes(attribute.name)) {
          expect(attribute.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
        }
      }
    }
  };

  it.each([
    [
      'contact',
      {
        name: XSS,
        emailAddresses: [],
        phoneNumbers: [{ type: 'work', phoneNumber: XSS }],
        company: { name: XSS, position: XSS },
        address: { street: XSS, city: XSS, zipCode: XSS },
      },
    ],
    [
      'textArea',
      {
        text: `<p>ok</p>${XSS}<a href="javascript:alert(1)">x</a><p style="background:url(javascript:alert(1))">y</p>`,
      },
    ],
    ['appLink', { applicationName: XSS, developerName: XSS, title: XSS, description: XSS }],
    [
      'sound',
      { sound: { mediaId: MEDIA, remove: false }, title: XSS, subtitle: XSS, description: XSS },
    ],
  ])('XSS in every %s text field comes out escaped', async (type, data) => {
    const res = await get(await qrFor(type, data));
    expect(res.statusCode).toBe(200);
    assertInert(res.body);
    if (type !== 'textArea') {
      // The payload is shown as the text it is.
      expect(new JSDOM(res.body).window.document.body.textContent).toContain(XSS);
    }
  });

  it('XSS in the vCard stays data', async () => {
    const code = await qrFor('contact', { name: `Eve\r\nBEGIN:VCARD;x,y` });
    const vcf = await app.inject({ url: `/s/${code}/contact.vcf` });
    // One card: the payload never starts a line (a property) of its own.
    expect(vcf.body.split(/\r?\n/).filter((l) => l.startsWith('BEGIN:'))).toHaveLength(1);
    // The line break is escaped as RFC 6350 says, the comma too; a semicolon needs none in FN.
    expect(vcf.body).toContain('FN:Eve\\nBEGIN:VCARD;x\\,y\r\n');
  });
});

describe('refused and inactive targets', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/',
  ])('stored link %s → not-active page, never a redirect', async (link) => {
    const res = await get(await qrFor('link', { link }));
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Deze code is niet actief');
  });

  it('a store URL outside the allowed prefix is never followed on a phone', async () => {
    const code = await qrFor('appLink', { appStore: 'javascript:alert(1)' });
    const res = await get(code, { 'user-agent': IPHONE });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('niet actief');
  });

  it('trashed code → not-active page with noindex', async () => {
    const actionId = await buildAction(t.db, fixture, {
      objectType: 'link',
      data: { link: 'https://a.example/' },
    });
    const { code } = await buildQrCode(t.db, fixture, { actionId, trashedAt: NOW_ISO() });
    const res = await get(code, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This code is not active');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('no Action → not active', async () => {
    const { code } = await buildQrCode(t.db, fixture);
    expect((await get(code)).body).toContain('niet actief');
  });

  it('unknown code → 404 page', async () => {
    const res = await get('does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Niet gevonden');
    const bad = await app.inject({ url: '/s/%3Cscript%3E' });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).not.toContain('<script>');
  });
});

describe('schedule boundaries over HTTP', () => {
  const start = '2025-07-01T08:00:00.000Z';
  const end = '2025-07-31T17:00:00.000Z';
  it.each([
    ['just before start', '2025-07-01T07:59:59.999Z', false],
    ['at start', start, true],
    ['just before end', '2025-07-31T16:59:59.999Z', true],
    ['at end', end, false],
    ['after end', '2025-08-01T00:00:00.000Z', false],
  ])('%s', async (_n, when, active) => {
    const code = await qrFor(
      'link',
      { link: 'https://period.example/' },
      { mode: 'period', start, end },
    );
    clock = new Date(when);
    const res = await get(code);
    clock = new Date('2025-06-01T12:00:00Z');
    expect(res.statusCode).toBe(active ? 302 : 200);
    if (!active) expect(res.body).toContain('niet actief');
  });

  it('showBeforeActive is live before the start', async () => {
    const code = await qrFor(
      'link',
      { link: 'https://teaser.example/' },
      { mode: 'period', start, end, showBeforeActive: true },
    );
    clock = new Date('2025-06-15T00:00:00Z');
    const res = await get(code);
    clock = new Date('2025-06-01T12:00:00Z');
    expect(res.statusCode).toBe(302);
  });
});

describe('white-label hosts', () => {
  it('selects the customer by Host', async () => {
    const brand = await buildOwner(t.db);
    await t.db
      .insertInto('whiteLabelHostnames')
      .values({
        id: ulid(),
        customerId: brand.customerId,
        hostname: 'go.brand.example',
        createdAt: NOW_ISO(),
      })
      .execute();
    const own = await buildAction(t.db, brand, {
      objectType: 'link',
      data: { link: 'https://brand.example/own' },
    });
    await buildShortLink(t.db, brand, { actionId: own, uri: 'promo', host: 'go.brand.example' });
    // The same uri on the default host belongs to someone else.
    const foreign = await buildAction(t.db, fixture, {
      objectType: 'link',
      data: { link: 'https://other.example/' },
    });
    await buildShortLink(t.db, fixture, { actionId: foreign, uri: 'promo' });
    const foreignQr = await qrFor('link', { link: 'https://other.example/qr' });

    const branded = await get('promo', { host: 'GO.brand.example:443' });
    expect(branded.headers.location).toBe('https://brand.example/own');
    const plain = await get('promo', { host: 'localhost' });
    expect(plain.headers.location).toBe('https://other.example/');
    // Another customer's QR code is not reachable through the brand's host.
    expect((await get(foreignQr, { host: 'go.brand.example' })).statusCode).toBe(404);
  });
});

function NOW_ISO() {
  return new Date().toISOString();
}
