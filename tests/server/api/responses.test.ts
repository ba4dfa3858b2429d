// The routes' declared response schemas (issue 15 part 1) against their real answers: each call
// below goes through HTTP into the app, and its body must parse with the zod schema the route
// declares for that status — with nothing left over, so a field the code adds or drops without its
// schema fails here, not in a client generated from /api/openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '../../../src/shared/constants.js';
import {
  apiKeyThroughApi,
  bearer,
  linkQrCodeThroughApi,
  recordScans,
} from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let admin: string;
let customerAdmin: string;
const pid = () => t.ids.projects.demoLinked;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  customerAdmin = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Answer = { data: Record<string, unknown> & { id: string } };

/** `/projects/:pid/labels` with its params filled in. */
const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);

/**
 * Calls the route as the dashboard does and checks its answer against the schema it declares for
 * the status it answered; returns the body for the next step.
 */
async function answerOf(
  method: Method,
  pattern: string,
  {
    params = {},
    query = '',
    body,
    cookie = customerAdmin,
    headers,
  }: {
    params?: Record<string, string>;
    query?: string;
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const url = `${API_BASE}${fill(pattern, params)}${query}`;
  const response = await call(t.app, method, url, {
    cookie: headers ? undefined : cookie,
    body,
    ...(headers ? { headers, clientType: 'api' } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  const route = t.app.routeTable.find(
    (entry) => entry.method === method && entry.url === `${API_BASE}${pattern}`,
  );
  const schema = route?.response?.[String(response.statusCode)];
  expect(schema, `${method} ${pattern} declares ${response.statusCode}`).toBeInstanceOf(z.ZodType);
  // 204 (and 202 without a body): declared as no content, and none came.
  if (response.body === '') return { data: { id: '' } };
  const answer: unknown = response.json();
  const parsed = (schema as z.ZodType).safeParse(answer);
  expect(parsed.error?.issues ?? [], `${method} ${pattern}`).toEqual([]);
  // zod drops the fields a schema does not name: what is left must be the whole answer.
  expect(parsed.data, `${method} ${pattern}: fields without a schema`).toEqual(answer);
  return answer as Answer;
}

describe('the answers parse with the response schemas their routes declare', () => {
  it('projects, their status, users and UTM presets', async () => {
    const made = await answerOf('POST', '/projects', {
      body: { name: 'Responses', customerId: t.ids.customers.demo },
    });
    const id = made.data.id;
    await answerOf('GET', '/projects');
    await answerOf('GET', '/projects/:id', { params: { id } });
    await answerOf('PUT', '/projects/:id', { params: { id }, body: { description: 'Checked' } });
    await answerOf('GET', '/projects/:id/status', { params: { id } });
    await answerOf('GET', '/projects/:id/users', { params: { id: pid() } });
    await answerOf('PUT', '/projects/:id/utm-presets', {
      params: { id: pid() },
      body: { presets: [{ name: 'Mail', tags: { source: 'newsletter' } }] },
    });
    await answerOf('GET', '/projects/:id/utm-presets', { params: { id: pid() } });
  });

  it('QR codes, short links, Actions and their lists', async () => {
    const code = await linkQrCodeThroughApi(t.app, customerAdmin, pid(), 'https://example.com/a');
    const item = { pid: pid(), id: code.id };
    await answerOf('GET', '/projects/:pid/qr-codes', { params: item });
    await answerOf('GET', '/projects/:pid/qr-codes/:id', { params: item });
    await answerOf('PUT', '/projects/:pid/qr-codes/:id', { params: item, body: { name: 'Flyer' } });
    const copy = await answerOf('POST', '/projects/:pid/qr-codes/:id/duplicate', { params: item });
    await answerOf('DELETE', '/projects/:pid/qr-codes/:id/trash', {
      params: { pid: pid(), id: copy.data.id },
    });
    await answerOf('GET', '/projects/:pid/trash', { params: item });
    await answerOf('POST', '/projects/:pid/qr-codes/:id/restore', {
      params: { pid: pid(), id: copy.data.id },
    });

    const link = await answerOf('POST', '/projects/:pid/short-links', {
      params: item,
      body: {
        name: 'Menu',
        uri: 'menu-responses',
        action: { name: 'Menu page', objectType: 'link', data: { link: 'https://example.com/m' } },
      },
    });
    await answerOf('GET', '/projects/:pid/short-links', { params: item });
    await answerOf('GET', '/projects/:pid/short-links/:id', {
      params: { pid: pid(), id: link.data.id },
    });
    await answerOf('GET', '/projects/:pid/short-links/suggest-uri', { params: item });

    const actionItem = { pid: pid(), id: code.actionId };
    await answerOf('GET', '/projects/:pid/actions', { params: item });
    await answerOf('GET', '/projects/:pid/actions/:id', { params: actionItem });
    await answerOf('GET', '/projects/:pid/actions/:id/qr-codes', { params: actionItem });
    await answerOf('POST', '/projects/:pid/actions/:id/simulate', {
      params: actionItem,
      body: { country: 'NL' },
    });
    await answerOf('POST', '/projects/:pid/actions/:id/placements', {
      params: actionItem,
      body: { names: ['Door', 'Window'] },
    });
    await answerOf('GET', '/projects/:pid/actions/:id/placements', { params: actionItem });
    const action = await answerOf('POST', '/projects/:pid/actions', {
      params: item,
      body: { name: 'Card', objectType: 'contact', data: { name: 'Ada' } },
    });
    await answerOf('PUT', '/projects/:pid/actions/:id', {
      params: { pid: pid(), id: action.data.id },
      body: { name: 'Card', objectType: 'contact', data: { name: 'Grace' } },
    });
  });

  it('tags, themes, templates and advertisements', async () => {
    const code = await linkQrCodeThroughApi(t.app, customerAdmin, pid(), 'https://example.com/t');
    const label = await answerOf('POST', '/projects/:pid/labels', {
      params: { pid: pid() },
      body: { name: 'Summer', color: '#ff0000' },
    });
    await answerOf('GET', '/projects/:pid/labels', { params: { pid: pid() } });
    await answerOf('GET', '/projects/:pid/labels/:id', {
      params: { pid: pid(), id: label.data.id },
    });
    await answerOf('PUT', '/projects/:pid/qr-codes/:id/labels', {
      params: { pid: pid(), id: code.id },
      body: { labelIds: [label.data.id] },
    });
    await answerOf('GET', '/projects/:pid/item-labels', {
      params: { pid: pid() },
      query: `?itemType=qr_code&ids=${code.id}`,
    });

    const theme = await answerOf('POST', '/projects/:pid/themes', {
      params: { pid: pid() },
      body: { name: 'Bright' },
    });
    await answerOf('GET', '/projects/:pid/themes', { params: { pid: pid() } });
    await answerOf('POST', '/projects/:pid/themes/:id/activate', {
      params: { pid: pid(), id: theme.data.id },
    });

    await answerOf('POST', '/projects/:pid/qr-code-templates', {
      params: { pid: pid() },
      body: { name: 'House style', design: (code as unknown as { design: object }).design },
    });
    await answerOf('GET', '/projects/:pid/qr-code-templates', { params: { pid: pid() } });

    const ad = await answerOf('POST', '/projects/:pid/advertisements', {
      params: { pid: pid() },
      body: { name: 'Sale', text: 'Half price', displayTimeMs: 3000 },
    });
    const adItem = { pid: pid(), id: ad.data.id };
    await answerOf('PUT', '/projects/:pid/advertisements/:id/qr-codes', {
      params: adItem,
      body: { qrCodeIds: [code.id] },
    });
    await answerOf('GET', '/projects/:pid/advertisements', { params: adItem });
    await answerOf('GET', '/projects/:pid/advertisements/:id/stats', { params: adItem });
  });

  it('statistics, with scans in the range', async () => {
    const code = await linkQrCodeThroughApi(t.app, customerAdmin, pid(), 'https://example.com/s');
    await recordScans(t.db, { customerId: t.ids.customers.demo, projectId: pid() }, [
      { itemId: code.id, scannedAt: new Date(Date.now() - 60_000).toISOString() },
    ]);
    const answer = await answerOf('GET', '/analytics/timeseries', {
      query: `?projectId=${pid()}`,
    });
    expect((answer as unknown as { meta: { total: number } }).meta.total).toBeGreaterThan(0);
    await answerOf('GET', '/analytics/live', { query: `?projectId=${pid()}` });
  });

  it('API keys: made (the key shown once), listed, and used by a script', async () => {
    const made = await answerOf('POST', '/projects/:pid/api-keys', {
      params: { pid: pid() },
      body: { name: 'Shop', scope: 'full' },
    });
    expect(made.data.key).toEqual(expect.any(String));
    await answerOf('GET', '/projects/:pid/api-keys', { params: { pid: pid() } });
    const { key } = await apiKeyThroughApi(t.app, customerAdmin, pid(), 'read');
    await answerOf('GET', '/projects/:pid/qr-codes', {
      params: { pid: pid() },
      headers: bearer(key),
    });
  });

  it('webhooks and their deliveries', async () => {
    const hook = await answerOf('POST', '/projects/:pid/webhooks', {
      params: { pid: pid() },
      body: { url: 'https://hooks.example.com/qrhub', events: ['qr_code.created'] },
    });
    const item = { pid: pid(), id: hook.data.id };
    await answerOf('GET', '/projects/:pid/webhooks', { params: item });
    await answerOf('PUT', '/projects/:pid/webhooks/:id', {
      params: item,
      body: { events: ['qr_code.created', 'scan'] },
    });
    await linkQrCodeThroughApi(t.app, customerAdmin, pid(), 'https://example.com/w');
    await answerOf('GET', '/projects/:pid/webhooks/:id/deliveries', { params: item });
  });

  it('people, customers, billing and the audit log', async () => {
    await answerOf('GET', '/self');
    await answerOf('GET', '/self/two-factor');
    await answerOf('GET', '/register/progress');
    await answerOf('GET', '/customers/:id/accounts', { params: { id: t.ids.customers.demo } });
    await answerOf('GET', '/customers/:cid/invites', { params: { cid: t.ids.customers.demo } });
    await answerOf('GET', '/customers/:id/billing', { params: { id: t.ids.customers.demo } });
    await answerOf('GET', '/customers/:id/usage-forecast', {
      params: { id: t.ids.customers.demo },
    });
    await answerOf('GET', '/plans');
    await answerOf('GET', '/setup');
    await answerOf('GET', '/customers', { cookie: admin });
    await answerOf('GET', '/customers/:id', {
      cookie: admin,
      params: { id: t.ids.customers.demo },
    });
    await answerOf('GET', '/customers/:id/status', {
      cookie: admin,
      params: { id: t.ids.customers.demo },
    });
    await answerOf('GET', '/customers/:id/users', {
      cookie: admin,
      params: { id: t.ids.customers.demo },
    });
    await answerOf('GET', '/users/:id', { cookie: admin, params: { id: t.ids.users.user } });
    const logs = await answerOf('GET', '/audit-logs', { cookie: admin });
    const first = (logs as unknown as { data: { id: string }[] }).data[0]!;
    await answerOf('GET', '/audit-logs/:id', { cookie: admin, params: { id: first.id } });
  });
});
