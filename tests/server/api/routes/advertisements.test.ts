// Advertisements over the real API: CRUD, every validation rule with its code and field pointer
// (display time bounds among them), linking from both sides, audit rows, and other customers' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulidx';
import { call } from '../../../helpers/testApp.js';
import {
  AD_DISPLAY_TIME_MAX_MS,
  AD_DISPLAY_TIME_MIN_MS,
} from '../../../../src/shared/schemas/advertisement.js';
import {
  adsPath,
  buildAdApp,
  createAd,
  createLinkedCode,
  linkCodes,
  VALID_AD,
  type AdTestApp,
} from './advertisementHelpers.js';
import { buildMedia } from '../../../helpers/factories.js';

let t: AdTestApp;

beforeAll(async () => {
  t = await buildAdApp();
});

afterAll(async () => {
  await t.close();
});

describe('advertisement CRUD', () => {
  it('creates, reads, lists, replaces and deletes, with audit rows', async () => {
    const ad = await createAd(t, { name: '  Spring  ' });
    expect(ad).toMatchObject({
      name: 'Spring',
      text: VALID_AD.text,
      link: VALID_AD.link,
      displayTimeMs: 3000,
      imageMediaId: null,
      image: null,
      qrCodeCount: 0,
    });
    const got = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}`, { cookie: t.user });
    expect(got.statusCode).toBe(200);
    const list = await call(t.app, 'GET', `${adsPath(t.pid)}?q=spri`, { cookie: t.user });
    expect(list.json()).toMatchObject({ data: [{ id: ad.id }], meta: { total: 1 } });

    const put = await call(t.app, 'PUT', `${adsPath(t.pid)}/${ad.id}`, {
      cookie: t.user,
      body: { name: 'Spring 2', text: 'New text', displayTimeMs: 10_000 },
    });
    expect(put.statusCode, put.body).toBe(200);
    // PUT is a full replace: the link that was not sent is gone.
    expect(put.json().data).toMatchObject({ name: 'Spring 2', link: null, displayTimeMs: 10_000 });

    const del = await call(t.app, 'DELETE', `${adsPath(t.pid)}/${ad.id}`, { cookie: t.user });
    expect(del.statusCode).toBe(204);
    const gone = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}`, { cookie: t.user });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0].code).toBe('campaign_not_found');

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'type'])
      .where('itemId', '=', ad.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => `${row.type}/${row.action}`)).toEqual([
      'campaign/created',
      'campaign/updated',
      'campaign/deleted',
    ]);
  });

  it.each([
    [
      { displayTimeMs: AD_DISPLAY_TIME_MIN_MS - 1 },
      'between',
      '/displayTimeMs',
      { min: 1000, max: 60000 },
    ],
    [
      { displayTimeMs: AD_DISPLAY_TIME_MAX_MS + 1 },
      'between',
      '/displayTimeMs',
      { min: 1000, max: 60000 },
    ],
    [{ displayTimeMs: 0 }, 'between', '/displayTimeMs', { min: 1000, max: 60000 }],
    [{ displayTimeMs: -5000 }, 'between', '/displayTimeMs', { min: 1000, max: 60000 }],
    [{ displayTimeMs: 2500.5 }, 'integer', '/displayTimeMs', undefined],
    [{ displayTimeMs: '5000' }, 'numeric', '/displayTimeMs', undefined],
    [{ displayTimeMs: undefined }, 'required', '/displayTimeMs', undefined],
    [{ name: '' }, 'required', '/name', undefined],
    [{ name: 'x'.repeat(256) }, 'max', '/name', { max: 255 }],
    [{ text: 'x'.repeat(2001) }, 'max', '/text', { max: 2000 }],
    [{ text: '', imageMediaId: null }, 'required', '/text', undefined],
    [{ text: '   ' }, 'required', '/text', undefined],
    [{ link: 'javascript:alert(1)' }, 'url', '/link', undefined],
    [{ link: 'ftp://example.com/file' }, 'url', '/link', undefined],
    [{ link: `https://example.com/${'x'.repeat(2048)}` }, 'max', '/link', { max: 2048 }],
    [{ imageMediaId: 'not-a-ulid' }, 'regex', '/imageMediaId', undefined],
    [{ imageMediaId: ulid() }, 'invalid', '/imageMediaId', undefined],
  ])('%j → 422 %s at %s', async (patch, code, pointer, meta) => {
    const res = await call(t.app, 'POST', adsPath(t.pid), {
      cookie: t.user,
      body: { ...VALID_AD, ...patch },
    });
    expect(res.statusCode, res.body).toBe(422);
    const error = res
      .json()
      .errors.find(
        (candidate: { source?: { pointer: string } }) => candidate.source?.pointer === pointer,
      );
    expect(error, res.body).toMatchObject({ code, source: { pointer } });
    if (meta) expect(error.meta).toEqual(meta);
  });

  it.each([AD_DISPLAY_TIME_MIN_MS, AD_DISPLAY_TIME_MAX_MS])('%i ms is allowed', async (ms) => {
    expect((await createAd(t, { displayTimeMs: ms })).displayTimeMs).toBe(ms);
  });

  it('an image alone is enough (no text); another customer image is refused', async () => {
    const mediaId = await buildMedia(
      t.db,
      { customerId: t.ids.customers.demo, projectId: t.pid },
      { kind: 'image', fileName: 'banner.png', sizeBytes: 10 },
    );
    const ad = await createAd(t, { text: null, imageMediaId: mediaId });
    expect(ad).toMatchObject({
      text: null,
      imageMediaId: mediaId,
      image: { id: mediaId, name: 'banner.png', url: `/api/file/${mediaId}` },
    });
    // The same upload, seen from another customer's project: as if it did not exist.
    const res = await call(t.app, 'POST', adsPath(t.otherPid), {
      cookie: t.other,
      body: { ...VALID_AD, text: null, imageMediaId: mediaId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'invalid',
      source: { pointer: '/imageMediaId' },
    });
  });
});

describe('linking QR codes', () => {
  it('links and unlinks from the advertisement side, counts, audits', async () => {
    const ad = await createAd(t);
    const a = await createLinkedCode(t);
    const b = await createLinkedCode(t);
    const linked = await linkCodes(t, ad.id, [a.id, b.id, a.id]);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      linked
        .json()
        .data.map((row: { id: string }) => row.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(linked.json().data[0]).toHaveProperty('scanUrl');
    const got = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}`, { cookie: t.user });
    expect(got.json().data.qrCodeCount).toBe(2);

    const unlinked = await linkCodes(t, ad.id, [b.id]);
    expect(unlinked.json().data.map((row: { id: string }) => row.id)).toEqual([b.id]);

    const fromCode = await call(
      t.app,
      'GET',
      `/api/projects/${t.pid}/qr-codes/${b.id}/advertisements`,
      {
        cookie: t.user,
      },
    );
    expect(fromCode.json().data.map((row: { id: string }) => row.id)).toEqual([ad.id]);

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'changes'])
      .where('itemId', '=', ad.id)
      .where('action', 'in', ['linked', 'unlinked'])
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['linked', 'unlinked']);
    expect(JSON.parse(audit[1].changes ?? '{}')).toEqual({ qrCodeIds: [a.id] });
  });

  it('links and unlinks from the QR code side', async () => {
    const ad1 = await createAd(t, { name: 'One' });
    const ad2 = await createAd(t, { name: 'Two' });
    const qr = await createLinkedCode(t);
    const path = `/api/projects/${t.pid}/qr-codes/${qr.id}/advertisements`;
    const put = await call(t.app, 'PUT', path, {
      cookie: t.user,
      body: { advertisementIds: [ad1.id, ad2.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toHaveLength(2);
    const cleared = await call(t.app, 'PUT', path, {
      cookie: t.user,
      body: { advertisementIds: [] },
    });
    expect(cleared.json().data).toEqual([]);
  });

  it.each([
    [{ qrCodeIds: ['nope'] }, 'regex', '/qrCodeIds/0'],
    [{ qrCodeIds: 'x' }, 'invalid', '/qrCodeIds'],
    [{}, 'required', '/qrCodeIds'],
  ])('%j → 422 %s at %s', async (body, code, pointer) => {
    const ad = await createAd(t);
    const res = await call(t.app, 'PUT', `${adsPath(t.pid)}/${ad.id}/qr-codes`, {
      cookie: t.user,
      body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code, source: { pointer } });
  });

  it('refuses a code of another project or customer, and a trashed code, at its index', async () => {
    const ad = await createAd(t);
    const own = await createLinkedCode(t);
    const foreign = await createLinkedCode(t, 'https://acme.example.com/', t.other, t.otherPid);
    const res = await linkCodes(t, ad.id, [own.id, foreign.id]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'invalid',
      source: { pointer: '/qrCodeIds/1' },
    });
    const trashed = await createLinkedCode(t);
    await call(t.app, 'DELETE', `/api/projects/${t.pid}/qr-codes/${trashed.id}/trash`, {
      cookie: t.user,
    });
    const res2 = await linkCodes(t, ad.id, [trashed.id]);
    expect(res2.json().errors[0].source.pointer).toBe('/qrCodeIds/0');
    // Nothing was half-written.
    const links = await call(t.app, 'GET', `${adsPath(t.pid)}/${ad.id}/qr-codes`, {
      cookie: t.user,
    });
    expect(links.json().data).toEqual([]);
  });
});

describe('other customers', () => {
  it('cannot reach another customer ads, codes or project (404)', async () => {
    const acmeAd = await createAd(t, {}, t.other, t.otherPid);
    const acmeCode = await createLinkedCode(t, 'https://acme.example.com/', t.other, t.otherPid);
    const own = await createAd(t);
    const cases: [string, string, unknown, string][] = [
      ['GET', `${adsPath(t.otherPid)}`, undefined, 'project_not_found'],
      ['GET', `${adsPath(t.otherPid)}/${acmeAd.id}`, undefined, 'project_not_found'],
      ['GET', `${adsPath(t.pid)}/${acmeAd.id}`, undefined, 'campaign_not_found'],
      ['PUT', `${adsPath(t.pid)}/${acmeAd.id}`, VALID_AD, 'campaign_not_found'],
      ['DELETE', `${adsPath(t.pid)}/${acmeAd.id}`, undefined, 'campaign_not_found'],
      ['GET', `${adsPath(t.pid)}/${acmeAd.id}/qr-codes`, undefined, 'campaign_not_found'],
      ['PUT', `${adsPath(t.pid)}/${acmeAd.id}/qr-codes`, { qrCodeIds: [] }, 'campaign_not_found'],
      ['GET', `${adsPath(t.pid)}/${acmeAd.id}/stats`, undefined, 'campaign_not_found'],
      [
        'GET',
        `/api/projects/${t.pid}/qr-codes/${acmeCode.id}/advertisements`,
        undefined,
        'qr_code_not_found',
      ],
      [
        'PUT',
        `/api/projects/${t.pid}/qr-codes/${acmeCode.id}/advertisements`,
        { advertisementIds: [own.id] },
        'qr_code_not_found',
      ],
      ['GET', `${adsPath(t.pid)}/not-an-id`, undefined, 'campaign_not_found'],
    ];
    for (const [method, url, body, code] of cases) {
      const res = await call(t.app, method as 'GET', url, { cookie: t.user, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().errors[0].code, `${method} ${url}`).toBe(code);
    }
    // Linking someone else's ad to one's own code: 422 at its index, nothing revealed.
    const ownCode = await createLinkedCode(t);
    const res = await call(
      t.app,
      'PUT',
      `/api/projects/${t.pid}/qr-codes/${ownCode.id}/advertisements`,
      {
        cookie: t.user,
        body: { advertisementIds: [own.id, acmeAd.id] },
      },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'invalid',
      source: { pointer: '/advertisementIds/1' },
    });
    // And the other customer's ad is untouched.
    const still = await call(t.app, 'GET', `${adsPath(t.otherPid)}/${acmeAd.id}`, {
      cookie: t.other,
    });
    expect(still.statusCode).toBe(200);
  });

  it('needs a login', async () => {
    const res = await call(t.app, 'GET', adsPath(t.pid));
    expect(res.statusCode).toBe(401);
  });
});
