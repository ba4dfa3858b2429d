// Tags over the real API: CRUD with the 16-character and unique-name rules, replacing an item's
// tags (at most 10), bulk tagging, the list filter by tag, and other customers' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';
import { buildAction, buildQrCode } from '../../../helpers/factories.js';

let t: TestApp;
let user: string;
let other: string;
let pid: string;

const labels = () => `/api/projects/${pid}/labels`;

async function createLabel(name: string, color?: string) {
  const res = await call(t.app, 'POST', labels(), { cookie: user, body: { name, color } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; color: string | null; itemCount: number };
}

async function createShortLink(uri: string) {
  const res = await call(t.app, 'POST', `/api/projects/${pid}/short-links`, {
    cookie: user,
    body: { uri, name: uri },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const setLabels = (path: string, id: string, labelIds: string[], cookie = user) =>
  call(t.app, 'PUT', `/api/projects/${pid}/${path}/${id}/labels`, {
    cookie,
    body: { labelIds },
  });

beforeAll(async () => {
  t = await buildTestApp();
  user = await login(t.app, DEMO.user);
  other = await login(t.app, DEMO.other);
  pid = t.ids.projects.demoLinked;
});

afterAll(async () => {
  await t.close();
});

describe('label CRUD', () => {
  it('creates, reads, renames and deletes', async () => {
    const label = await createLabel('  Summer  ', '#ff0000');
    expect(label).toMatchObject({ name: 'Summer', color: '#ff0000', itemCount: 0 });
    const got = await call(t.app, 'GET', `${labels()}/${label.id}`, { cookie: user });
    expect(got.json().data.name).toBe('Summer');
    const renamed = await call(t.app, 'PUT', `${labels()}/${label.id}`, {
      cookie: user,
      body: { name: 'Winter' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Winter', color: '#ff0000' });
    const list = await call(t.app, 'GET', `${labels()}?q=wint`, { cookie: user });
    expect(list.json().data.map((l: { name: string }) => l.name)).toEqual(['Winter']);
    expect(
      (await call(t.app, 'DELETE', `${labels()}/${label.id}`, { cookie: user })).statusCode,
    ).toBe(204);
    expect((await call(t.app, 'GET', `${labels()}/${label.id}`, { cookie: user })).statusCode).toBe(
      404,
    );
  });

  it.each([
    [{ name: 'x'.repeat(17) }, 'max', '/name'],
    [{ name: '' }, 'required', '/name'],
    [{ name: '   ' }, 'required', '/name'],
    [{ name: 'ok', color: 'red' }, 'regex', '/color'],
  ])('%j → 422 %s at %s', async (body, code, pointer) => {
    const res = await call(t.app, 'POST', labels(), { cookie: user, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code, source: { pointer } });
  });

  it('16 characters is fine', async () => {
    await createLabel('x'.repeat(16));
  });

  it('a name used in the project (any case) is label_name_duplicated at /name', async () => {
    const first = await createLabel('Promo');
    for (const name of ['Promo', 'PROMO']) {
      const res = await call(t.app, 'POST', labels(), { cookie: user, body: { name } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        code: 'label_name_duplicated',
        source: { pointer: '/name' },
      });
    }
    const second = await createLabel('Promo 2');
    const rename = await call(t.app, 'PUT', `${labels()}/${second.id}`, {
      cookie: user,
      body: { name: 'promo' },
    });
    expect(rename.json().errors[0].code).toBe('label_name_duplicated');
    // Renaming to its own name is fine.
    const same = await call(t.app, 'PUT', `${labels()}/${first.id}`, {
      cookie: user,
      body: { name: 'Promo' },
    });
    expect(same.statusCode).toBe(200);
    // Another project may use the same name.
    const elsewhere = await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/labels`, {
      cookie: other,
      body: { name: 'Promo' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe("an item's labels", () => {
  it('replaces the labels of a short link, and the short link answers them', async () => {
    const a = await createLabel('Alpha');
    const b = await createLabel('Beta');
    const link = await createShortLink('tagged-link');
    const res = await setLabels('short-links', link, [b.id, a.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((l: { name: string }) => l.name)).toEqual(['Alpha', 'Beta']);
    const got = await call(t.app, 'GET', `/api/projects/${pid}/short-links/${link}`, {
      cookie: user,
    });
    expect(got.json().data.labels).toEqual([
      { id: a.id, name: 'Alpha', color: null },
      { id: b.id, name: 'Beta', color: null },
    ]);
    const cleared = await setLabels('short-links', link, []);
    expect(cleared.json().data).toEqual([]);
  });

  it('works for QR codes and Actions too', async () => {
    const label = await createLabel('Shared');
    const qr = await buildQrCode(t.db, { customerId: t.ids.customers.demo, projectId: pid });
    const action = await buildAction(t.db, { customerId: t.ids.customers.demo, projectId: pid });
    expect((await setLabels('qr-codes', qr.id, [label.id])).statusCode).toBe(200);
    expect((await setLabels('actions', action, [label.id])).statusCode).toBe(200);
    const got = await call(t.app, 'GET', `${labels()}/${label.id}`, { cookie: user });
    expect(got.json().data.itemCount).toBe(2);
  });

  it('more than 10 is label_link_limit_reached at /labelIds with meta.max 10', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i += 1) ids.push((await createLabel(`many-${i}`)).id);
    const link = await createShortLink('too-many-tags');
    const res = await setLabels('short-links', link, ids);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'label_link_limit_reached',
      source: { pointer: '/labelIds' },
      meta: { max: 10 },
    });
    expect((await setLabels('short-links', link, ids.slice(0, 10))).statusCode).toBe(200);
  });

  it("a label of another project is label_not_found; another customer's item is 404", async () => {
    const theirs = await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/labels`, {
      cookie: other,
      body: { name: 'Theirs' },
    });
    const link = await createShortLink('foreign-label');
    const res = await setLabels('short-links', link, [theirs.json().data.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('label_not_found');
    const mine = await createLabel('Mine');
    const foreign = await call(t.app, 'PUT', `/api/projects/${pid}/short-links/${link}/labels`, {
      cookie: other,
      body: { labelIds: [mine.id] },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('bulk tagging and the list filter', () => {
  it('tags many short links at once, then the list filters by labelId', async () => {
    const label = await createLabel('Campaign');
    const ids = [
      await createShortLink('bulk-1'),
      await createShortLink('bulk-2'),
      await createShortLink('bulk-3'),
    ];
    await createShortLink('not-tagged');
    const res = await call(t.app, 'POST', `${labels()}/${label.id}/items`, {
      cookie: user,
      body: { itemType: 'short_link', itemIds: ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.itemCount).toBe(3);
    // Tagging again is harmless.
    const again = await call(t.app, 'POST', `${labels()}/${label.id}/items`, {
      cookie: user,
      body: { itemType: 'short_link', itemIds: ids.slice(0, 1) },
    });
    expect(again.json().data.itemCount).toBe(3);
    const list = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/short-links?labelId=${label.id}&sort=uri&order=ASC`,
      { cookie: user },
    );
    expect(list.json().data.map((l: { uri: string }) => l.uri)).toEqual([
      'bulk-1',
      'bulk-2',
      'bulk-3',
    ]);
    expect(list.json().meta.total).toBe(3);
  });

  it('refuses the whole batch when one item would pass 10 tags', async () => {
    const full = await createShortLink('full-item');
    const fine = await createShortLink('fine-item');
    const ten: string[] = [];
    for (let i = 0; i < 10; i += 1) ten.push((await createLabel(`full-${i}`)).id);
    await setLabels('short-links', full, ten);
    const extra = await createLabel('Eleventh');
    const res = await call(t.app, 'POST', `${labels()}/${extra.id}/items`, {
      cookie: user,
      body: { itemType: 'short_link', itemIds: [fine, full] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'label_link_limit_reached',
      source: { pointer: '/itemIds' },
      meta: { max: 10, itemIds: [full] },
    });
    // Nothing was written: the fine item is untagged too.
    const got = await call(t.app, 'GET', `/api/projects/${pid}/short-links/${fine}`, {
      cookie: user,
    });
    expect(got.json().data.labels).toEqual([]);
  });

  it("another project's item in the batch is 404", async () => {
    const label = await createLabel('Batch');
    const foreign = await buildQrCode(t.db, {
      customerId: t.ids.customers.acme,
      projectId: t.ids.projects.acme,
    });
    const res = await call(t.app, 'POST', `${labels()}/${label.id}/items`, {
      cookie: user,
      body: { itemType: 'qr_code', itemIds: [foreign.id] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('qr_code_not_found');
  });
});

describe('tenancy', () => {
  it("another customer's labels answer 404", async () => {
    const mine = await createLabel('Private');
    const viaTheirProject = await call(
      t.app,
      'GET',
      `/api/projects/${t.ids.projects.acme}/labels/${mine.id}`,
      { cookie: other },
    );
    expect(viaTheirProject.statusCode).toBe(404);
    expect(viaTheirProject.json().errors[0].code).toBe('label_not_found');
    for (const [method, url] of [
      ['GET', `${labels()}/${mine.id}`],
      ['PUT', `${labels()}/${mine.id}`],
      ['DELETE', `${labels()}/${mine.id}`],
      ['GET', labels()],
    ] as const) {
      const res = await call(t.app, method, url, {
        cookie: other,
        body: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
