// Issue 7, part 3: inherited property names as the sort column, and multipart bodies that are not
// multipart, are the client's mistakes: 4xx with the usual error body, never a 500.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';
import { firstError, multipart, PNG_1PX, upload } from './routes/contentHelpers.js';

let t: TestApp;
let admin: string;
let customeradmin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  customeradmin = await login(t.app, DEMO.customeradmin);
});

/** A project's content is the customer's (SPEC §2, §6); customers and projects the admin's. */
const callerOf = (path: string) => (/\/projects\/[^/?]+\//.test(path) ? customeradmin : admin);
afterAll(async () => {
  await t.close();
});

const LIST_PATHS = (pid: string, cid: string) => [
  '/projects',
  `/projects/${pid}/qr-codes`,
  `/projects/${pid}/short-links`,
  `/projects/${pid}/actions`,
  `/projects/${pid}/labels`,
  `/projects/${pid}/themes`,
  `/projects/${pid}/advertisements`,
  `/projects/${pid}/qr-code-templates`,
  `/projects/${pid}/trash`,
  '/customers',
  '/audit-logs',
  `/customers/${cid}/users`,
  `/customers/${cid}/projects`,
];

describe('list sorting', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    '?sort=%s falls back to the default order on every list',
    async (sort) => {
      for (const path of LIST_PATHS(t.ids.projects.demoLinked, t.ids.customers.demo)) {
        const response = await call(t.app, 'GET', `/api${path}?sort=${sort}&order=DESC`, {
          cookie: callerOf(path),
        });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      }
    },
  );

  it('?sort[]=1 is a parameter we do not know, and is ignored', async () => {
    const response = await call(t.app, 'GET', '/api/projects?sort[]=1', { cookie: admin });
    expect(response.statusCode).toBe(200);
  });

  it('two sort parameters are refused at the field', async () => {
    const response = await call(t.app, 'GET', '/api/projects?sort=name&sort=id', { cookie: admin });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source).toEqual({ pointer: '/sort' });
  });
});

describe('malformed multipart bodies', () => {
  const cutOff =
    '--XB\r\nContent-Disposition: form-data; name="svg"; filename="a.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg>';
  it.each([
    ['without a boundary', 'multipart/form-data', 'abc'],
    ['cut off', 'multipart/form-data; boundary=XB', cutOff],
    ['without any part', 'multipart/form-data; boundary=XB', 'hello world'],
  ])('a body %s answers 400 invalid', async (_name, contentType, body) => {
    for (const url of [`/api/file/${ulid()}`, '/api/converter/svg2pdf', '/api/converter/svg2eps']) {
      const response = await call(t.app, 'POST', url, {
        cookie: customeradmin,
        headers: { 'content-type': contentType },
        body,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().errors[0].code).toBe('invalid');
    }
  });
});

describe('uploads and names (issue 7, part 7)', () => {
  const pid = () => t.ids.projects.demoLinked;

  it('refuses a 0-byte file with file_size at the field, on the file and converter routes', async () => {
    const empty = await upload(t, {
      cookie: customeradmin,
      projectId: pid(),
      kind: 'image',
      filename: 'empty.png',
      content: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(422);
    expect(firstError(empty)).toMatchObject({ code: 'file_size', source: { pointer: '/file' } });
    const { body, headers } = multipart([
      { name: 'svg', filename: 'empty.svg', content: Buffer.alloc(0) },
    ]);
    const converted = await call(t.app, 'POST', '/api/converter/svg2pdf', {
      cookie: customeradmin,
      body,
      headers,
    });
    expect(converted.statusCode).toBe(422);
    expect(firstError(converted)).toMatchObject({ code: 'file_size', source: { pointer: '/svg' } });
  });

  it('drops text-direction characters from an uploaded file name', async () => {
    const response = await upload(t, {
      cookie: customeradmin,
      projectId: pid(),
      kind: 'image',
      filename: 'invoice\u202Egnp.exe.png',
      content: PNG_1PX,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.name).toBe('invoicegnp.exe.png');
  });

  // U+202E turns "Poster‮ txt.exe" into "Posterexe.txt " on screen: every name field refuses it.
  const NAME = 'Poster\u202Etxt.exe';
  const BIDI = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ];

  it.each([
    ['a project', () => '/api/projects', () => ({ name: NAME })],
    ['a QR code', () => `/api/projects/${pid()}/qr-codes`, () => ({ name: NAME, actionId: null })],
    [
      'a short link',
      () => `/api/projects/${pid()}/short-links`,
      () => ({ name: NAME, uri: `bidi-${ulid().toLowerCase()}`, actionId: null }),
    ],
    [
      'an Action',
      () => `/api/projects/${pid()}/actions`,
      () => ({ name: NAME, objectType: 'link', data: { link: 'https://example.com/' } }),
    ],
    ['a label', () => `/api/projects/${pid()}/labels`, () => ({ name: NAME, color: '#ff0000' })],
    [
      'an advertisement',
      () => `/api/projects/${pid()}/advertisements`,
      () => ({ name: NAME, text: 'x', link: 'https://example.com/', displayTimeMs: 3000 }),
    ],
    [
      'a customer',
      () => '/api/customers',
      () => ({ name: NAME, adminEmail: 'bidi@example.com', customerType: 'consumer' }),
    ],
  ])('refuses direction characters in the name of %s', async (_what, path, body) => {
    const response = await call(t.app, 'POST', path(), { cookie: callerOf(path()), body: body() });
    expect(response.statusCode, response.body).toBe(422);
    expect(firstError(response)).toMatchObject({
      code: 'text_direction_control',
      source: { pointer: '/name' },
    });
  });

  it('refuses each of the nine direction characters, and keeps the right-to-left scripts', async () => {
    for (const control of BIDI) {
      const response = await call(t.app, 'POST', '/api/projects', {
        cookie: admin,
        body: { name: `A${control}B`, customerId: t.ids.customers.demo },
      });
      expect(firstError(response).code, JSON.stringify(control)).toBe('text_direction_control');
    }
    const hebrew = await call(t.app, 'POST', '/api/projects', {
      cookie: admin,
      body: { name: 'פרויקט שלום', customerId: t.ids.customers.demo },
    });
    expect(hebrew.statusCode, hebrew.body).toBe(201);
  });
});
