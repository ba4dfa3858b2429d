// One request to make a QR code or short link with its Action (issue 8, part 6): the item and a
// new Action are made in one change, with linked audit rows; a refused request leaves neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
const pid = () => t.ids.projects.demoLinked;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'actions' | 'qrCodes' | 'shortLinks') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const linkAction = (link: string) => ({
  name: 'Menu',
  objectType: 'link',
  data: { link },
});

describe('a QR code with its new Action in one request', () => {
  it('makes both, links the audit rows, and the code redirects at once', async () => {
    const created = await call(t.app, 'POST', `/api/projects/${pid()}/qr-codes`, {
      cookie,
      body: { name: 'Table card', action: linkAction('https://menu.example/today') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const qr = created.json().data as { id: string; code: string; actionId: string };
    expect(qr.actionId).toMatch(/^[0-9A-Z]{26}$/);
    const action = await call(t.app, 'GET', `/api/projects/${pid()}/actions/${qr.actionId}`, {
      cookie,
    });
    expect(action.json().data).toMatchObject({ name: 'Menu', objectType: 'link' });
    const scan = await t.app.inject({ url: `/s/${qr.code}` });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://menu.example/today');

    const rows = await t.db
      .selectFrom('auditLogs')
      .select(['id', 'type', 'action', 'parentId', 'itemId'])
      .where('itemId', 'in', [qr.id, qr.actionId])
      .execute();
    const parent = rows.find((row) => row.type === 'qr_code');
    const child = rows.find((row) => row.type === 'action');
    expect(parent).toMatchObject({ action: 'created', parentId: null });
    expect(child).toMatchObject({ action: 'created', parentId: parent?.id });
  });

  it('refuses actionId and action together, at /action', async () => {
    const existing = await call(t.app, 'POST', `/api/projects/${pid()}/actions`, {
      cookie,
      body: linkAction('https://a.example/'),
    });
    const response = await call(t.app, 'POST', `/api/projects/${pid()}/qr-codes`, {
      cookie,
      body: {
        name: 'Both',
        actionId: existing.json().data.id,
        action: linkAction('https://b.example/'),
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'invalid',
      source: { pointer: '/action' },
    });
  });

  it('refuses a bad Action at its own field and leaves no QR code and no Action', async () => {
    const [actions, codes] = [await count('actions'), await count('qrCodes')];
    const response = await call(t.app, 'POST', `/api/projects/${pid()}/qr-codes`, {
      cookie,
      body: { name: 'Broken', action: linkAction('javascript:alert(1)') },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe('/action/data/link');
    expect([await count('actions'), await count('qrCodes')]).toEqual([actions, codes]);
  });

  it('leaves no Action behind when the QR code limit refuses the code', async () => {
    await t.db.updateTable('projects').set({ maxQrCodes: 0 }).where('id', '=', pid()).execute();
    const actions = await count('actions');
    const response = await call(t.app, 'POST', `/api/projects/${pid()}/qr-codes`, {
      cookie,
      body: { name: 'Over the limit', action: linkAction('https://c.example/') },
    });
    expect(response.statusCode).toBe(422);
    expect(await count('actions')).toBe(actions);
    await t.db.updateTable('projects').set({ maxQrCodes: -1 }).where('id', '=', pid()).execute();
  });
});

describe('a short link from a pasted destination', () => {
  it('makes the link and its Action in one request', async () => {
    const created = await call(t.app, 'POST', `/api/projects/${pid()}/short-links`, {
      cookie,
      body: {
        name: 'Spring sale',
        uri: 'spring-sale',
        action: linkAction('https://shop.example/spring'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scan = await t.app.inject({ url: '/s/spring-sale' });
    expect(scan.headers.location).toBe('https://shop.example/spring');
  });
});
