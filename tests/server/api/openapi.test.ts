// The OpenAPI document (issue 15): generated from the routes' own zod schemas, valid OpenAPI 3.1,
// public, and complete — every API route the app registers is in it.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/shared/constants.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { securitySchemes: Record<string, unknown> };
}
interface OperationObject {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses?: Record<string, ResponseObject>;
}
interface ResponseObject {
  description: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await t.close();
});

/**
 * Routes that are not the API, and so not in its document (explicitly, so a new route cannot
 * slip out unnoticed):
 */
const NOT_THE_API = [
  // the document and its reference page themselves
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
];

/**
 * Routes whose answer is not the API's to describe (each says why), exempt from the check that
 * every route describes its success answer:
 */
const ANSWERED_ELSEWHERE = [
  // Stripe's own call to us: answered to Stripe with what its webhook protocol expects.
  'POST /api/stripe/webhook',
];

/** `/projects/:pid/labels` as OpenAPI writes it: `/projects/{pid}/labels`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every API route the app registered, and nothing else', () => {
    // routeTable is filled by an onRoute hook (app.ts): every method and path, as registered.
    // Only /api/ paths are the API: scans (/s/…), /healthz, /readyz, /metrics, fonts, the
    // payment provider's webhook and the dashboard's static files are left out on purpose.
    const apiRoutes = t.app.routeTable.filter(
      ({ url }) => url.startsWith(`${API_BASE}/`) && !NOT_THE_API.some((rule) => rule.test(url)),
    );
    expect(apiRoutes.length).toBeGreaterThan(100);
    const missing = apiRoutes.filter(
      ({ method, url }) => !document.paths[openApiPath(url)]?.[method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    for (const path of Object.keys(document.paths))
      expect(path.startsWith(`${API_BASE}/`)).toBe(true);
  });

  it('describes a success answer of every route: its schema, its file type, or no content', () => {
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (ANSWERED_ELSEWHERE.includes(key)) continue;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^2\d\d$/.test(status),
        );
        const described = success.some(([status, response]) =>
          status === '204' || status === '202'
            ? response.description === 'No content' || response.content !== undefined
            : Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
        );
        if (!described) undescribed.push(key);
      }
    expect(undescribed).toEqual([]);
    // A JSON answer is described field by field, not as any value.
    const label = document.paths['/api/projects/{pid}/labels/{id}']!.get!.responses!['200']!;
    const labelSchema = label.content!['application/json']!.schema!;
    expect(labelSchema).toMatchObject({ properties: { data: { type: 'object' } } });
    const csv = document.paths['/api/analytics/scans.csv']!.get!.responses!['200']!;
    expect(Object.keys(csv.content!)).toEqual(['text/csv']);
  });

  it('takes its bodies and queries from the shared schemas', () => {
    const create = document.paths['/api/projects/{pid}/qr-codes']!.post!;
    const body = create.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({ type: 'object' });
    expect(Object.keys(body.properties as object)).toEqual(
      expect.arrayContaining(['name', 'actionId']),
    );
    const list = document.paths['/api/projects/{pid}/labels']!.get!;
    expect(list.parameters!.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining(['path:pid', 'query:page', 'query:perPage', 'query:q']),
    );
  });

  it('documents both ways to sign in as security schemes', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'clientType',
      'session',
    ]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page without a session, from our own origin, under our CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Every script and style the page loads is ours (no CDN), and none is inline.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    expect(page.body).not.toMatch(/<script>[^<]/);
    for (const source of sources.filter((s) => s.endsWith('.js'))) {
      const url = new URL(source, `http://localhost${API_BASE}/docs/`).pathname;
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
  });
});

describe('validation through the route schemas', () => {
  it('answers a bad body with the usual 422 at the field, after the permission check', async () => {
    const cookie = await login(t.app, DEMO.customeradmin);
    const url = `${API_BASE}/projects/${t.ids.projects.demoLinked}/labels`;
    const bad = await call(t.app, 'POST', url, { cookie, body: { name: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ code: 'required', source: { pointer: '/name' } }),
    ]);
    // No session: the 401 comes first, whatever the body.
    const anonymous = await call(t.app, 'POST', url, { body: { name: '' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
