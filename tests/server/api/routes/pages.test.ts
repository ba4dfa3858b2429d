// The pages overview's calls: an Action's landing page rendered for the preview (never counted as
// a scan), and the tags of a page of list items in one request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
let user: string;
let other: string;
let pid: string;

async function createAction(objectType: string, data: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/projects/${pid}/actions`, {
    cookie: user,
    body: { name: `Page ${objectType}`, objectType, data },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function createQrCode(actionId: string | null, name = 'Page code') {
  const res = await call(t.app, 'POST', `/api/projects/${pid}/qr-codes`, {
    cookie: user,
    body: { name, actionId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; code: string };
}

async function scanRows(itemId: string) {
  await t.app.scanRecorder.flush();
  return t.db.selectFrom('scans').select('id').where('itemId', '=', itemId).execute();
}

const preview = (id: string, cookie = user, project = pid) =>
  call(t.app, 'GET', `/api/projects/${project}/pages/${id}/preview`, { cookie });

beforeAll(async () => {
  t = await buildTestApp();
  user = await login(t.app, DEMO.user);
  other = await login(t.app, DEMO.other);
  pid = t.ids.projects.demoLinked;
});

afterAll(async () => {
  await t.close();
});

describe('GET /projects/{pid}/pages/{id}/preview', () => {
  it('renders the landing page a scan shows, without counting a scan', async () => {
    const actionId = await createAction('textArea', { text: '<h3>Opening hours</h3><p>9–17</p>' });
    const qr = await createQrCode(actionId);

    const res = await preview(actionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Opening hours');
    expect(await scanRows(qr.id)).toHaveLength(0);

    // The real scan shows the same text and is counted.
    const scan = await t.app.inject({ method: 'GET', url: `/s/${qr.code}` });
    expect(scan.statusCode).toBe(200);
    expect(scan.body).toContain('Opening hours');
    expect(await scanRows(qr.id)).toHaveLength(1);
  });

  it('renders contact cards with their name', async () => {
    const actionId = await createAction('contact', {
      name: 'Sam Preview',
      emailAddresses: [{ type: 'work', email: 'sam@example.com' }],
    });
    const res = await preview(actionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Sam Preview');
  });

  it('answers 404 for kinds that redirect instead of showing a page', async () => {
    const actionId = await createAction('link', { link: 'https://example.com/' });
    const res = await preview(actionId);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('qrlink_not_found');
  });

  it("hides other customers' Actions and needs a login", async () => {
    const actionId = await createAction('textArea', { text: '<p>Private</p>' });
    expect((await preview(actionId, other)).statusCode).toBe(404);
    expect((await preview(actionId, '')).statusCode).toBe(401);
    expect((await preview('not-an-id')).statusCode).toBe(404);
  });
});

describe('GET /projects/{pid}/item-labels', () => {
  it('answers the tags of each item of the project, none for others', async () => {
    const a = await createQrCode(null, 'Tagged');
    const b = await createQrCode(null, 'Untagged');
    const label = await call(t.app, 'POST', `/api/projects/${pid}/labels`, {
      cookie: user,
      body: { name: 'Bulk' },
    });
    const labelId = label.json().data.id as string;
    const tag = await call(t.app, 'POST', `/api/projects/${pid}/labels/${labelId}/items`, {
      cookie: user,
      body: { itemType: 'qr_code', itemIds: [a.id] },
    });
    expect(tag.statusCode, tag.body).toBe(200);

    const foreign = '01HZY8Q4J8M7V0K2T3R5N6P7QZ';
    const res = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/item-labels?itemType=qr_code&ids=${a.id},${b.id},${foreign},junk`,
      { cookie: user },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Record<string, { id: string; name: string }[]>;
    expect(data[a.id].map((l) => l.name)).toEqual(['Bulk']);
    expect(data[b.id]).toEqual([]);
    expect(data[foreign]).toBeUndefined();
  });

  it('rejects an unknown item type and hides the project from other customers', async () => {
    const bad = await call(t.app, 'GET', `/api/projects/${pid}/item-labels?itemType=x&ids=`, {
      cookie: user,
    });
    expect(bad.statusCode).toBe(422);
    const hidden = await call(
      t.app,
      'GET',
      `/api/projects/${pid}/item-labels?itemType=qr_code&ids=`,
      { cookie: other },
    );
    expect(hidden.statusCode).toBe(404);
  });
});
