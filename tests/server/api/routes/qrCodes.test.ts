import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QR_DESIGN } from '../../../../src/shared/schemas/qrCode.js';
import {
  buildProject,
  recordScans,
  buildShortLink,
  buildLabel,
} from '../../../helpers/factories.js';
import { call } from '../../../helpers/testApp.js';
import {
  buildContentApp,
  firstError,
  PNG_1PX,
  uploadOk,
  type ContentTestApp,
} from './contentHelpers.js';

let t: ContentTestApp;
beforeAll(async () => {
  t = await buildContentApp();
});
afterAll(async () => {
  await t.close();
});

const codesUrl = (pid: string) => `/api/projects/${pid}/qr-codes`;

async function newProject(maxQrCodes = -1): Promise<string> {
  const id = await buildProject(t.db, { customerId: t.ids.customers.demo });
  await t.db.updateTable('projects').set({ maxQrCodes }).where('id', '=', id).execute();
  return id;
}

async function linkAction(pid: string, link: string): Promise<string> {
  const response = await call(t.app, 'POST', `/api/projects/${pid}/actions`, {
    cookie: t.cookies.customeradmin,
    body: { name: `Go to ${link}`, objectType: 'link', data: { link } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function createCode(pid: string, body: Record<string, unknown> = {}) {
  return call(t.app, 'POST', codesUrl(pid), {
    cookie: t.cookies.customeradmin,
    body: { name: 'Poster', ...body },
  });
}

const scan = (code: string) => t.app.inject({ method: 'GET', url: `/s/${code}` });

describe('QR codes: create, read, update', () => {
  it('creates a code with an unguessable short code, scanUrl, Action summary and scans', async () => {
    const pid = await newProject();
    const actionId = await linkAction(pid, 'https://a.example/');
    const created = await createCode(pid, { actionId, description: 'On the door' });
    expect(created.statusCode, created.body).toBe(201);
    const qr = created.json().data;
    expect(qr.code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(qr).toMatchObject({
      projectId: pid,
      name: 'Poster',
      description: 'On the door',
      scanUrl: `${t.config.scanBaseUrl}/${qr.code}`,
      actionId,
      action: { id: actionId, name: 'Go to https://a.example/', objectType: 'link' },
      templateId: null,
      design: DEFAULT_QR_DESIGN,
      scans: 0,
      trashedAt: null,
    });

    // Human scans count, bots do not.
    const scanRow = (isBot: 0 | 1) => ({
      customerId: t.ids.customers.demo,
      projectId: pid,
      itemType: 'qr_code',
      itemId: qr.id,
      kind: 'scan',
      scannedAt: new Date().toISOString(),
      device: null,
      os: null,
      browser: null,
      country: null,
      referrer: null,
      isUnique: 1 as const,
      isBot,
    });
    // Written as the recorder writes them: raw rows with their rollups and totals.
    await recordScans(t.db, { customerId: t.ids.customers.demo, projectId: pid }, [
      scanRow(0),
      scanRow(0),
      scanRow(1),
    ]);
    const read = await call(t.app, 'GET', `${codesUrl(pid)}/${qr.id}`, {
      cookie: t.cookies.customeradmin,
    });
    expect(read.json().data.scans).toBe(2);

    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await createCode(pid)).json().data.code);
    expect(codes.size).toBe(20);
  });

  it('changing the Action changes where the printed code goes (cache invalidated)', async () => {
    const pid = await newProject();
    const first = await linkAction(pid, 'https://first.example/');
    const second = await linkAction(pid, 'https://second.example/');
    const qr = (await createCode(pid, { actionId: first })).json().data;

    expect((await scan(qr.code)).headers.location).toBe('https://first.example/');
    // Cached now; a second scan answers from the cache.
    expect((await scan(qr.code)).headers.location).toBe('https://first.example/');

    const updated = await call(t.app, 'PUT', `${codesUrl(pid)}/${qr.id}`, {
      cookie: t.cookies.customeradmin,
      body: { actionId: second },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // Only the sent field changed.
    expect(updated.json().data).toMatchObject({ name: 'Poster', actionId: second });
    expect((await scan(qr.code)).headers.location).toBe('https://second.example/');

    // Editing the Action itself reaches the code too.
    await call(t.app, 'PUT', `/api/projects/${pid}/actions/${second}`, {
      cookie: t.cookies.customeradmin,
      body: { name: 'Moved', objectType: 'link', data: { link: 'https://third.example/' } },
    });
    expect((await scan(qr.code)).headers.location).toBe('https://third.example/');

    // Without an Action the code is inactive but still exists.
    await call(t.app, 'PUT', `${codesUrl(pid)}/${qr.id}`, {
      cookie: t.cookies.customeradmin,
      body: { actionId: null },
    });
    const inactive = await scan(qr.code);
    expect(inactive.statusCode).toBe(200);
    expect(inactive.headers.location).toBeUndefined();

    // A trashed code stops redirecting (the scan service shows its "not active" page).
    await call(t.app, 'PUT', `${codesUrl(pid)}/${qr.id}`, {
      cookie: t.cookies.customeradmin,
      body: { actionId: first },
    });
    expect((await scan(qr.code)).headers.location).toBe('https://first.example/');
    await call(t.app, 'DELETE', `${codesUrl(pid)}/${qr.id}/trash`, {
      cookie: t.cookies.customeradmin,
    });
    expect((await scan(qr.code)).headers.location).toBeUndefined();
    await call(t.app, 'POST', `${codesUrl(pid)}/${qr.id}/restore`, {
      cookie: t.cookies.customeradmin,
    });
    expect((await scan(qr.code)).headers.location).toBe('https://first.example/');
  });

  it('refuses Actions, templates and logos of other projects', async () => {
    const pid = await newProject();
    const otherPid = await newProject();
    const foreignAction = await linkAction(otherPid, 'https://other.example/');
    const template = await call(t.app, 'POST', `/api/projects/${otherPid}/qr-code-templates`, {
      cookie: t.cookies.customeradmin,
      body: { name: 'Other design', design: DEFAULT_QR_DESIGN },
    });
    const logo = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId: otherPid,
      kind: 'logo',
      filename: 'logo.png',
      content: PNG_1PX,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ actionId: foreignAction }, '/actionId'],
      [{ actionId: ulid() }, '/actionId'],
      [{ templateId: template.json().data.id }, '/templateId'],
      [
        { design: { ...DEFAULT_QR_DESIGN, logo: { ...DEFAULT_QR_DESIGN.logo, mediaId: logo } } },
        '/design/logo/mediaId',
      ],
    ];
    for (const [body, pointer] of cases) {
      const response = await createCode(pid, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(firstError(response)).toMatchObject({ code: 'invalid', source: { pointer } });
    }
    const badName = await createCode(pid, { name: '' });
    expect(firstError(badName)).toMatchObject({ code: 'required', source: { pointer: '/name' } });
    const badColor = await createCode(pid, {
      design: { ...DEFAULT_QR_DESIGN, dots: { type: 'square', color: 'red' } },
    });
    expect(firstError(badColor)).toMatchObject({ source: { pointer: '/design/dots/color' } });
  });

  it('lists on the server: paging, q on name and code, filters actionId and labelId', async () => {
    const pid = await newProject();
    const actionId = await linkAction(pid, 'https://list.example/');
    const ids: string[] = [];
    // 'Delta ray' has a space, which no scan code holds: its q below cannot also hit a random code.
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta ray']) {
      ids.push(
        (await createCode(pid, { name, actionId: name === 'Beta' ? actionId : null })).json().data
          .id,
      );
    }
    const cookie = t.cookies.customeradmin;
    const page = await call(t.app, 'GET', `${codesUrl(pid)}?perPage=3&page=2&sort=name&order=ASC`, {
      cookie,
    });
    expect(page.json().meta).toEqual({ total: 4, page: 2, perPage: 3 });
    expect(page.json().data.map((q: { name: string }) => q.name)).toEqual(['Gamma']);

    const gamma = page.json().data[0];
    const byCode = await call(t.app, 'GET', `${codesUrl(pid)}?q=${gamma.code.toLowerCase()}`, {
      cookie,
    });
    expect(byCode.json().data.map((q: { id: string }) => q.id)).toContain(gamma.id);
    const byName = await call(t.app, 'GET', `${codesUrl(pid)}?q=A%20R`, { cookie });
    expect(byName.json().data.map((q: { name: string }) => q.name)).toEqual(['Delta ray']);

    const byAction = await call(t.app, 'GET', `${codesUrl(pid)}?actionId=${actionId}`, { cookie });
    expect(byAction.json().data.map((q: { name: string }) => q.name)).toEqual(['Beta']);

    const labelId = await buildLabel(
      t.db,
      { customerId: t.ids.customers.demo, projectId: pid },
      { name: 'flyers', on: [{ itemType: 'qr_code', itemId: ids[3] }] },
    );
    const byLabel = await call(t.app, 'GET', `${codesUrl(pid)}?labelId=${labelId}`, { cookie });
    expect(byLabel.json().data.map((q: { name: string }) => q.name)).toEqual(['Delta ray']);

    // Trashed codes leave the list.
    await call(t.app, 'DELETE', `${codesUrl(pid)}/${ids[0]}/trash`, { cookie });
    const all = await call(t.app, 'GET', codesUrl(pid), { cookie });
    expect(all.json().meta.total).toBe(3);
    const badFilter = await call(t.app, 'GET', `${codesUrl(pid)}?labelId=x`, { cookie });
    expect(badFilter.statusCode).toBe(422);
  });
});

describe('QR codes: list order', () => {
  it('pages through every sortable column both ways, ties broken by id in the same direction', async () => {
    const pid = await newProject();
    const cookie = t.cookies.customeradmin;
    const made: { id: string; name: string; code: string }[] = [];
    for (const name of ['Poster', 'Flyer', 'Poster', 'Banner', 'Poster']) {
      made.push((await createCode(pid, { name })).json().data);
    }
    for (const sort of ['name', 'code'] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const sign = order === 'ASC' ? 1 : -1;
        // Byte order, as the database compares (codes mix upper and lower case).
        const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
        const expected = [...made]
          .sort((a, b) => sign * (compare(a[sort], b[sort]) || compare(a.id, b.id)))
          .map((code) => code.id);
        const seen: string[] = [];
        for (const page of [1, 2, 3]) {
          const url = `${codesUrl(pid)}?perPage=2&page=${page}&sort=${sort}&order=${order}`;
          const response = await call(t.app, 'GET', url, { cookie });
          expect(response.json().meta.total).toBe(5);
          seen.push(...response.json().data.map((code: { id: string }) => code.id));
        }
        expect(seen, `${sort} ${order}`).toEqual(expected);
      }
    }
  });
});

describe('QR codes: limits', () => {
  it('enforces the project limit on create, duplicate and restore', async () => {
    const pid = await newProject(2);
    const cookie = t.cookies.customeradmin;
    const a = (await createCode(pid, { name: 'A' })).json().data;
    const copy = await call(t.app, 'POST', `${codesUrl(pid)}/${a.id}/duplicate`, { cookie });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ name: 'A (copy)', design: a.design });
    expect(copy.json().data.code).not.toBe(a.code);

    const third = await createCode(pid, { name: 'C' });
    expect(third.statusCode).toBe(422);
    expect(firstError(third)).toMatchObject({
      code: 'max_qr_codes_project',
      source: { pointer: '/name' },
      meta: { max: 2 },
    });
    const duplicate = await call(t.app, 'POST', `${codesUrl(pid)}/${a.id}/duplicate`, { cookie });
    expect(duplicate.statusCode).toBe(422);
    expect(firstError(duplicate).code).toBe('max_qr_codes_project');

    // Trash one: room again; fill it; then restoring the trashed one is refused.
    await call(t.app, 'DELETE', `${codesUrl(pid)}/${a.id}/trash`, { cookie });
    expect((await createCode(pid, { name: 'D' })).statusCode).toBe(201);
    const restore = await call(t.app, 'POST', `${codesUrl(pid)}/${a.id}/restore`, { cookie });
    expect(restore.statusCode).toBe(422);
    // The same code as a short link's restore past its limit, and no field to blame.
    expect(firstError(restore)).toMatchObject({ code: 'max_qr_codes_project', meta: { max: 2 } });
    expect(firstError(restore).source).toBeUndefined();
  });

  it('enforces the customer limit across projects', async () => {
    const pid = await newProject();
    const count = await t.db
      .selectFrom('qrCodes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customerId', '=', t.ids.customers.demo)
      .where('trashedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('customers')
      .select('maxQrCodes')
      .where('id', '=', t.ids.customers.demo)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('customers')
      .set({ maxQrCodes: Number(count.count) })
      .where('id', '=', t.ids.customers.demo)
      .execute();
    try {
      const response = await createCode(pid);
      expect(response.statusCode).toBe(422);
      expect(firstError(response)).toMatchObject({
        code: 'max_qr_codes_customer',
        source: { pointer: '/name' },
        meta: { max: Number(count.count) },
      });
    } finally {
      await t.db
        .updateTable('customers')
        .set({ maxQrCodes: Number(before.maxQrCodes) })
        .where('id', '=', t.ids.customers.demo)
        .execute();
    }
  });

  it('concurrent creates cannot overshoot the limit', async () => {
    const pid = await newProject(3);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createCode(pid, { name: `Race ${i}` })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
  });
});

describe('QR codes: trash, restore, delete, empty', () => {
  it('trash → list → restore → trash → delete, and emptying the trash', async () => {
    const pid = await newProject();
    const cookie = t.cookies.customeradmin;
    const a = (await createCode(pid, { name: 'A' })).json().data;
    const b = (await createCode(pid, { name: 'B' })).json().data;

    // Only trashed codes can be deleted.
    const early = await call(t.app, 'DELETE', `${codesUrl(pid)}/${a.id}`, { cookie });
    expect(early.statusCode).toBe(422);
    expect(firstError(early).code).toBe('invalid');

    expect(
      (await call(t.app, 'DELETE', `${codesUrl(pid)}/${a.id}/trash`, { cookie })).statusCode,
    ).toBe(204);
    const { id: linkId } = await buildShortLink(
      t.db,
      { customerId: t.ids.customers.demo, projectId: pid },
      { name: 'Old link', trashedAt: new Date().toISOString() },
    );

    const trash = await call(t.app, 'GET', `/api/projects/${pid}/trash`, { cookie });
    expect(trash.statusCode).toBe(200);
    expect(trash.json().meta.total).toBe(2);
    expect(trash.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a.id, type: 'qr_code', name: 'A', scanUrl: a.scanUrl }),
        expect.objectContaining({ id: linkId, type: 'short_link', name: 'Old link' }),
      ]),
    );
    const onlyCodes = await call(t.app, 'GET', `/api/projects/${pid}/trash?type=qr_code`, {
      cookie,
    });
    expect(onlyCodes.json().data.map((i: { id: string }) => i.id)).toEqual([a.id]);
    // Out of the list, still readable by id (with trashedAt).
    const list = await call(t.app, 'GET', codesUrl(pid), { cookie });
    expect(list.json().data.map((q: { id: string }) => q.id)).toEqual([b.id]);
    const trashed = await call(t.app, 'GET', `${codesUrl(pid)}/${a.id}`, { cookie });
    expect(trashed.json().data.trashedAt).not.toBeNull();

    const restored = await call(t.app, 'POST', `${codesUrl(pid)}/${a.id}/restore`, { cookie });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: a.id, trashedAt: null });

    await call(t.app, 'DELETE', `${codesUrl(pid)}/${a.id}/trash`, { cookie });
    expect((await call(t.app, 'DELETE', `${codesUrl(pid)}/${a.id}`, { cookie })).statusCode).toBe(
      204,
    );
    expect((await call(t.app, 'GET', `${codesUrl(pid)}/${a.id}`, { cookie })).statusCode).toBe(404);

    await call(t.app, 'DELETE', `${codesUrl(pid)}/${b.id}/trash`, { cookie });
    const emptied = await call(t.app, 'DELETE', `/api/projects/${pid}/trash/items`, { cookie });
    expect(emptied.statusCode).toBe(204);
    expect(
      (await call(t.app, 'GET', `/api/projects/${pid}/trash`, { cookie })).json().meta.total,
    ).toBe(0);
    const left = await t.db
      .selectFrom('shortLinks')
      .select('id')
      .where('projectId', '=', pid)
      .execute();
    expect(left).toEqual([]);

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action'])
      .where('itemId', '=', a.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'created',
      'trashed',
      'restored',
      'trashed',
      'deleted',
    ]);
    const linkAudit = await t.db
      .selectFrom('auditLogs')
      .select(['type', 'action'])
      .where('itemId', '=', linkId)
      .execute();
    expect(linkAudit).toEqual([{ type: 'short_link', action: 'deleted' }]);
  });

  it('the trash of another customer is out of reach', async () => {
    const acmeTrash = await call(t.app, 'GET', `/api/projects/${t.ids.projects.acme}/trash`, {
      cookie: t.cookies.customeradmin,
    });
    expect(acmeTrash.statusCode).toBe(404);
    const empty = await call(t.app, 'DELETE', `/api/projects/${t.ids.projects.acme}/trash/items`, {
      cookie: t.cookies.customeradmin,
    });
    expect(empty.statusCode).toBe(404);
  });
});

describe('QR codes: tenants', () => {
  it("another customer's QR code is 404 on every route", async () => {
    const acme = await call(t.app, 'POST', codesUrl(t.ids.projects.acme), {
      cookie: t.cookies.other,
      body: { name: 'Acme code' },
    });
    expect(acme.statusCode).toBe(201);
    const id = acme.json().data.id;
    const cookie = t.cookies.customeradmin;
    const own = t.ids.projects.demoLinked;
    const routes: [string, string][] = [
      ['GET', `${codesUrl(own)}/${id}`],
      ['PUT', `${codesUrl(own)}/${id}`],
      ['POST', `${codesUrl(own)}/${id}/duplicate`],
      ['DELETE', `${codesUrl(own)}/${id}/trash`],
      ['POST', `${codesUrl(own)}/${id}/restore`],
      ['DELETE', `${codesUrl(own)}/${id}`],
      ['GET', `${codesUrl(t.ids.projects.acme)}/${id}`],
      ['GET', codesUrl(t.ids.projects.acme)],
    ];
    for (const [method, url] of routes) {
      const response = await call(t.app, method as 'GET', url, {
        cookie,
        body: method === 'PUT' ? { name: 'Mine' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const row = await t.db
      .selectFrom('qrCodes')
      .select(['name', 'trashedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Acme code', trashedAt: null });
  });
});

describe('QR code templates', () => {
  it('create → list → read → update → delete, name at least 3 characters, tenants apart', async () => {
    const pid = t.ids.projects.demoLinked;
    const url = `/api/projects/${pid}/qr-code-templates`;
    const cookie = t.cookies.user;
    const short = await call(t.app, 'POST', url, {
      cookie,
      body: { name: 'ab', design: DEFAULT_QR_DESIGN },
    });
    expect(short.statusCode).toBe(422);
    expect(firstError(short)).toMatchObject({
      code: 'min',
      source: { pointer: '/name' },
      meta: { min: 3 },
    });

    const created = await call(t.app, 'POST', url, {
      cookie,
      body: { name: 'Red dots', design: { ...DEFAULT_QR_DESIGN, quietZone: 2 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template).toMatchObject({ projectId: pid, name: 'Red dots', design: { quietZone: 2 } });
    const list = await call(t.app, 'GET', `${url}?q=red`, { cookie });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([template.id]);

    const qr = await createCode(pid, { templateId: template.id });
    expect(qr.json().data.templateId).toBe(template.id);

    const updated = await call(t.app, 'PUT', `${url}/${template.id}`, {
      cookie,
      body: { name: 'Blue dots', design: DEFAULT_QR_DESIGN },
    });
    expect(updated.json().data).toMatchObject({ name: 'Blue dots', design: DEFAULT_QR_DESIGN });

    const acmeUrl = `/api/projects/${t.ids.projects.acme}/qr-code-templates`;
    expect((await call(t.app, 'GET', acmeUrl, { cookie })).statusCode).toBe(404);
    const viaOther = await call(t.app, 'GET', `${url}/${template.id}`, {
      cookie: t.cookies.other,
    });
    expect(viaOther.statusCode).toBe(404);

    expect((await call(t.app, 'DELETE', `${url}/${template.id}`, { cookie })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `${url}/${template.id}`, { cookie })).statusCode).toBe(404);
    const after = await call(t.app, 'GET', `${codesUrl(pid)}/${qr.json().data.id}`, {
      cookie,
    });
    expect(after.json().data).toMatchObject({ templateId: null, design: DEFAULT_QR_DESIGN });

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['type', 'action'])
      .where('itemId', '=', template.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => `${row.type}:${row.action}`)).toEqual([
      'qr_design:created',
      'qr_design:updated',
      'qr_design:deleted',
    ]);
  });
});
