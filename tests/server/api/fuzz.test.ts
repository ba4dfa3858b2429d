// Fuzzing every route of the API (issue 7, part 3): random and malformed query strings, bodies,
// content types and ids, as a signed-in customer admin. Whatever comes in, the answer is a 4xx or
// 2xx with the usual body — never a 5xx, never a hang. Routes are read from the app itself, so a
// route added later is fuzzed without anyone listing it.
import fc from 'fast-check';
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../../src/server/app.js';
import { API_BASE } from '../../../src/shared/constants.js';
import { buildTestApp, DEMO, login, type TestApp } from '../../helpers/testApp.js';

const RUNS_PER_ROUTE = 300;
const REQUEST_TIMEOUT_MS = 5_000;

let t: TestApp;
let routes: RouteEntry[];

beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.routeTable.filter((route) => route.url.startsWith(`${API_BASE}/`));
});
afterAll(async () => {
  await t.close();
});

/** Path parameters: real ids of the caller's customer, other ulids, and junk. */
function idValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      t.ids.projects.demoLinked,
      t.ids.projects.demoOther,
      t.ids.projects.acme,
      t.ids.customers.demo,
      t.ids.users.user,
      '00000000000000000000000000',
      'constructor',
      '__proto__',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'x'.repeat(300),
    ),
    fc.constant(null).map(() => ulid()),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
  );
}

const QUERY_KEYS = [
  'sort',
  'order',
  'page',
  'perPage',
  'q',
  'filter',
  'from',
  'to',
  'granularity',
  'projectId',
  'labelId',
  'type',
  'format',
  '__proto__',
  'constructor',
  'sort[]',
  'page[size]',
];
const ODD_VALUES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '-1',
  '1e309',
  'NaN',
  '',
  '[]',
  '{}',
  '0x10',
  'null',
];

function queryString(): fc.Arbitrary<string> {
  const pair = fc
    .tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 12 })),
      fc.oneof(
        fc.constantFrom(...ODD_VALUES),
        fc.string({ maxLength: 30 }),
        fc.integer().map(String),
      ),
    )
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value)}`,
    );
  return fc
    .array(pair, { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

interface FuzzBody {
  payload: string | Buffer | undefined;
  contentType: string | undefined;
}

function body(): fc.Arbitrary<FuzzBody> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  return fc.oneof(
    fc.constant({ payload: undefined, contentType: undefined }),
    json(fc.jsonValue({ maxDepth: 3 })),
    json(fc.object({ maxDepth: 2 })),
    json(
      fc.record(
        {
          name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          objectType: fc.constantFrom('link', 'file', 'contact', 'nope', '__proto__'),
          data: fc.jsonValue({ maxDepth: 2 }),
          uri: fc.string(),
          email: fc.string(),
          password: fc.string(),
          projectIds: fc.array(fc.string(), { maxLength: 3 }),
          labelIds: fc.array(fc.string(), { maxLength: 3 }),
          __proto__: fc.jsonValue({ maxDepth: 1 }),
        },
        { requiredKeys: [] },
      ),
    ),
    fc
      .string({ maxLength: 50 })
      .map((text) => ({ payload: text, contentType: 'application/json' })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
      payload: Buffer.from(bytes),
      contentType: 'multipart/form-data; boundary=XB',
    })),
    fc
      .string({ maxLength: 50 })
      .map((text) => ({ payload: text, contentType: 'multipart/form-data' })),
    fc.string({ maxLength: 50 }).map((text) => ({ payload: text, contentType: 'text/plain' })),
  );
}

function fillPath(url: string, ids: string[]): string {
  let index = 0;
  return url.replace(/:[A-Za-z]+/g, () => ids[index++ % ids.length]);
}

async function withTimeout<T>(work: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${label}`)),
          REQUEST_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzzing every API route', () => {
  it('reads the routes from the app', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('answers every malformed request to every route without a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      // A fresh session per route: some routes end it (logout) or change the caller.
      const cookie = await login(t.app, DEMO.customeradmin);
      await fc
        .assert(
          fc.asyncProperty(
            fc.array(idValue(), { minLength: 3, maxLength: 3 }),
            queryString(),
            body(),
            fc.boolean(),
            async (ids, query, fuzz, withClientType) => {
              const url = `${fillPath(route.url, ids)}${query}`;
              const response = await withTimeout(
                t.app.inject({
                  method: route.method as 'GET',
                  url,
                  headers: {
                    cookie,
                    ...(withClientType ? { 'client-type': 'dashboard' } : {}),
                    ...(fuzz.contentType ? { 'content-type': fuzz.contentType } : {}),
                  },
                  payload: fuzz.payload,
                }),
                `${route.method} ${url}`,
              );
              if (response.statusCode >= 500)
                failures.push(
                  `${response.statusCode} ${route.method} ${url} ${fuzz.contentType ?? ''} ${String(fuzz.payload).slice(0, 80)}`,
                );
              return response.statusCode < 500;
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: 20261124, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
