// QR codes and short links are one slice (issue 8, part 5): the same steps answer the same way for
// both kinds. Each case runs for both through the API.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
const items = () => `/api/projects/${t.ids.projects.demoLinked}`;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

const KINDS = [
  { path: 'qr-codes', body: () => ({ name: 'Poster' }) },
  { path: 'short-links', body: () => ({ name: 'Flyer', uri: `p${ulid().toLowerCase()}` }) },
] as const;

async function made(url: string, body: unknown): Promise<string> {
  const response = await call(t.app, 'POST', url, { cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

describe.each(KINDS)('$path as a project item', ({ path, body }) => {
  it('a duplicate keeps the tags of the original', async () => {
    const id = await made(`${items()}/${path}`, body());
    const label = await made(`${items()}/labels`, { name: `t${ulid().slice(-10)}` });
    const tagged = await call(t.app, 'PUT', `${items()}/${path}/${id}/labels`, {
      cookie,
      body: { labelIds: [label] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);

    const copy = await call(t.app, 'POST', `${items()}/${path}/${id}/duplicate`, { cookie });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.labels.map((tag: { id: string }) => tag.id)).toEqual([label]);
    const read = await call(t.app, 'GET', `${items()}/${path}/${copy.json().data.id}`, { cookie });
    expect(read.json().data.labels.map((tag: { id: string }) => tag.id)).toEqual([label]);
  });

  it('a list, a read and a change answer the item with its tags', async () => {
    const id = await made(`${items()}/${path}`, body());
    const list = await call(t.app, 'GET', `${items()}/${path}?perPage=100`, { cookie });
    const listed = list.json().data.find((row: { id: string }) => row.id === id);
    expect(listed.labels).toEqual([]);
    const edited = await call(t.app, 'PUT', `${items()}/${path}/${id}`, {
      cookie,
      body: { name: 'Renamed' },
    });
    expect(edited.json().data).toMatchObject({ id, name: 'Renamed', labels: [] });
  });

  it('an unknown id is the kind’s own 404 on every step', async () => {
    const code = path === 'qr-codes' ? 'qr_code_not_found' : 'short_link_not_found';
    const unknown = ulid();
    for (const [method, suffix] of [
      ['GET', ''],
      ['PUT', ''],
      ['POST', '/duplicate'],
      ['DELETE', '/trash'],
      ['POST', '/restore'],
      ['DELETE', ''],
    ] as const) {
      const response = await call(t.app, method, `${items()}/${path}/${unknown}${suffix}`, {
        cookie,
        body: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(response.json().errors[0].code).toBe(code);
    }
  });
});

describe.each(KINDS)('$path: the shared steps', ({ path, body }) => {
  const type = path === 'qr-codes' ? 'qr_code' : 'short_link';
  const auditRows = (itemId: string) =>
    t.db
      .selectFrom('auditLogs')
      .select(['action', 'changes'])
      .where('itemId', '=', itemId)
      .where('type', '=', type)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  it('restoring past the project limit is the kind’s limit 422, blaming no field', async () => {
    const project = await made('/api/projects', { name: `Full ${ulid()}`, tracking: true });
    const column = path === 'qr-codes' ? 'maxQrCodes' : 'maxShortLinks';
    await t.db
      .updateTable('projects')
      .set({ [column]: 1 })
      .where('id', '=', project)
      .execute();
    const url = `/api/projects/${project}/${path}`;
    const first = await made(url, body());
    const trashed = await call(t.app, 'DELETE', `${url}/${first}/trash`, { cookie });
    expect(trashed.statusCode, trashed.body).toBe(204);
    await made(url, body());

    const restore = await call(t.app, 'POST', `${url}/${first}/restore`, { cookie });
    expect(restore.statusCode, restore.body).toBe(422);
    const error = restore.json().errors[0];
    expect(error).toMatchObject({ code: `max_${type}s_project`, meta: { max: 1 } });
    expect(error.source).toBeUndefined();
  });

  it('create and edit write the same audit rows for both kinds', async () => {
    const id = await made(`${items()}/${path}`, body());
    const edited = await call(t.app, 'PUT', `${items()}/${path}/${id}`, {
      cookie,
      body: { name: 'Edited', description: 'Now described' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await auditRows(id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    const key = path === 'qr-codes' ? 'code' : 'uri';
    expect(Object.keys(JSON.parse(rows[0].changes ?? '{}'))).toEqual([key, 'actionId']);
    expect(JSON.parse(rows[1].changes ?? '{}')).toMatchObject({
      fields: ['name', 'description'],
      before: { description: null },
      after: { name: 'Edited', description: 'Now described' },
    });
  });
});
