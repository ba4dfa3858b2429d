// Tags on QR codes and Actions over the real API: every answer (list, one item, create, update)
// carries `labels`, the Action list filters by labelId, at most 10 tags per item, and
// another customer's tags or items stay out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

interface LabelSummary {
  id: string;
  name: string;
  color: string | null;
}

let t: TestApp;
let user: string;
let other: string;
let pid: string;

const api = (path: string) => `/api/projects/${pid}/${path}`;

async function createLabel(name: string, color?: string): Promise<LabelSummary> {
  const res = await call(t.app, 'POST', api('labels'), { cookie: user, body: { name, color } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, color: saved } = res.json().data as LabelSummary;
  return { id, name, color: saved };
}

async function createAction(name: string): Promise<{ id: string; labels: LabelSummary[] }> {
  const res = await call(t.app, 'POST', api('actions'), {
    cookie: user,
    body: { name, objectType: 'link', data: { link: 'https://example.com/' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function createQrCode(name: string): Promise<{ id: string; labels: LabelSummary[] }> {
  const res = await call(t.app, 'POST', api('qr-codes'), { cookie: user, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const setLabels = (path: 'qr-codes' | 'actions', id: string, labelIds: string[], cookie = user) =>
  call(t.app, 'PUT', api(`${path}/${id}/labels`), { cookie, body: { labelIds } });

const ids = (items: { id: string }[]) => items.map((item) => item.id);

beforeAll(async () => {
  t = await buildTestApp();
  user = await login(t.app, DEMO.user);
  other = await login(t.app, DEMO.other);
  pid = t.ids.projects.demoLinked;
});

afterAll(async () => {
  await t.close();
});

describe('QR code answers carry their tags', () => {
  it('create, one item, list and update answer labels [{ id, name, color }]', async () => {
    const qr = await createQrCode('Tagged poster');
    expect(qr.labels).toEqual([]);
    const beta = await createLabel('QR beta', '#00aa00');
    const alpha = await createLabel('QR alpha');
    expect((await setLabels('qr-codes', qr.id, [beta.id, alpha.id])).statusCode).toBe(200);
    const expected = [alpha, beta];

    const one = await call(t.app, 'GET', api(`qr-codes/${qr.id}`), { cookie: user });
    expect(one.json().data.labels).toEqual(expected);

    const list = await call(t.app, 'GET', api('qr-codes?perPage=100'), { cookie: user });
    const rows = list.json().data as { id: string; labels: LabelSummary[] }[];
    expect(rows.find((row) => row.id === qr.id)?.labels).toEqual(expected);
    expect(rows.every((row) => Array.isArray(row.labels))).toBe(true);

    const updated = await call(t.app, 'PUT', api(`qr-codes/${qr.id}`), {
      cookie: user,
      body: { name: 'Renamed poster' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.labels).toEqual(expected);

    const filtered = await call(t.app, 'GET', api(`qr-codes?labelId=${alpha.id}`), {
      cookie: user,
    });
    expect(ids(filtered.json().data)).toEqual([qr.id]);
  });

  it('an 11th tag is 422 label_link_limit_reached at /labelIds; 10 are fine', async () => {
    const qr = await createQrCode('Too many tags');
    const labelIds: string[] = [];
    for (let i = 0; i < 11; i += 1) labelIds.push((await createLabel(`qr-many-${i}`)).id);
    expect((await setLabels('qr-codes', qr.id, labelIds.slice(0, 10))).statusCode).toBe(200);
    const res = await setLabels('qr-codes', qr.id, labelIds);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'label_link_limit_reached',
      source: { pointer: '/labelIds' },
      meta: { max: 10 },
    });
    const one = await call(t.app, 'GET', api(`qr-codes/${qr.id}`), { cookie: user });
    expect(one.json().data.labels).toHaveLength(10);
  });
});

describe('Action answers carry their tags; the list filters by labelId', () => {
  it('create, one item, list and update answer labels', async () => {
    const action = await createAction('Tagged action');
    expect(action.labels).toEqual([]);
    const label = await createLabel('Act red', '#ff0000');
    expect((await setLabels('actions', action.id, [label.id])).statusCode).toBe(200);

    const one = await call(t.app, 'GET', api(`actions/${action.id}`), { cookie: user });
    expect(one.json().data.labels).toEqual([label]);

    const list = await call(t.app, 'GET', api('actions?perPage=100'), { cookie: user });
    const rows = list.json().data as { id: string; labels: LabelSummary[] }[];
    expect(rows.find((row) => row.id === action.id)?.labels).toEqual([label]);
    expect(rows.every((row) => Array.isArray(row.labels))).toBe(true);

    const updated = await call(t.app, 'PUT', api(`actions/${action.id}`), {
      cookie: user,
      body: { name: 'Tagged action 2', objectType: 'link', data: { link: 'https://example.org/' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.labels).toEqual([label]);
  });

  it('labelId filters the list (with total), combines with q and objectType', async () => {
    const label = await createLabel('Act filter');
    const tagged = [await createAction('Filter one'), await createAction('Filter two')];
    const untagged = await createAction('Filter three');
    for (const action of tagged) {
      expect((await setLabels('actions', action.id, [label.id])).statusCode).toBe(200);
    }
    // A QR code with the same tag does not show up among Actions.
    const qr = await createQrCode('Same tag, other type');
    expect((await setLabels('qr-codes', qr.id, [label.id])).statusCode).toBe(200);

    const res = await call(t.app, 'GET', api(`actions?labelId=${label.id}&sort=name&order=ASC`), {
      cookie: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json().data)).toEqual(ids(tagged));
    expect(res.json().meta.total).toBe(2);
    expect(ids(res.json().data)).not.toContain(untagged.id);

    const withQ = await call(t.app, 'GET', api(`actions?labelId=${label.id}&q=two`), {
      cookie: user,
    });
    expect(ids(withQ.json().data)).toEqual([tagged[1].id]);
    const withType = await call(t.app, 'GET', api(`actions?labelId=${label.id}&objectType=file`), {
      cookie: user,
    });
    expect(withType.statusCode, withType.body).toBe(200);
    expect(withType.json().data).toEqual([]);
    const withLink = await call(
      t.app,
      'GET',
      api(`actions?labelId=${label.id}&objectType=link&sort=name`),
      { cookie: user },
    );
    expect(ids(withLink.json().data)).toEqual(ids(tagged));

    const unused = await createLabel('Act unused');
    const none = await call(t.app, 'GET', api(`actions?labelId=${unused.id}`), { cookie: user });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('a labelId that is no id is a 422', async () => {
    const res = await call(t.app, 'GET', api('actions?labelId=nope'), { cookie: user });
    expect(res.statusCode).toBe(422);
  });

  it('an 11th tag is 422 label_link_limit_reached at /labelIds', async () => {
    const action = await createAction('Action with many tags');
    const labelIds: string[] = [];
    for (let i = 0; i < 11; i += 1) labelIds.push((await createLabel(`act-many-${i}`)).id);
    const res = await setLabels('actions', action.id, labelIds);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: 'label_link_limit_reached',
      source: { pointer: '/labelIds' },
      meta: { max: 10 },
    });
    const one = await call(t.app, 'GET', api(`actions/${action.id}`), { cookie: user });
    expect(one.json().data.labels).toEqual([]);
  });
});

describe("another customer's tags and items", () => {
  let theirLabel: string;

  beforeAll(async () => {
    const res = await call(t.app, 'POST', `/api/projects/${t.ids.projects.acme}/labels`, {
      cookie: other,
      body: { name: 'Acme tag' },
    });
    expect(res.statusCode, res.body).toBe(201);
    theirLabel = res.json().data.id;
  });

  it.each(['qr-codes', 'actions'] as const)(
    'a label of another customer cannot be attached to %s (404 label_not_found)',
    async (path) => {
      const item = path === 'qr-codes' ? await createQrCode('Mine') : await createAction('Mine');
      const res = await setLabels(path, item.id, [theirLabel]);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('label_not_found');
      const one = await call(t.app, 'GET', api(`${path}/${item.id}`), { cookie: user });
      expect(one.json().data.labels).toEqual([]);
    },
  );

  it("their label as a list filter finds nothing in this project; their items can't be tagged", async () => {
    const action = await createAction('Visible to us');
    const list = await call(t.app, 'GET', api(`actions?labelId=${theirLabel}`), { cookie: user });
    expect(list.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const mine = await createLabel('Ours only');
    const foreign = await setLabels('actions', action.id, [mine.id], other);
    expect(foreign.statusCode).toBe(404);
    const foreignList = await call(t.app, 'GET', api('actions'), { cookie: other });
    expect(foreignList.statusCode).toBe(404);
  });
});
