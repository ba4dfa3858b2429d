// Issue 7, part 3: inherited property names as the sort column, and multipart bodies that are not
// multipart, are the client's mistakes: 4xx with the usual error body, never a 500.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
});
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
          cookie: admin,
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
        cookie: admin,
        headers: { 'content-type': contentType },
        body,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().errors[0].code).toBe('invalid');
    }
  });
});
