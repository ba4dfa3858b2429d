// The advertisement interstitial on the real app: a code with an ad answers the ad page (display
// time, countdown, continue URL, strict CSP), `?continue=1` performs the Action, the view and the
// click-through are recorded, bots go straight on, and unlinking drops the cached interstitial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { recordScans } from '../../helpers/factories.js';
import { call } from '../../helpers/testApp.js';
import { AD_SCRIPT } from '../../../src/server/scan/adPage.js';
import { advertisementFor, pickAdvertisement } from '../../../src/server/scan/advertisement.js';
import {
  adsPath,
  buildAdApp,
  createAd,
  createLinkedCode,
  linkCodes,
  type AdTestApp,
} from '../api/routes/advertisementHelpers.js';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const TARGET = 'https://example.com/after-the-ad';

let t: AdTestApp;

beforeAll(async () => {
  t = await buildAdApp();
});

afterAll(async () => {
  await t.close();
});

const scan = (path: string, ua: string | null = PHONE, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/s/${path}`,
    headers: { ...(ua ? { 'user-agent': ua } : {}), 'accept-language': lang },
    remoteAddress: '8.8.4.4',
  });

async function rowsOf(itemId: string) {
  await t.app.scanRecorder.flush();
  return t.db
    .selectFrom('scans')
    .select(['kind', 'itemType', 'isBot', 'isUnique', 'customerId', 'projectId', 'device'])
    .where('itemId', '=', itemId)
    .orderBy('id')
    .execute();
}

describe('scan with an advertisement', () => {
  it('shows the interstitial for its display time, then continues to the Action', async () => {
    const ad = await createAd(t, {
      text: 'Big <b>sale</b>\nall week',
      displayTimeMs: 4000,
      link: 'https://shop.example.com/sale',
    });
    const qr = await createLinkedCode(t, TARGET);
    expect((await linkCodes(t, ad.id, [qr.id])).statusCode).toBe(200);

    const page = await scan(qr.code);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store, private');
    const html = page.body;
    // The text is escaped, never markup; line breaks stay (white-space: pre-line).
    expect(html).toContain('Big &lt;b&gt;sale&lt;/b&gt;\nall week');
    expect(html).not.toContain('<b>sale</b>');
    expect(html).toContain(`data-display-time-ms="4000"`);
    expect(html).toMatch(/<strong id="ad-countdown" data-ms="4000">4<\/strong>/);
    expect(html).toContain(
      `<a class="button" id="ad-continue" href="${qr.code}?continue=1">Continue</a>`,
    );
    expect(html).toContain(
      `<noscript><meta http-equiv="refresh" content="4;url=${qr.code}?continue=1"></noscript>`,
    );
    expect(html).toContain(`href="${qr.code}/ad/${ad.id}/click"`);
    // Strict CSP: no script but ours (by hash), no inline style but the frame's and ours.
    const csp = String(page.headers['content-security-policy']);
    const scriptHash = createHash('sha256').update(AD_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${scriptHash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain(`<script>${AD_SCRIPT}</script>`);

    // The continue URL performs the Action: a 302 to the link, without counting a second scan.
    const next = await scan(`${qr.code}?continue=1`);
    expect(next.statusCode).toBe(302);
    expect(next.headers.location).toBe(TARGET);

    expect(await rowsOf(qr.id)).toEqual([
      expect.objectContaining({ kind: 'scan', itemType: 'qr_code', isBot: 0 }),
    ]);
    expect(await rowsOf(ad.id)).toEqual([
      expect.objectContaining({
        kind: 'ad_view',
        itemType: 'advertisement',
        isBot: 0,
        isUnique: 1,
        customerId: t.ids.customers.demo,
        projectId: t.pid,
        device: 'mobile',
      }),
    ]);
    // Ad views do not count against the plan's scans.
    const project = await t.db
      .selectFrom('projects')
      .select('usedScans')
      .where('id', '=', t.pid)
      .executeTakeFirstOrThrow();
    expect(Number(project.usedScans)).toBe(1);
  });

  it('records the click-through and redirects to the ad link (http(s) only)', async () => {
    const ad = await createAd(t, { link: 'https://shop.example.com/deal?x=1' });
    const qr = await createLinkedCode(t, TARGET);
    await linkCodes(t, ad.id, [qr.id]);
    const click = await scan(`${qr.code}/ad/${ad.id}/click`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example.com/deal?x=1');
    const unknown = await scan(`${qr.code}/ad/01J0000000000000000000000A/click`);
    expect(unknown.statusCode).toBe(404);
    const stats = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}/stats`, { cookie: t.user });
    await t.app.scanRecorder.flush();
    const after = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}/stats`, { cookie: t.user });
    expect(stats.statusCode).toBe(200);
    expect(after.json().data).toEqual({ views: 0, uniqueViews: 0, clicks: 1 });
  });

  it('counts a range of dates as the project’s days, like the other statistics', async () => {
    const ad = await createAd(t);
    const project = await t.db
      .selectFrom('projects')
      .select(['customerId', 'timeZone'])
      .where('id', '=', t.pid)
      .executeTakeFirstOrThrow();
    expect(project.timeZone).toBe('Europe/Amsterdam');
    // 16 January 23:30 and 17 January 00:30 in Amsterdam: both still 16 January in UTC.
    await recordScans(
      t.db,
      { customerId: project.customerId, projectId: t.pid },
      ['2026-01-16T22:30:00.000Z', '2026-01-16T23:30:00.000Z'].map((scannedAt) => ({
        itemType: 'advertisement',
        itemId: ad.id,
        kind: 'ad_view',
        scannedAt,
        isUnique: 1,
      })),
    );
    const views = async (query: string) => {
      const response = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}/stats?${query}`, {
        cookie: t.user,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.views as number;
    };
    expect(await views('from=2026-01-16&to=2026-01-16')).toBe(1);
    expect(await views('from=2026-01-17&to=2026-01-17')).toBe(1);
    expect(await views('from=2026-01-16&to=2026-01-17')).toBe(2);
    expect(await views('from=2026-01-16T23:00:00.000Z')).toBe(1);
    expect(await views('')).toBe(2);
  });

  it('an ad without a link has no click-through', async () => {
    const ad = await createAd(t, { link: null });
    const qr = await createLinkedCode(t, TARGET);
    await linkCodes(t, ad.id, [qr.id]);
    const page = await scan(qr.code);
    expect(page.body).not.toContain('id="ad-click"');
    expect((await scan(`${qr.code}/ad/${ad.id}/click`)).statusCode).toBe(404);
  });

  it('bots and link previews go straight on', async () => {
    const ad = await createAd(t);
    const qr = await createLinkedCode(t, TARGET);
    await linkCodes(t, ad.id, [qr.id]);
    for (const ua of [
      'WhatsApp/2.23.20.0 A',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      null,
    ]) {
      const res = await scan(qr.code, ua);
      expect(res.statusCode, String(ua)).toBe(302);
      expect(res.headers.location).toBe(TARGET);
    }
    expect(await rowsOf(ad.id)).toEqual([]);
  });

  it('speaks Dutch by default', async () => {
    const ad = await createAd(t);
    const qr = await createLinkedCode(t, TARGET);
    await linkCodes(t, ad.id, [qr.id]);
    const page = await scan(qr.code, PHONE, 'nl-NL');
    expect(page.body).toContain('>Doorgaan</a>');
    expect(page.body).toContain('<html lang="nl"');
  });

  it('an unlinked or deleted ad no longer shows (the cache is invalidated)', async () => {
    const ad = await createAd(t);
    const qr = await createLinkedCode(t, TARGET);
    await linkCodes(t, ad.id, [qr.id]);
    expect((await scan(qr.code)).statusCode).toBe(200); // cached now
    await linkCodes(t, ad.id, []);
    const after = await scan(qr.code);
    expect(after.statusCode).toBe(302);

    // Linked from the QR code's side, then the ad is deleted.
    await call(t.app, 'PUT', `/api/projects/${t.pid}/qr-codes/${qr.id}/advertisements`, {
      cookie: t.user,
      body: { advertisementIds: [ad.id] },
    });
    expect((await scan(qr.code)).statusCode).toBe(200);
    await call(t.app, 'PUT', `${adsPath(t.pid)}/${ad.id}`, {
      cookie: t.user,
      body: { name: 'Edited', text: 'New words', displayTimeMs: 7000 },
    });
    const edited = await scan(qr.code);
    expect(edited.body).toContain('New words');
    expect(edited.body).toContain('data-ms="7000"');
    await call(t.app, 'DELETE', `${adsPath(t.pid)}/${ad.id}`, { cookie: t.user });
    expect((await scan(qr.code)).statusCode).toBe(302);
  });

  it('a code whose Action is not active shows no ad', async () => {
    const ad = await createAd(t);
    const qr = await createLinkedCode(t, TARGET);
    await linkCodes(t, ad.id, [qr.id]);
    await call(t.app, 'PUT', `/api/projects/${t.pid}/qr-codes/${qr.id}`, {
      cookie: t.user,
      body: { actionId: null },
    });
    const res = await scan(qr.code);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('ad-continue');
  });
});

describe('picking an advertisement', () => {
  const ads = ['A', 'B', 'C'].map((id) => ({
    id,
    name: id,
    text: id,
    imageMediaId: null,
    link: null,
    displayTimeMs: 1000,
  }));
  it('rotates at random over all of them', () => {
    expect(pickAdvertisement(ads, () => 0)?.id).toBe('A');
    expect(pickAdvertisement(ads, () => 0.5)?.id).toBe('B');
    expect(pickAdvertisement(ads, () => 0.9999)?.id).toBe('C');
    expect(pickAdvertisement([], () => 0)).toBeNull();
  });
  it('none for bots or on the way back', () => {
    expect(advertisementFor(ads, { isBot: true, isContinue: false })).toBeNull();
    expect(advertisementFor(ads, { isBot: false, isContinue: true })).toBeNull();
    expect(advertisementFor(ads, { isBot: false, isContinue: false })).not.toBeNull();
  });
});
