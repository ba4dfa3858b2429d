// Short links over the real API: uri rules and uniqueness, limits, list, edit, duplicate, trash →
// restore → delete, the redirect through the scan service, and other customers' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulidx';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';
import { buildAction, buildQrCode } from '../../../helpers/factories.js';

let t: TestApp;
let user: string;
let other: string;
let pid: string;
let actionId: string;

const base = () => `/api/projects/${pid}/short-links`;

async function create(body: Record<string, unknown>, cookie = user) {
  return call(t.app, 'POST', base(), { cookie, body });
}

async function createOk(uri: string, extra: Record<string, unknown> = {}) {
  const res = await create({ uri, name: `Link ${uri}`, actionId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; uri: string; scanUrl: string };
}

const scan = (uri: string) =>
  t.app.inject({
    method: 'GET',
    url: `/s/${uri}`,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
  });

beforeAll(async () => {
  t = await buildTestApp();
  user = await login(t.app, DEMO.user);
  other = await login(t.app, DEMO.other);
  pid = t.ids.projects.demoLinked;
  actionId = await buildAction(
    t.db,
    { customerId: t.ids.customers.demo, projectId: pid },
    {
      name: 'Landing page',
      data: { link: 'https://example.com/landing' },
    },
  );
});

afterAll(async () => {
  await t.close();
});

describe('uri rules', () => {
  it.each([
    ['with space', 'regex'],
    ['slash/inside', 'regex'],
    ['dots.too', 'regex'],
    ['émoji', 'regex'],
    ['', 'required'],
    ['a'.repeat(65), 'max'],
  ])('%j → 422 %s at /uri', async (uri, code) => {
    const res = await create({ uri, name: 'Bad' });
    expect(res.statusCode).toBe(422);
    const error = res
      .json()
      .errors.find((e: { source?: { pointer: string } }) => e.source?.pointer === '/uri');
    expect(error.code).toBe(code);
  });

  it('accepts letters, digits, - and _', async () => {
    const link = await createOk('Summer_Sale-2025');
    expect(link.uri).toBe('Summer_Sale-2025');
    expect(link.scanUrl).toBe(`${t.config.scanBaseUrl}/Summer_Sale-2025`);
  });

  it('requires a name', async () => {
    const res = await create({ uri: 'noname' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: 'required', source: { pointer: '/name' } });
  });

  it('refuses an Action of another project', async () => {
    const foreign = await buildAction(t.db, {
      customerId: t.ids.customers.acme,
      projectId: t.ids.projects.acme,
    });
    const res = await create({ uri: 'foreign-action', name: 'x', actionId: foreign });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe('/actionId');
  });
});

describe('uniqueness', () => {
  it('a taken uri is shortlink_uri_duplicated_entry at /uri, also from another customer', async () => {
    await createOk('taken');
    const again = await create({ uri: 'taken', name: 'Again' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: 'shortlink_uri_duplicated_entry',
      source: { pointer: '/uri' },
    });
    // Uris share one scan host: another customer cannot take it either.
    const foreign = await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/short-links`, {
      cookie: other,
      body: { uri: 'taken', name: 'Theirs' },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].code).toBe('shortlink_uri_duplicated_entry');
  });

  it("a QR code's code is taken too (the scan service resolves QR codes first)", async () => {
    const qr = await buildQrCode(
      t.db,
      { customerId: t.ids.customers.demo, projectId: pid },
      { code: 'qrcodeclash' },
    );
    const res = await create({ uri: qr.code, name: 'Clash' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe('shortlink_uri_duplicated_entry');
  });

  it('a trashed link keeps its uri', async () => {
    const link = await createOk('kept-in-trash');
    await call(t.app, 'DELETE', `${base()}/${link.id}/trash`, { cookie: user });
    const res = await create({ uri: 'kept-in-trash', name: 'x' });
    expect(res.json().errors[0].code).toBe('shortlink_uri_duplicated_entry');
  });

  it('changing the uri to a taken one is refused; to a free one is fine', async () => {
    await createOk('first-one');
    const second = await createOk('second-one');
    const clash = await call(t.app, 'PUT', `${base()}/${second.id}`, {
      cookie: user,
      body: { uri: 'first-one' },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors[0].code).toBe('shortlink_uri_duplicated_entry');
    const same = await call(t.app, 'PUT', `${base()}/${second.id}`, {
      cookie: user,
      body: { uri: 'second-one', name: 'Renamed' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.name).toBe('Renamed');
  });

  it('suggest-uri answers a free random uri of 6–8 allowed characters', async () => {
    const res = await call(t.app, 'GET', `${base()}/suggest-uri`, { cookie: user });
    expect(res.statusCode).toBe(200);
    const { uri } = res.json().data as { uri: string };
    expect(uri).toMatch(/^[a-zA-Z0-9_-]{6,8}$/);
    expect(res.json().data.scanUrl).toBe(`${t.config.scanBaseUrl}/${uri}`);
    await createOk(uri);
  });
});

describe('the scan service', () => {
  it('redirects, stops after trash, resolves again after restore, and follows a uri change', async () => {
    const link = await createOk('go-here');
    const first = await scan('go-here');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://example.com/landing');

    const trashed = await call(t.app, 'DELETE', `${base()}/${link.id}/trash`, { cookie: user });
    expect(trashed.statusCode).toBe(204);
    expect((await scan('go-here')).statusCode).not.toBe(302);

    const restored = await call(t.app, 'POST', `${base()}/${link.id}/restore`, { cookie: user });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.trashedAt).toBeNull();
    expect((await scan('go-here')).statusCode).toBe(302);

    const moved = await call(t.app, 'PUT', `${base()}/${link.id}`, {
      cookie: user,
      body: { uri: 'went-there' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.scanUrl).toBe(`${t.config.scanBaseUrl}/went-there`);
    expect((await scan('go-here')).statusCode).toBe(404);
    expect((await scan('went-there')).statusCode).toBe(302);
  });

  it('a link without an Action is reachable but not active', async () => {
    await createOk('no-action', { actionId: null });
    const res = await scan('no-action');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('example.com/landing');
  });
});

describe('list, get, duplicate', () => {
  it('lists with q on name and uri, the action summary, labels and scans', async () => {
    await createOk('searchable-uri', { name: 'Findable name' });
    const byUri = await call(t.app, 'GET', `${base()}?q=SEARCHABLE`, { cookie: user });
    expect(byUri.statusCode).toBe(200);
    expect(byUri.json().data.map((l: { uri: string }) => l.uri)).toEqual(['searchable-uri']);
    const byName = await call(t.app, 'GET', `${base()}?q=findable`, { cookie: user });
    const row = byName.json().data[0];
    expect(row).toMatchObject({
      uri: 'searchable-uri',
      action: { id: actionId, name: 'Landing page', objectType: 'link' },
      labels: [],
      scans: 0,
    });
    const byAction = await call(t.app, 'GET', `${base()}?actionId=${actionId}&perPage=500`, {
      cookie: user,
    });
    expect(byAction.json().data.every((l: { actionId: string }) => l.actionId === actionId)).toBe(
      true,
    );
  });

  it('counts scans', async () => {
    const link = await createOk('counted');
    await scan('counted');
    await scan('counted');
    // The recorder writes in batches; wait for the flush.
    let scans = 0;
    for (let i = 0; i < 50 && scans < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      scans = (await call(t.app, 'GET', `${base()}/${link.id}`, { cookie: user })).json().data
        .scans;
    }
    expect(scans).toBe(2);
  });

  it('duplicates with a new random uri', async () => {
    const link = await createOk('original');
    const res = await call(t.app, 'POST', `${base()}/${link.id}/duplicate`, { cookie: user });
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy.uri).not.toBe('original');
    expect(copy.uri).toMatch(/^[a-zA-Z0-9]{6,8}$/);
    expect(copy.name).toBe('Link original (copy)');
    expect(copy.actionId).toBe(actionId);
  });

  it('writes audit rows', async () => {
    const link = await createOk('audited');
    const res = await call(t.app, 'GET', `/api/audit-logs?itemId=${link.id}`, {
      cookie: await login(t.app, DEMO.customeradmin),
    });
    expect(res.json().data.map((row: { action: string }) => row.action)).toContain('created');
  });
});

describe('trash → restore → delete', () => {
  it('walks the whole way and shows in the trash list', async () => {
    const link = await createOk('to-trash');
    expect((await call(t.app, 'DELETE', `${base()}/${link.id}`, { cookie: user })).statusCode).toBe(
      422,
    );
    await call(t.app, 'DELETE', `${base()}/${link.id}/trash`, { cookie: user });
    const list = await call(t.app, 'GET', `${base()}?perPage=500`, { cookie: user });
    expect(list.json().data.map((l: { id: string }) => l.id)).not.toContain(link.id);
    const trash = await call(t.app, 'GET', `/api/projects/${pid}/trash?type=short_link`, {
      cookie: user,
    });
    expect(trash.statusCode).toBe(200);
    expect(trash.json().data.map((item: { id: string }) => item.id)).toContain(link.id);

    await call(t.app, 'POST', `${base()}/${link.id}/restore`, { cookie: user });
    await call(t.app, 'DELETE', `${base()}/${link.id}/trash`, { cookie: user });
    const removed = await call(t.app, 'DELETE', `${base()}/${link.id}`, { cookie: user });
    expect(removed.statusCode).toBe(204);
    expect((await call(t.app, 'GET', `${base()}/${link.id}`, { cookie: user })).statusCode).toBe(
      404,
    );
    // The uri is free again.
    await createOk('to-trash');
  });
});

describe('limits', () => {
  it('the project limit answers max_short_links_project at /uri with meta.max, also on restore', async () => {
    const project = await call(t.app, 'POST', '/api/projects', {
      cookie: await login(t.app, DEMO.customeradmin),
      body: { name: 'Limited', tracking: true },
    });
    const limited = project.json().data.id as string;
    await t.db
      .updateTable('projects')
      .set({ maxShortLinks: 1 })
      .where('id', '=', limited)
      .execute();
    const admin = await login(t.app, DEMO.customeradmin);
    const url = `/api/projects/${limited}/short-links`;
    const first = await call(t.app, 'POST', url, {
      cookie: admin,
      body: { uri: 'lim-1', name: 'a' },
    });
    expect(first.statusCode).toBe(201);
    const second = await call(t.app, 'POST', url, {
      cookie: admin,
      body: { uri: 'lim-2', name: 'b' },
    });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors[0]).toMatchObject({
      code: 'max_short_links_project',
      source: { pointer: '/uri' },
      meta: { max: 1 },
    });
    // Trashed links do not count; restoring past the limit is refused.
    const id = first.json().data.id as string;
    await call(t.app, 'DELETE', `${url}/${id}/trash`, { cookie: admin });
    expect(
      (await call(t.app, 'POST', url, { cookie: admin, body: { uri: 'lim-2', name: 'b' } }))
        .statusCode,
    ).toBe(201);
    const restore = await call(t.app, 'POST', `${url}/${id}/restore`, { cookie: admin });
    expect(restore.statusCode).toBe(422);
    expect(restore.json().errors[0]).toMatchObject({
      code: 'max_short_links_project',
      meta: { max: 1 },
    });
  });

  it('the customer limit answers max_short_links_customer', async () => {
    const acme = t.ids.customers.acme;
    const used = await t.db
      .selectFrom('shortLinks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customerId', '=', acme)
      .where('trashedAt', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('customers')
      .set({ maxShortLinks: Number(used.count) })
      .where('id', '=', acme)
      .execute();
    const res = await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/short-links`, {
      cookie: other,
      body: { uri: 'acme-full', name: 'Full' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'max_short_links_customer',
      source: { pointer: '/uri' },
      meta: { max: Number(used.count) },
    });
    await t.db.updateTable('customers').set({ maxShortLinks: -1 }).where('id', '=', acme).execute();
  });
});

describe('tenancy', () => {
  it("another customer's short links answer 404", async () => {
    const mine = await createOk('mine-only');
    // Their own project, my link's id: no such link there.
    const viaTheirProject = await call(
      t.app,
      'GET',
      `/api/projects/${t.ids.projects.acme}/short-links/${mine.id}`,
      { cookie: other },
    );
    expect(viaTheirProject.statusCode).toBe(404);
    expect(viaTheirProject.json().errors[0].code).toBe('short_link_not_found');
    // My project: not theirs to see.
    for (const [method, url] of [
      ['GET', `${base()}/${mine.id}`],
      ['PUT', `${base()}/${mine.id}`],
      ['DELETE', `${base()}/${mine.id}/trash`],
      ['GET', base()],
    ] as const) {
      const res = await call(t.app, method, url, {
        cookie: other,
        body: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().errors[0].code).toBe('project_not_found');
    }
  });

  it('a non-ULID id is short_link_not_found', async () => {
    const res = await call(t.app, 'GET', `${base()}/nope`, { cookie: user });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('short_link_not_found');
    const unknown = await call(t.app, 'GET', `${base()}/${ulid()}`, { cookie: user });
    expect(unknown.json().errors[0].code).toBe('short_link_not_found');
  });

  it('without a session: 401', async () => {
    expect((await call(t.app, 'GET', base())).statusCode).toBe(401);
  });
});
