import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TYPES, type ActionType } from '../../../../src/shared/enums.js';
import { buildProject } from '../../../helpers/factories.js';
import { call } from '../../../helpers/testApp.js';
import {
  buildContentApp,
  firstError,
  PNG_1PX,
  uploadOk,
  WAV,
  type ContentTestApp,
} from './contentHelpers.js';

let t: ContentTestApp;
let projectId: string;
let acmeProjectId: string;
beforeAll(async () => {
  t = await buildContentApp();
  projectId = t.ids.projects.demoLinked;
  acmeProjectId = t.ids.projects.acme;
});
afterAll(async () => {
  await t.close();
});

const s = (n: number) => 'x'.repeat(n);
const actionsUrl = (pid = projectId) => `/api/projects/${pid}/actions`;

async function usedStorage(id: string): Promise<number> {
  const row = await t.db
    .selectFrom('projects')
    .select('usedStorage')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.usedStorage);
}

/** Valid data per kind; file and sound get freshly uploaded media. */
async function validData(type: ActionType): Promise<Record<string, unknown>> {
  const cookie = t.cookies.customeradmin;
  switch (type) {
    case 'link':
      return { link: 'https://example.com/page?x=1' };
    case 'file':
      return {
        media: {
          mediaId: await uploadOk(t, {
            cookie,
            projectId,
            kind: 'file',
            filename: 'menu.txt',
            content: 'soup of the day',
          }),
          remove: false,
        },
      };
    case 'contact':
      return {
        name: 'Jan Jansen',
        emailAddresses: [{ type: 'work', email: 'jan@example.com' }],
        phoneNumbers: [{ type: 'mobile', phoneNumber: '+31 6 1234 5678' }],
        company: { name: 'Demo BV', position: 'Owner' },
        address: { street: 'Damrak 1', city: 'Amsterdam', zipCode: '1012 LG', country: 'NL' },
        website: { personal: 'https://example.com', linkedIn: null },
      };
    case 'textArea':
      return { text: '<h3 style="text-align: center">Hello</h3><p>World</p>' };
    case 'appLink':
      return {
        applicationName: 'Demo app',
        developerName: 'Demo BV',
        title: 'Get the app',
        description: 'Our app',
        website: 'https://example.com',
        appStore: 'https://apps.apple.com/app/id123',
        playStore: 'https://play.google.com/store/apps/details?id=demo',
      };
    case 'email':
      return {
        address: 'info@example.com',
        subject: 'Hello',
        body: 'Hi there',
        cc: [{ address: 'cc@example.com' }],
        bcc: [],
      };
    case 'phoneNumber':
      return { phoneNumber: '+31 20 123 4567' };
    case 'sms':
      return { phoneNumber: '+31 6 1234 5678', body: 'STOP' };
    case 'whatsapp':
      return { number: '+31 6 1234 5678', text: 'Hello' };
    case 'sound':
      return {
        sound: {
          mediaId: await uploadOk(t, {
            cookie,
            projectId,
            kind: 'sound',
            filename: 'jingle.wav',
            content: WAV,
          }),
          remove: false,
        },
        cover: {
          mediaId: await uploadOk(t, {
            cookie,
            projectId,
            kind: 'cover',
            filename: 'cover.png',
            content: PNG_1PX,
          }),
          remove: false,
        },
        title: 'Jingle',
        subtitle: 'Our tune',
        description: null,
      };
  }
}

describe('Actions: every kind round-trips', () => {
  it.each(ACTION_TYPES)('%s: create, read back, list, update', async (type) => {
    const cookie = t.cookies.customeradmin;
    const data = await validData(type);
    const created = await call(t.app, 'POST', actionsUrl(), {
      cookie,
      body: { name: `A ${type}`, objectType: type, data },
    });
    expect(created.statusCode, created.body).toBe(201);
    const action = created.json().data;
    expect(action).toMatchObject({
      projectId,
      name: `A ${type}`,
      objectType: type,
      qrCodeCount: 0,
      activity: { mode: 'always' },
    });

    const read = await call(t.app, 'GET', `${actionsUrl()}/${action.id}`, { cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(action);

    // Every non-media field comes back as sent (after the schema's normalisation).
    for (const [key, value] of Object.entries(data)) {
      const back = action.data[key];
      if (value && typeof value === 'object' && 'mediaId' in value) {
        expect(back).toMatchObject({
          mediaId: (value as { mediaId: string }).mediaId,
          remove: false,
          source: { versions: { original: `/api/file/${(value as { mediaId: string }).mediaId}` } },
        });
      } else if (type === 'textArea' && key === 'text') {
        expect(back).toBe('<h3 style="text-align: center">Hello</h3><p>World</p>');
      } else {
        expect(back).toEqual(value);
      }
    }

    const list = await call(t.app, 'GET', `${actionsUrl()}?objectType=${type}&perPage=100`, {
      cookie,
    });
    expect(list.json().data.map((a: { id: string }) => a.id)).toContain(action.id);
    expect(list.json().data.every((a: { objectType: string }) => a.objectType === type)).toBe(true);

    const updated = await call(t.app, 'PUT', `${actionsUrl()}/${action.id}`, {
      cookie,
      body: { name: `B ${type}`, objectType: type, data },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.name).toBe(`B ${type}`);
  });
});

type Rule = [string, ActionType | 'unknown', Record<string, unknown>, string, string, object?];

const RULES: Rule[] = [
  ['link required', 'link', { link: '' }, '/data/link', 'required'],
  [
    'link max 2048',
    'link',
    { link: `https://e.nl/${s(2040)}` },
    '/data/link',
    'max',
    { max: 2048 },
  ],
  ['link must be http(s)', 'link', { link: 'javascript:alert(1)' }, '/data/link', 'url'],
  ['contact name required', 'contact', { name: '' }, '/data/name', 'required'],
  ['contact name max 255', 'contact', { name: s(256) }, '/data/name', 'max', { max: 255 }],
  [
    'contact email valid',
    'contact',
    { name: 'A', emailAddresses: [{ type: 'work', email: 'nope' }] },
    '/data/emailAddresses/0/email',
    'email',
  ],
  [
    'contact phone required',
    'contact',
    { name: 'A', phoneNumbers: [{ type: 'work', phoneNumber: '' }] },
    '/data/phoneNumbers/0/phoneNumber',
    'required',
  ],
  [
    'contact company name max 255',
    'contact',
    { name: 'A', company: { name: s(256) } },
    '/data/company/name',
    'max',
    { max: 255 },
  ],
  [
    'contact country is a 2-letter code',
    'contact',
    { name: 'A', address: { country: 'XX' } },
    '/data/address/country',
    'invalid',
  ],
  [
    'app link appStore prefix',
    'appLink',
    { appStore: 'https://evil.example/app' },
    '/data/appStore',
    'prefix',
    { prefix: 'https://apps.apple.com/' },
  ],
  [
    'app link playStore prefix',
    'appLink',
    { playStore: 'https://play.google.com/other' },
    '/data/playStore',
    'prefix',
  ],
  ['app link title max 255', 'appLink', { title: s(256) }, '/data/title', 'max', { max: 255 }],
  ['email address required', 'email', { address: '' }, '/data/address', 'required'],
  [
    'email address max 320',
    'email',
    { address: `${s(310)}@example.com` },
    '/data/address',
    'max',
    { max: 320 },
  ],
  [
    'email subject max 998',
    'email',
    { address: 'a@b.nl', subject: s(999) },
    '/data/subject',
    'max',
    { max: 998 },
  ],
  [
    'email cc valid',
    'email',
    { address: 'a@b.nl', cc: [{ address: 'x' }] },
    '/data/cc/0/address',
    'email',
  ],
  ['phone number required', 'phoneNumber', { phoneNumber: '' }, '/data/phoneNumber', 'required'],
  [
    'phone number max 50',
    'phoneNumber',
    { phoneNumber: '1'.repeat(51) },
    '/data/phoneNumber',
    'max',
    { max: 50 },
  ],
  ['sms number max 50', 'sms', { phoneNumber: '1'.repeat(51) }, '/data/phoneNumber', 'max'],
  ['whatsapp number required', 'whatsapp', { number: '' }, '/data/number', 'required'],
  [
    'sound file required',
    'sound',
    { sound: { mediaId: null, remove: false } },
    '/data/sound',
    'required',
  ],
  ['file required', 'file', { media: { mediaId: null, remove: false } }, '/data/media', 'required'],
  ['unknown kind', 'unknown', {}, '/objectType', 'invalid'],
];

describe('Actions: SPEC §5 rules through the API', () => {
  it.each(RULES)('%s', async (_name, objectType, data, pointer, code, meta) => {
    const response = await call(t.app, 'POST', actionsUrl(), {
      cookie: t.cookies.user,
      body: { name: 'Rule', objectType, data },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as { code: string; source: { pointer: string } }[];
    const error = errors.find((e) => e.source?.pointer === pointer);
    expect(error, response.body).toBeDefined();
    expect(error).toMatchObject({ code, ...(meta ? { meta } : {}) });
  });

  it('sound subtitle max 1000 and title max 255', async () => {
    const data = await validData('sound');
    const response = await call(t.app, 'POST', actionsUrl(), {
      cookie: t.cookies.user,
      body: { name: 'S', objectType: 'sound', data: { ...data, subtitle: s(1001), title: s(256) } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'max', source: { pointer: '/data/subtitle' } }),
        expect.objectContaining({ code: 'max', source: { pointer: '/data/title' } }),
      ]),
    );
  });

  it('the activity end cannot be before its start', async () => {
    const response = await call(t.app, 'POST', actionsUrl(), {
      cookie: t.cookies.user,
      body: {
        name: 'Timed',
        objectType: 'link',
        data: { link: 'https://example.com' },
        activity: {
          mode: 'period',
          start: '2026-05-02T10:00:00Z',
          end: '2026-05-01T10:00:00Z',
        },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toMatchObject({
      code: 'date_after_or_equal',
      source: { pointer: '/activity/end' },
    });
  });

  it('the name is required', async () => {
    const response = await call(t.app, 'POST', actionsUrl(), {
      cookie: t.cookies.user,
      body: { name: ' ', objectType: 'link', data: { link: 'https://example.com' } },
    });
    expect(firstError(response)).toMatchObject({ code: 'required', source: { pointer: '/name' } });
  });
});

describe('Actions: rich text, media fields and storage', () => {
  it('sanitises textArea HTML before storing it', async () => {
    const response = await call(t.app, 'POST', actionsUrl(), {
      cookie: t.cookies.customeradmin,
      body: {
        name: 'Dirty',
        objectType: 'textArea',
        data: {
          text: '<h1>Big</h1><p onclick="x()" style="text-align:right">ok<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id as string;
    const row = await t.db
      .selectFrom('actions')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.data).text as string;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript|<img|<h1/i);
    expect(stored).toContain('Big');
    expect(stored).toContain('<p style="text-align: right">ok</p>');
  });

  it('replacing and removing media frees the old file and its storage', async () => {
    const cookie = t.cookies.customeradmin;
    const pid = await buildProject(t.db, { customerId: t.ids.customers.demo });
    const first = await uploadOk(t, {
      cookie,
      projectId: pid,
      kind: 'avatar',
      filename: 'a.png',
      content: PNG_1PX,
    });
    expect(await usedStorage(pid)).toBe(PNG_1PX.length);
    const contact = (avatar: object) => ({
      name: 'With avatar',
      objectType: 'contact',
      data: { name: 'Jan', avatar },
    });
    const created = await call(t.app, 'POST', actionsUrl(pid), {
      cookie,
      body: contact({ mediaId: first, remove: false }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const action = created.json().data;
    expect(action.data.avatar).toEqual({
      mediaId: first,
      remove: false,
      source: { name: 'a.png', versions: { original: `/api/file/${first}` } },
    });

    // A null id keeps what is stored.
    const kept = await call(t.app, 'PUT', `${actionsUrl(pid)}/${action.id}`, {
      cookie,
      body: contact({ mediaId: null, remove: false }),
    });
    expect(kept.json().data.data.avatar.mediaId).toBe(first);

    // A new id replaces the old file: the old bytes and their storage go.
    const second = await uploadOk(t, {
      cookie,
      projectId: pid,
      kind: 'avatar',
      filename: 'b.png',
      content: PNG_1PX,
    });
    expect(await usedStorage(pid)).toBe(2 * PNG_1PX.length);
    const replaced = await call(t.app, 'PUT', `${actionsUrl(pid)}/${action.id}`, {
      cookie,
      body: contact({ mediaId: second, remove: false }),
    });
    expect(replaced.json().data.data.avatar).toMatchObject({
      mediaId: second,
      source: { name: 'b.png' },
    });
    expect(await usedStorage(pid)).toBe(PNG_1PX.length);
    expect((await call(t.app, 'GET', `/api/file/${first}`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, 'media', t.ids.customers.demo, first))).toBe(false);

    // remove: true clears it.
    const removed = await call(t.app, 'PUT', `${actionsUrl(pid)}/${action.id}`, {
      cookie,
      body: contact({ mediaId: second, remove: true }),
    });
    expect(removed.json().data.data.avatar).toEqual({
      mediaId: null,
      remove: false,
      source: null,
    });
    expect(await usedStorage(pid)).toBe(0);
    expect((await call(t.app, 'GET', `/api/file/${second}`)).statusCode).toBe(404);
  });

  it('a file shared by a duplicate stays until the last Action lets go of it', async () => {
    const cookie = t.cookies.customeradmin;
    const pid = await buildProject(t.db, { customerId: t.ids.customers.demo });
    const mediaId = await uploadOk(t, {
      cookie,
      projectId: pid,
      kind: 'file',
      filename: 'doc.txt',
      content: 'hello',
    });
    const body = { name: 'Doc', objectType: 'file', data: { media: { mediaId, remove: false } } };
    const created = await call(t.app, 'POST', actionsUrl(pid), { cookie, body });
    const copy = await call(
      t.app,
      'POST',
      `${actionsUrl(pid)}/${created.json().data.id}/duplicate`,
      { cookie },
    );
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({
      name: 'Doc (copy)',
      data: { media: { mediaId, source: { name: 'doc.txt' } } },
    });
    await call(t.app, 'DELETE', `${actionsUrl(pid)}/${created.json().data.id}`, { cookie });
    expect((await call(t.app, 'GET', `/api/file/${mediaId}`)).statusCode).toBe(200);
    await call(t.app, 'DELETE', `${actionsUrl(pid)}/${copy.json().data.id}`, { cookie });
    expect((await call(t.app, 'GET', `/api/file/${mediaId}`)).statusCode).toBe(404);
    expect(await usedStorage(pid)).toBe(0);
  });

  it('a duplicate carries the same tags, as a duplicated short link does', async () => {
    const cookie = t.cookies.customeradmin;
    const pid = await buildProject(t.db, { customerId: t.ids.customers.demo });
    const labelIds: string[] = [];
    for (const name of ['Sale', 'Autumn']) {
      const label = await call(t.app, 'POST', `/api/projects/${pid}/labels`, {
        cookie,
        body: { name },
      });
      expect(label.statusCode, label.body).toBe(201);
      labelIds.push(label.json().data.id);
    }
    const body = { name: 'Menu', objectType: 'link', data: { link: 'https://example.com' } };
    const created = await call(t.app, 'POST', actionsUrl(pid), { cookie, body });
    const id = created.json().data.id as string;
    const tagged = await call(t.app, 'PUT', `${actionsUrl(pid)}/${id}/labels`, {
      cookie,
      body: { labelIds },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const copy = await call(t.app, 'POST', `${actionsUrl(pid)}/${id}/duplicate`, { cookie });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data.id).not.toBe(id);
    expect(copy.json().data.labels.map((label: { name: string }) => label.name)).toEqual([
      'Autumn',
      'Sale',
    ]);
    // The original keeps its tags too.
    const original = await call(t.app, 'GET', `${actionsUrl(pid)}/${id}`, { cookie });
    expect(original.json().data.labels).toHaveLength(2);
  });

  it('refuses media of another customer, another project or the wrong kind at the field', async () => {
    const acmeMedia = await uploadOk(t, {
      cookie: t.cookies.other,
      projectId: acmeProjectId,
      kind: 'avatar',
      filename: 'acme.png',
      content: PNG_1PX,
    });
    const otherProjectMedia = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId: t.ids.projects.demoOther,
      kind: 'avatar',
      filename: 'other.png',
      content: PNG_1PX,
    });
    const coverMedia = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId,
      kind: 'cover',
      filename: 'cover.png',
      content: PNG_1PX,
    });
    for (const [mediaId, code] of [
      [acmeMedia, 'invalid'],
      [otherProjectMedia, 'invalid'],
      [ulid(), 'invalid'],
      [coverMedia, 'mimes'],
    ] as const) {
      const response = await call(t.app, 'POST', actionsUrl(), {
        cookie: t.cookies.customeradmin,
        body: {
          name: 'Stolen',
          objectType: 'contact',
          data: { name: 'X', avatar: { mediaId, remove: false } },
        },
      });
      expect(response.statusCode).toBe(422);
      expect(firstError(response)).toMatchObject({ code, source: { pointer: '/data/avatar' } });
    }
  });
});

describe('Actions: tenants, linked codes, delete, audit', () => {
  it("another customer's Actions and projects are 404", async () => {
    const acme = await call(t.app, 'POST', actionsUrl(acmeProjectId), {
      cookie: t.cookies.other,
      body: { name: 'Acme link', objectType: 'link', data: { link: 'https://acme.example' } },
    });
    expect(acme.statusCode).toBe(201);
    const acmeId = acme.json().data.id;
    const cookie = t.cookies.customeradmin;
    // Through Demo's own project id, and through Acme's.
    for (const url of [`${actionsUrl()}/${acmeId}`, `${actionsUrl(acmeProjectId)}/${acmeId}`]) {
      const get = await call(t.app, 'GET', url, { cookie });
      expect(get.statusCode).toBe(404);
      const put = await call(t.app, 'PUT', url, {
        cookie,
        body: { name: 'Mine', objectType: 'link', data: { link: 'https://x.example' } },
      });
      expect(put.statusCode).toBe(404);
      expect((await call(t.app, 'DELETE', url, { cookie })).statusCode).toBe(404);
      expect((await call(t.app, 'POST', `${url}/duplicate`, { cookie })).statusCode).toBe(404);
    }
    expect(
      (await call(t.app, 'GET', actionsUrl(acmeProjectId), { cookie })).json().errors[0].code,
    ).toBe('project_not_found');
    // A user only reaches linked projects.
    const unlinked = await call(t.app, 'GET', actionsUrl(t.ids.projects.demoOther), {
      cookie: t.cookies.user,
    });
    expect(unlinked.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${actionsUrl()}/not-an-id`, { cookie })).json()).toEqual({
      errors: [expect.objectContaining({ code: 'qrlink_not_found' })],
    });
  });

  it('lists its QR codes; deleting it leaves the codes without an Action; writes audit rows', async () => {
    const cookie = t.cookies.customeradmin;
    const created = await call(t.app, 'POST', actionsUrl(), {
      cookie,
      body: { name: 'Menu', objectType: 'link', data: { link: 'https://example.com/menu' } },
    });
    const actionId = created.json().data.id as string;
    const qr = await call(t.app, 'POST', `/api/projects/${projectId}/qr-codes`, {
      cookie,
      body: { name: 'Table 1', actionId },
    });
    expect(qr.statusCode, qr.body).toBe(201);
    const linked = await call(t.app, 'GET', `${actionsUrl()}/${actionId}/qr-codes`, { cookie });
    expect(linked.json().data).toEqual([
      expect.objectContaining({
        id: qr.json().data.id,
        type: 'qr_code',
        name: 'Table 1',
        scanUrl: qr.json().data.scanUrl,
      }),
    ]);
    expect(
      (await call(t.app, 'GET', `${actionsUrl()}/${actionId}`, { cookie })).json().data.qrCodeCount,
    ).toBe(1);

    const deleted = await call(t.app, 'DELETE', `${actionsUrl()}/${actionId}`, { cookie });
    expect(deleted.statusCode).toBe(204);
    const after = await call(
      t.app,
      'GET',
      `/api/projects/${projectId}/qr-codes/${qr.json().data.id}`,
      {
        cookie,
      },
    );
    expect(after.json().data).toMatchObject({ actionId: null, action: null });
    const scan = await t.app.inject({ method: 'GET', url: `/s/${qr.json().data.code}` });
    expect(scan.statusCode).toBe(200);
    expect(scan.headers.location).toBeUndefined();

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'type', 'userId', 'projectId', 'client'])
      .where('itemId', '=', actionId)
      .orderBy('createdAt')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        type: 'action',
        action: 'created',
        userId: t.ids.users.customeradmin,
        projectId,
        client: 'dashboard',
      }),
      expect.objectContaining({ type: 'action', action: 'deleted' }),
    ]);
  });

  it('checks permissions before anything else', async () => {
    const anonymous = await call(t.app, 'GET', actionsUrl());
    expect(anonymous.statusCode).toBe(401);
    const q = await call(t.app, 'GET', `${actionsUrl()}?q=web`, { cookie: t.cookies.user });
    expect(q.json().data.map((a: { name: string }) => a.name)).toContain('Website');
    const badFilter = await call(t.app, 'GET', `${actionsUrl()}?objectType=fax`, {
      cookie: t.cookies.user,
    });
    expect(badFilter.statusCode).toBe(422);
  });
});
