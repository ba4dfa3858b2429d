import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../../../helpers/factories.js';
import { call } from '../../../helpers/testApp.js';
import {
  buildContentApp,
  firstError,
  multipart,
  PNG_1PX,
  upload,
  uploadOk,
  WAV,
  type ContentTestApp,
} from './contentHelpers.js';

let t: ContentTestApp;
beforeAll(async () => {
  t = await buildContentApp();
});
afterAll(async () => {
  await t.close();
});

async function freshProject(limits: { project?: number; customer?: number } = {}) {
  const projectId = await buildProject(t.db, { customerId: t.ids.customers.demo });
  if (limits.project !== undefined) {
    await t.db
      .updateTable('projects')
      .set({ maxStorage: limits.project })
      .where('id', '=', projectId)
      .execute();
  }
  return projectId;
}

describe('POST /file/{mediaId}', () => {
  it('stores an upload, writes an audit row and serves it back publicly', async () => {
    const mediaId = ulid();
    const response = await upload(t, {
      cookie: t.cookies.user,
      projectId: t.ids.projects.demoLinked,
      kind: 'image',
      filename: 'photo.png',
      content: PNG_1PX,
      mediaId,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toEqual({
      id: mediaId,
      name: 'photo.png',
      kind: 'image',
      mimeType: 'image/png',
      size: PNG_1PX.length,
      versions: { original: `/api/file/${mediaId}` },
    });

    // Public: no session needed.
    const file = await call(t.app, 'GET', `/api/file/${mediaId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['type', 'action', 'projectId', 'userId'])
      .where('itemId', '=', mediaId)
      .execute();
    expect(audit).toEqual([
      {
        type: 'file',
        action: 'uploaded',
        projectId: t.ids.projects.demoLinked,
        userId: t.ids.users.user,
      },
    ]);
  });

  it('serves sounds inline and anything else as a download', async () => {
    const projectId = await freshProject();
    const sound = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId,
      kind: 'sound',
      filename: 'tune.wav',
      content: WAV,
    });
    const page = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId,
      kind: 'file',
      filename: 'menü kaart.html',
      content: '<script>alert(1)</script>',
    });
    const soundFile = await call(t.app, 'GET', `/api/file/${sound}`);
    expect(soundFile.headers['content-type']).toBe('audio/wav');
    expect(soundFile.headers['content-disposition']).toMatch(/^inline;/);
    const html = await call(t.app, 'GET', `/api/file/${page}`);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toBe(
      `attachment; filename="men_ kaart.html"; filename*=UTF-8''men%C3%BC%20kaart.html`,
    );
    expect((await call(t.app, 'GET', `/api/file/${ulid()}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/file/nope')).statusCode).toBe(404);
  });

  it.each([
    ['image', 'photo.gif', PNG_1PX, 'mimes', { values: ['png', 'jpg', 'jpeg'] }],
    ['sound', 'tune.txt', WAV, 'mimes', undefined],
    // Magic bytes: the name says PNG, the bytes do not (and the other way round).
    [
      'image',
      'photo.png',
      Buffer.from('GIF89a not a png at all'),
      'file_type_not_supported',
      undefined,
    ],
    ['avatar', 'me.jpg', PNG_1PX, 'file_type_not_supported', undefined],
    ['sound', 'tune.mp3', WAV, 'file_type_not_supported', undefined],
    ['avatar', 'me.svg', PNG_1PX, 'file_type_not_supported', undefined],
  ] as const)('%s %s → 422 %s at /file', async (kind, filename, content, code, meta) => {
    const projectId = await freshProject();
    const response = await upload(t, {
      cookie: t.cookies.customeradmin,
      projectId,
      kind,
      filename,
      content,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(firstError(response)).toMatchObject({
      code,
      source: { pointer: '/file' },
      ...(meta ? { meta } : {}),
    });
    const stored = await t.db
      .selectFrom('media')
      .select('id')
      .where('projectId', '=', projectId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a file over its kind limit (avatar 5000 KB) with meta.max in KB', async () => {
    const projectId = await freshProject();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5_000_001)]);
    const response = await upload(t, {
      cookie: t.cookies.customeradmin,
      projectId,
      kind: 'avatar',
      filename: 'big.png',
      content: big,
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toMatchObject({
      code: 'size',
      source: { pointer: '/file' },
      meta: { max: 5000 },
    });
  });

  it('refuses a file over the remaining project storage, then the customer storage', async () => {
    const tiny = await freshProject({ project: 100 });
    await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId: tiny,
      kind: 'file',
      filename: 'a.txt',
      content: 'x'.repeat(60),
    });
    const tooMuch = await upload(t, {
      cookie: t.cookies.customeradmin,
      projectId: tiny,
      kind: 'file',
      filename: 'b.txt',
      content: 'x'.repeat(60),
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(firstError(tooMuch)).toMatchObject({
      code: 'size_project',
      source: { pointer: '/file' },
      meta: { max: 0 },
    });
    const status = await call(t.app, 'GET', `/api/projects/${tiny}/status`, {
      cookie: t.cookies.customeradmin,
    });
    expect(status.json().data.used.storage).toBe(60);

    // The customer's total is shared by all its projects.
    const customer = await t.db
      .selectFrom('customers')
      .select('maxStorage')
      .where('id', '=', t.ids.customers.demo)
      .executeTakeFirstOrThrow();
    const other = await freshProject();
    try {
      const used = await t.db
        .selectFrom('projects')
        .select((eb) => eb.fn.sum<number>('usedStorage').as('used'))
        .where('customerId', '=', t.ids.customers.demo)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('customers')
        .set({ maxStorage: Number(used.used) + 10 })
        .where('id', '=', t.ids.customers.demo)
        .execute();
      const response = await upload(t, {
        cookie: t.cookies.customeradmin,
        projectId: other,
        kind: 'file',
        filename: 'c.txt',
        content: 'x'.repeat(11),
      });
      expect(response.statusCode).toBe(422);
      expect(firstError(response)).toMatchObject({ code: 'size_customer', meta: { max: 0 } });
    } finally {
      await t.db
        .updateTable('customers')
        .set({ maxStorage: Number(customer.maxStorage) })
        .where('id', '=', t.ids.customers.demo)
        .execute();
    }
  });

  it('keeps tenants apart: foreign projects and media ids are 404, reuse of an id is 422', async () => {
    const acmeMedia = await uploadOk(t, {
      cookie: t.cookies.other,
      projectId: t.ids.projects.acme,
      kind: 'image',
      filename: 'acme.png',
      content: PNG_1PX,
    });
    const intoAcme = await upload(t, {
      cookie: t.cookies.customeradmin,
      projectId: t.ids.projects.acme,
      kind: 'image',
      filename: 'x.png',
      content: PNG_1PX,
    });
    expect(intoAcme.statusCode).toBe(404);
    expect(firstError(intoAcme).code).toBe('project_not_found');
    const overAcme = await upload(t, {
      cookie: t.cookies.customeradmin,
      projectId: t.ids.projects.demoLinked,
      kind: 'image',
      filename: 'x.png',
      content: PNG_1PX,
      mediaId: acmeMedia,
    });
    expect(overAcme.statusCode).toBe(404);
    const own = await uploadOk(t, {
      cookie: t.cookies.customeradmin,
      projectId: t.ids.projects.demoLinked,
      kind: 'image',
      filename: 'x.png',
      content: PNG_1PX,
    });
    const again = await upload(t, {
      cookie: t.cookies.customeradmin,
      projectId: t.ids.projects.demoLinked,
      kind: 'image',
      filename: 'x.png',
      content: PNG_1PX,
      mediaId: own,
    });
    expect(again.statusCode).toBe(422);
    // A user only uploads into linked projects.
    const unlinked = await upload(t, {
      cookie: t.cookies.user,
      projectId: t.ids.projects.demoOther,
      kind: 'image',
      filename: 'x.png',
      content: PNG_1PX,
    });
    expect(unlinked.statusCode).toBe(404);
  });

  it('answers bad forms with 4xx, never 500', async () => {
    const cookie = t.cookies.customeradmin;
    const anonymous = await upload(t, {
      cookie: '',
      projectId: t.ids.projects.demoLinked,
      kind: 'image',
      filename: 'x.png',
      content: PNG_1PX,
    });
    expect(anonymous.statusCode).toBe(401);

    const badKind = await upload(t, {
      cookie,
      projectId: t.ids.projects.demoLinked,
      kind: 'video',
      filename: 'x.png',
      content: PNG_1PX,
    });
    expect(badKind.statusCode).toBe(422);
    expect(firstError(badKind).source?.pointer).toBe('/kind');

    // The file before the fields.
    const wrongOrder = multipart([
      { name: 'file', filename: 'x.png', content: PNG_1PX },
      { name: 'projectId', value: t.ids.projects.demoLinked },
      { name: 'kind', value: 'image' },
    ]);
    const early = await call(t.app, 'POST', `/api/file/${ulid()}`, {
      cookie,
      body: wrongOrder.body,
      headers: wrongOrder.headers,
    });
    expect(early.statusCode).toBe(422);
    expect(firstError(early).source?.pointer).toBe('/projectId');

    const noFile = multipart([
      { name: 'projectId', value: t.ids.projects.demoLinked },
      { name: 'kind', value: 'image' },
    ]);
    const missing = await call(t.app, 'POST', `/api/file/${ulid()}`, {
      cookie,
      body: noFile.body,
      headers: noFile.headers,
    });
    expect(missing.statusCode).toBe(422);
    expect(firstError(missing)).toMatchObject({ code: 'required', source: { pointer: '/file' } });

    const json = await call(t.app, 'POST', `/api/file/${ulid()}`, { cookie, body: { a: 1 } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);

    const twoFiles = multipart([
      { name: 'projectId', value: t.ids.projects.demoLinked },
      { name: 'kind', value: 'image' },
      { name: 'file', filename: 'x.png', content: PNG_1PX },
      { name: 'file', filename: 'y.png', content: PNG_1PX },
    ]);
    const two = await call(t.app, 'POST', `/api/file/${ulid()}`, {
      cookie,
      body: twoFiles.body,
      headers: twoFiles.headers,
    });
    expect(two.statusCode).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
  });
});
