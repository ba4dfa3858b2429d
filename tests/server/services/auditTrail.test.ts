// Every write route of the API leaves exactly the audit rows it should: one table over the route
// table, so a new write route without a row here fails the test. Each case runs on fresh content
// made through the API, and compares the (type, action) of the rows the call added.
import { generate } from 'otplib';
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../../src/server/db/seed.js';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode.js';
import { DEFAULT_THEME_SETTINGS } from '../../../src/shared/schemas/theme.js';
import { buildUser } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';
import { PNG_1PX, upload } from '../api/routes/contentHelpers.js';
import {
  seedProjectContent,
  VALID_AD,
  whiteLabelHostnameOf,
  type ProjectIds,
} from '../api/isolation/fixtures.js';

let t: TestApp;
let admin: string;
let customeradmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  customeradmin = await login(t.app, DEMO.customeradmin);
  // Every case makes fresh content in the demo customer: more than its plan's 50 QR codes.
  await t.db
    .updateTable('customers')
    .set({ maxQrCodes: -1, maxShortLinks: -1, maxUsers: -1 })
    .where('id', '=', t.ids.customers.demo)
    .execute();
});

afterAll(async () => {
  await t.close();
});

/** What a case works on: fresh project content and a few customer-level ids. */
interface Context extends ProjectIds {
  customer: string;
  whiteLabel: string;
  /** A user of the customer that only this case uses. */
  colleague: string;
  /** A session cookie of that colleague. */
  colleagueCookie: string;
}

type Row = readonly [type: string, action: string];

interface Case {
  /** `METHOD /api/path` exactly as in the route table. */
  route: string;
  as?: 'admin' | 'customeradmin' | 'colleague';
  path: (c: Context) => string;
  body?: (c: Context) => unknown;
  /** Prepares what the call needs (a token, a second project) and answers the path to use. */
  prepare?: (c: Context) => Promise<string>;
  /** The status the call answers; success when left out. */
  status?: number;
  rows: Row[];
}

const items = (c: Context) => `/api/projects/${c.pid}`;

const post = async (url: string, body: unknown, cookie = customeradmin) => {
  const response = await call(t.app, 'POST', url, { cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
};

let twoFactorCode = '';
let verification = { email: '', code: '' };
/** Starts the colleague's two-step set-up and answers a current code of its secret. */
async function startTwoFactor(cookie: string): Promise<string> {
  const setup = await call(t.app, 'POST', '/api/self/two-factor', { cookie });
  return generate({ secret: setup.json().data.secret as string });
}

const CASES: Case[] = [
  // Customers and their people.
  {
    route: 'POST /api/customers',
    as: 'admin',
    path: () => '/api/customers',
    body: () => ({
      name: 'Audit Co',
      adminEmail: `boss-${ulid().toLowerCase()}@audit.example`,
      customerType: 'business',
    }),
    rows: [['customer', 'created']],
  },
  {
    route: 'PUT /api/customers/:id',
    path: (c) => `/api/customers/${c.customer}`,
    body: () => ({ name: 'Demo BV' }),
    rows: [['customer', 'updated']],
  },
  {
    route: 'PUT /api/customers/:id/limits',
    as: 'admin',
    path: (c) => `/api/customers/${c.customer}/limits`,
    body: () => ({ maxQrCodes: -1, maxScans: -1, maxStorage: -1, maxUsers: -1, maxShortLinks: -1 }),
    rows: [['customer', 'updated']],
  },
  {
    route: 'PUT /api/customers/:id/progress',
    path: (c) => `/api/customers/${c.customer}/progress`,
    body: () => ({ done: true }),
    rows: [['customer', 'updated']],
  },
  {
    route: 'DELETE /api/customers/:id',
    as: 'admin',
    prepare: async () =>
      `/api/customers/${await post(
        '/api/customers',
        {
          name: 'Short-lived',
          adminEmail: `gone-${ulid().toLowerCase()}@audit.example`,
          customerType: 'consumer',
        },
        admin,
      )}`,
    path: () => '',
    rows: [['customer', 'deleted']],
  },
  {
    route: 'POST /api/customers/:id/users',
    path: (c) => `/api/customers/${c.customer}/users`,
    body: () => ({
      name: 'New colleague',
      email: `new-${ulid().toLowerCase()}@demo.example`,
      role: 'user',
    }),
    rows: [['user', 'created']],
  },
  {
    route: 'PUT /api/users/:id',
    path: (c) => `/api/users/${c.colleague}`,
    body: () => ({ name: 'Renamed colleague' }),
    rows: [['user', 'updated']],
  },
  {
    route: 'DELETE /api/users/:id',
    path: (c) => `/api/users/${c.colleague}`,
    rows: [['user', 'deleted']],
  },
  // Accounts and invitations (issue 9).
  {
    route: 'POST /api/users/:id/deactivate',
    path: (c) => `/api/users/${c.colleague}/deactivate`,
    rows: [['user', 'deactivated']],
  },
  {
    route: 'POST /api/users/:id/activate',
    prepare: async (c) => {
      await call(t.app, 'POST', `/api/users/${c.colleague}/deactivate`, { cookie: customeradmin });
      return `/api/users/${c.colleague}/activate`;
    },
    path: () => '',
    rows: [['user', 'activated']],
  },
  {
    route: 'PUT /api/users/:id/projects',
    path: (c) => `/api/users/${c.colleague}/projects`,
    body: (c) => ({ projectIds: [c.pid] }),
    rows: [['user', 'linked']],
  },
  {
    route: 'POST /api/customers/:cid/invites',
    prepare: async (c) => {
      await roomForInvitations();
      return `/api/customers/${c.customer}/invites`;
    },
    path: () => '',
    body: (c) => ({
      email: `invitee-${ulid().toLowerCase()}@demo.example`,
      role: 'user',
      projectIds: [c.pid],
    }),
    rows: [['invite', 'invited']],
  },
  {
    route: 'POST /api/customers/:cid/invites/:id/resend',
    prepare: async (c) => `/api/customers/${c.customer}/invites/${(await invitation(c)).id}/resend`,
    path: () => '',
    rows: [['invite', 'resend']],
  },
  {
    route: 'DELETE /api/customers/:cid/invites/:id',
    prepare: async (c) => `/api/customers/${c.customer}/invites/${(await invitation(c)).id}`,
    path: () => '',
    rows: [['invite', 'revoked']],
  },
  {
    route: 'POST /api/register/:token',
    prepare: async (c) => `/api/register/${(await invitation(c)).token}`,
    path: () => '',
    body: () => ({
      name: 'Invitee',
      password: 'invitee-pass',
      passwordConfirmation: 'invitee-pass',
    }),
    rows: [
      ['invite', 'accepted'],
      ['user', 'created'],
      ['user', 'login'],
    ],
  },
  {
    route: 'PUT /api/self',
    as: 'colleague',
    path: () => '/api/self',
    body: () => ({ name: 'Me', localization: { language: 'en' } }),
    rows: [['user', 'updated']],
  },
  {
    route: 'PUT /api/self/password',
    as: 'colleague',
    path: () => '/api/self/password',
    body: () => ({
      currentPassword: DEMO_PASSWORD,
      password: 'another-password-1',
      passwordConfirmation: 'another-password-1',
    }),
    rows: [['user', 'updated']],
  },
  // Sign-in and out.
  {
    route: 'POST /api/login',
    path: () => '/api/login',
    body: () => ({ email: DEMO.user, password: DEMO_PASSWORD }),
    rows: [['user', 'login']],
  },
  {
    route: 'POST /api/self-service/logout',
    as: 'colleague',
    prepare: async (c) => {
      const flow = await call(t.app, 'GET', '/api/self-service/logout/browser', {
        cookie: c.colleagueCookie,
      });
      const token = new URL(flow.json().logout_url as string).searchParams.get('token');
      return `/api/self-service/logout#${token}`;
    },
    path: () => '',
    body: () => undefined,
    rows: [['user', 'logout']],
  },
  {
    route: 'POST /api/password/forget',
    path: () => '/api/password/forget',
    body: () => ({ email: 'nobody@nowhere.example' }),
    status: 204,
    rows: [],
  },
  {
    route: 'POST /api/recovery',
    path: () => '/api/recovery',
    body: () => ({
      token: 'x'.repeat(43),
      password: 'a-new-password',
      passwordConfirmation: 'a-new-password',
    }),
    status: 422,
    rows: [],
  },
  // Two-step sign-in.
  {
    route: 'POST /api/self/two-factor',
    as: 'colleague',
    path: () => '/api/self/two-factor',
    rows: [['user', 'updated']],
  },
  {
    route: 'POST /api/self/two-factor/confirm',
    as: 'colleague',
    prepare: async (c) => {
      twoFactorCode = await startTwoFactor(c.colleagueCookie);
      return '/api/self/two-factor/confirm';
    },
    path: () => '',
    body: () => ({ code: twoFactorCode }),
    rows: [['user', 'updated']],
  },
  {
    route: 'DELETE /api/self/two-factor',
    as: 'colleague',
    prepare: async (c) => {
      const code = await startTwoFactor(c.colleagueCookie);
      await call(t.app, 'POST', '/api/self/two-factor/confirm', {
        cookie: c.colleagueCookie,
        body: { code },
      });
      return '/api/self/two-factor';
    },
    path: () => '',
    body: () => ({ password: DEMO_PASSWORD }),
    status: 204,
    rows: [['user', 'updated']],
  },
  {
    // Without a pending sign-in (the password step) nothing happens; the row of a completed
    // second step is tested in tests/server/services/twoFactor.test.ts.
    route: 'POST /api/login/two-factor',
    path: () => '/api/login/two-factor',
    body: () => ({ code: '123456' }),
    status: 401,
    rows: [],
  },
  {
    route: 'PUT /api/customers/:id/two-factor',
    path: (c) => `/api/customers/${c.customer}/two-factor`,
    body: () => ({ required: false }),
    rows: [['customer', 'updated']],
  },
  // Self sign-up and the first administrator.
  {
    route: 'POST /api/register',
    path: () => '/api/register',
    body: () => ({
      customerType: 'consumer',
      name: 'Signed Up',
      email: `signup-${ulid().toLowerCase()}@audit.example`,
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    }),
    status: 201,
    rows: [
      ['customer', 'created'],
      ['user', 'created'],
    ],
  },
  {
    route: 'POST /api/register/verify',
    prepare: async () => {
      const email = `verify-${ulid().toLowerCase()}@audit.example`;
      await call(t.app, 'POST', '/api/register', {
        body: {
          customerType: 'consumer',
          name: 'Verifies',
          email,
          password: 'a-good-password',
          passwordConfirmation: 'a-good-password',
        },
      });
      verification = { email, code: /\b(\d{6})\b/.exec(t.mails.at(-1)?.text ?? '')?.[1] ?? '' };
      return '/api/register/verify';
    },
    path: () => '',
    body: () => verification,
    rows: [
      ['user', 'updated'],
      ['user', 'login'],
    ],
  },
  {
    route: 'POST /api/register/verify/resend',
    path: () => '/api/register/verify/resend',
    body: () => ({ email: 'nobody@nowhere.example' }),
    status: 204,
    rows: [],
  },
  {
    route: 'POST /api/setup/first-admin',
    path: () => '/api/setup/first-admin',
    body: () => ({
      name: 'Late',
      email: 'late@audit.example',
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    }),
    status: 403,
    rows: [],
  },
  // Scripts: API keys (issue 15).
  {
    route: 'POST /api/projects/:pid/api-keys',
    path: (c) => `${items(c)}/api-keys`,
    body: () => ({ name: 'Shop', scope: 'content' }),
    rows: [['api_key', 'created']],
  },
  {
    route: 'DELETE /api/projects/:pid/api-keys/:id',
    prepare: async (c) =>
      `${items(c)}/api-keys/${await post(`${items(c)}/api-keys`, { name: 'Old', scope: 'read' })}`,
    path: () => '',
    rows: [['api_key', 'revoked']],
  },
  // Webhooks (issue 15).
  {
    route: 'POST /api/projects/:pid/webhooks',
    path: (c) => `${items(c)}/webhooks`,
    body: () => ({ url: 'https://hooks.example.com/new', events: ['scan'] }),
    rows: [['webhook', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/webhooks/:id',
    path: (c) => `${items(c)}/webhooks/${c.webhook}`,
    body: () => ({ events: ['qr_code.created', 'scan'] }),
    rows: [['webhook', 'updated']],
  },
  {
    route: 'DELETE /api/projects/:pid/webhooks/:id',
    path: (c) => `${items(c)}/webhooks/${c.webhook}`,
    rows: [['webhook', 'deleted']],
  },
  {
    route: 'POST /api/projects/:pid/webhooks/:id/deliveries/:deliveryId/resend',
    path: (c) => `${items(c)}/webhooks/${c.webhook}/deliveries/${c.delivery}/resend`,
    rows: [['webhook', 'send']],
  },
  // Import (issue 15): the job is audited; the rows it makes are audited by their services.
  {
    route: 'POST /api/projects/:pid/imports/preview',
    path: (c) => `${items(c)}/imports/preview?kind=qr_code`,
    body: () => 'name,url\r\nPoster,https://example.com/p',
    rows: [],
  },
  {
    route: 'POST /api/projects/:pid/imports',
    // Only invalid rows: the job has nothing to make, so no row lands after the answer.
    path: (c) => `${items(c)}/imports?kind=qr_code`,
    body: () => 'name,url\r\nPoster,not-a-link',
    rows: [['import', 'created']],
  },
  // White label and platform settings.
  {
    route: 'POST /api/customers/:cid/white-label-hostnames',
    as: 'admin',
    path: (c) => `/api/customers/${c.customer}/white-label-hostnames`,
    body: () => ({ hostname: `audit-${ulid().toLowerCase()}.example.com` }),
    rows: [['whitelabel', 'added']],
  },
  {
    route: 'PUT /api/customers/:cid/white-label-hostnames/:id',
    as: 'admin',
    path: (c) => `/api/customers/${c.customer}/white-label-hostnames/${c.whiteLabel}`,
    body: () => ({ verified: true }),
    rows: [['whitelabel', 'updated']],
  },
  {
    route: 'POST /api/customers/:cid/white-label-hostnames/:id/verify',
    as: 'admin',
    path: (c) => `/api/customers/${c.customer}/white-label-hostnames/${c.whiteLabel}/verify`,
    // example.com names never resolve to this test platform: refused, nothing written.
    status: 422,
    rows: [],
  },
  {
    route: 'DELETE /api/customers/:cid/white-label-hostnames/:id',
    as: 'admin',
    path: (c) => `/api/customers/${c.customer}/white-label-hostnames/${c.whiteLabel}`,
    rows: [['whitelabel', 'deleted']],
  },
  {
    route: 'PUT /api/settings/analytics',
    as: 'admin',
    path: () => '/api/settings/analytics',
    body: () => ({ provider: 'none' }),
    rows: [['tracking', 'updated']],
  },
  // Projects and their users.
  {
    route: 'POST /api/projects',
    path: () => '/api/projects',
    body: () => ({ name: 'Audited' }),
    rows: [['project', 'created']],
  },
  {
    route: 'PUT /api/projects/:id',
    path: (c) => `/api/projects/${c.pid}`,
    body: () => ({ tracking: false }),
    rows: [['project', 'updated']],
  },
  {
    route: 'PUT /api/projects/:id/utm-presets',
    path: (c) => `/api/projects/${c.pid}/utm-presets`,
    body: () => ({
      presets: [{ name: 'Flyer', tags: { source: 'flyer', medium: 'print', campaign: 'spring' } }],
    }),
    rows: [['project', 'updated']],
  },
  {
    route: 'POST /api/projects/:id/duplicate',
    path: (c) => `/api/projects/${c.pid}/duplicate`,
    rows: [['project', 'duplicated']],
  },
  {
    route: 'DELETE /api/projects/:id/trash',
    path: (c) => `/api/projects/${c.pid}/trash`,
    rows: [['project', 'trashed']],
  },
  {
    route: 'DELETE /api/projects/:id',
    path: (c) => `/api/projects/${c.trashedPid}`,
    rows: [['project', 'deleted']],
  },
  {
    route: 'POST /api/projects/:id/users',
    path: (c) => `/api/projects/${c.pid}/users`,
    body: (c) => ({ id: c.colleague, canManage: false }),
    rows: [['user', 'linked']],
  },
  {
    route: 'PUT /api/projects/:id/users',
    prepare: async (c) => {
      await post(`/api/projects/${c.pid}/users`, { id: c.colleague, canManage: false });
      return `/api/projects/${c.pid}/users`;
    },
    path: () => '',
    body: (c) => ({ id: c.colleague, canManage: true }),
    rows: [['user', 'updated']],
  },
  {
    route: 'DELETE /api/projects/:id/users',
    prepare: async (c) => {
      await post(`/api/projects/${c.pid}/users`, { id: c.colleague, canManage: false });
      return `/api/projects/${c.pid}/users`;
    },
    path: () => '',
    body: (c) => ({ id: c.colleague }),
    rows: [['user', 'unlinked']],
  },
  // Actions.
  {
    route: 'POST /api/projects/:pid/actions',
    path: (c) => `${items(c)}/actions`,
    body: () => ({ name: 'Menu', objectType: 'link', data: { link: 'https://menu.example/' } }),
    rows: [['action', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/actions/:id',
    path: (c) => `${items(c)}/actions/${c.action}`,
    body: () => ({ name: 'Site', objectType: 'link', data: { link: 'https://moved.example/' } }),
    rows: [['action', 'updated']],
  },
  {
    // Smart codes: a password is written plain and never reaches the audit row (checked below).
    route: 'PUT /api/projects/:pid/actions/:id',
    path: (c) => `${items(c)}/actions/${c.action}`,
    body: () => ({
      name: 'Protected',
      objectType: 'link',
      data: { link: 'https://moved.example/' },
      protection: { password: 'open sesame', scanCap: 5 },
    }),
    rows: [['action', 'updated']],
  },
  {
    // The simulator records nothing.
    route: 'POST /api/projects/:pid/actions/:id/simulate',
    path: (c) => `${items(c)}/actions/${c.action}/simulate`,
    body: () => ({ country: 'NL' }),
    rows: [],
  },
  {
    route: 'POST /api/projects/:pid/actions/:id/duplicate',
    path: (c) => `${items(c)}/actions/${c.action}/duplicate`,
    rows: [['action', 'duplicated']],
  },
  {
    route: 'POST /api/projects/:pid/actions/:id/placements',
    path: (c) => `${items(c)}/actions/${c.action}/placements`,
    body: () => ({ names: ['Station', 'Flyer'] }),
    rows: [
      ['action', 'added'],
      ['qr_code', 'created'],
      ['qr_code', 'created'],
    ],
  },
  {
    route: 'DELETE /api/projects/:pid/actions/:id',
    path: (c) => `${items(c)}/actions/${c.action}`,
    rows: [['action', 'deleted']],
  },
  {
    route: 'PUT /api/projects/:pid/actions/:id/labels',
    path: (c) => `${items(c)}/actions/${c.action}/labels`,
    body: () => ({ labelIds: [] }),
    rows: [['label', 'unlinked']],
  },
  // QR codes.
  {
    route: 'POST /api/projects/:pid/qr-codes',
    path: (c) => `${items(c)}/qr-codes`,
    body: (c) => ({ name: 'Flyer', actionId: c.action }),
    rows: [['qr_code', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/qr-codes/:id',
    path: (c) => `${items(c)}/qr-codes/${c.qrCode}`,
    body: () => ({ name: 'Renamed poster' }),
    rows: [['qr_code', 'updated']],
  },
  {
    route: 'POST /api/audit-logs/:id/restore',
    prepare: async (c) => {
      const edit = await call(t.app, 'PUT', `${items(c)}/qr-codes/${c.qrCode}`, {
        cookie: customeradmin,
        body: { name: 'Renamed before restoring' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const logs = await call(
        t.app,
        'GET',
        `/api/audit-logs?itemId=${c.qrCode}&action=updated&sort=createdAt&order=DESC`,
        { cookie: customeradmin },
      );
      return `/api/audit-logs/${logs.json().data[0].id}/restore`;
    },
    path: () => '',
    rows: [['qr_code', 'updated']],
  },
  {
    route: 'POST /api/projects/:pid/qr-codes/:id/duplicate',
    path: (c) => `${items(c)}/qr-codes/${c.qrCode}/duplicate`,
    rows: [['qr_code', 'duplicated']],
  },
  {
    route: 'DELETE /api/projects/:pid/qr-codes/:id/trash',
    path: (c) => `${items(c)}/qr-codes/${c.qrCode}/trash`,
    rows: [['qr_code', 'trashed']],
  },
  {
    route: 'POST /api/projects/:pid/qr-codes/:id/restore',
    path: (c) => `${items(c)}/qr-codes/${c.trashedQrCode}/restore`,
    rows: [['qr_code', 'restored']],
  },
  {
    route: 'DELETE /api/projects/:pid/qr-codes/:id',
    path: (c) => `${items(c)}/qr-codes/${c.trashedQrCode}`,
    rows: [['qr_code', 'deleted']],
  },
  {
    route: 'PUT /api/projects/:pid/qr-codes/:id/labels',
    path: (c) => `${items(c)}/qr-codes/${c.qrCode}/labels`,
    body: () => ({ labelIds: [] }),
    rows: [['label', 'unlinked']],
  },
  {
    route: 'PUT /api/projects/:pid/qr-codes/:id/advertisements',
    path: (c) => `${items(c)}/qr-codes/${c.qrCode}/advertisements`,
    body: () => ({ advertisementIds: [] }),
    rows: [['campaign', 'unlinked']],
  },
  // Short links.
  {
    route: 'POST /api/projects/:pid/short-links',
    path: (c) => `${items(c)}/short-links`,
    body: (c) => ({ name: 'Menu link', uri: `m${ulid().toLowerCase()}`, actionId: c.action }),
    rows: [['short_link', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/short-links/:id',
    path: (c) => `${items(c)}/short-links/${c.shortLink}`,
    body: () => ({ name: 'Renamed link' }),
    rows: [['short_link', 'updated']],
  },
  {
    route: 'POST /api/projects/:pid/short-links/:id/duplicate',
    path: (c) => `${items(c)}/short-links/${c.shortLink}/duplicate`,
    rows: [['short_link', 'duplicated']],
  },
  {
    route: 'DELETE /api/projects/:pid/short-links/:id/trash',
    path: (c) => `${items(c)}/short-links/${c.shortLink}/trash`,
    rows: [['short_link', 'trashed']],
  },
  {
    route: 'POST /api/projects/:pid/short-links/:id/restore',
    path: (c) => `${items(c)}/short-links/${c.trashedShortLink}/restore`,
    rows: [['short_link', 'restored']],
  },
  {
    route: 'DELETE /api/projects/:pid/short-links/:id',
    path: (c) => `${items(c)}/short-links/${c.trashedShortLink}`,
    rows: [['short_link', 'deleted']],
  },
  {
    route: 'PUT /api/projects/:pid/short-links/:id/labels',
    path: (c) => `${items(c)}/short-links/${c.shortLink}/labels`,
    body: () => ({ labelIds: [] }),
    rows: [['label', 'unlinked']],
  },
  {
    route: 'DELETE /api/projects/:pid/trash/items',
    path: (c) => `${items(c)}/trash/items`,
    rows: [
      ['qr_code', 'deleted'],
      ['short_link', 'deleted'],
    ],
  },
  // Labels.
  {
    route: 'POST /api/projects/:pid/labels',
    path: (c) => `${items(c)}/labels`,
    body: () => ({ name: 'Fresh', color: '#00ff00' }),
    rows: [['label', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/labels/:id',
    path: (c) => `${items(c)}/labels/${c.label}`,
    body: () => ({ name: 'Renamed tag', color: '#0000ff' }),
    rows: [['label', 'updated']],
  },
  {
    route: 'POST /api/projects/:pid/labels/:id/items',
    prepare: async (c) => {
      const other = await post(`${items(c)}/labels`, { name: 'Other', color: '#123456' });
      return `${items(c)}/labels/${other}/items`;
    },
    path: () => '',
    body: (c) => ({ itemType: 'qr_code', itemIds: [c.qrCode] }),
    rows: [['label', 'linked']],
  },
  {
    route: 'DELETE /api/projects/:pid/labels/:id',
    path: (c) => `${items(c)}/labels/${c.label}`,
    rows: [['label', 'deleted']],
  },
  // QR code templates.
  {
    route: 'POST /api/projects/:pid/qr-code-templates',
    path: (c) => `${items(c)}/qr-code-templates`,
    body: () => ({ name: 'Plain', design: DEFAULT_QR_DESIGN }),
    rows: [['qr_design', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/qr-code-templates/:id',
    path: (c) => `${items(c)}/qr-code-templates/${c.template}`,
    body: () => ({ name: 'Renamed design', design: DEFAULT_QR_DESIGN }),
    rows: [['qr_design', 'updated']],
  },
  {
    route: 'DELETE /api/projects/:pid/qr-code-templates/:id',
    path: (c) => `${items(c)}/qr-code-templates/${c.template}`,
    rows: [['qr_design', 'deleted']],
  },
  // Themes.
  {
    route: 'POST /api/projects/:pid/themes',
    path: (c) => `${items(c)}/themes`,
    body: () => ({ name: 'Calm', settings: DEFAULT_THEME_SETTINGS }),
    rows: [['theme', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/themes/:id',
    path: (c) => `${items(c)}/themes/${c.theme}`,
    body: () => ({ name: 'Brand', settings: DEFAULT_THEME_SETTINGS }),
    rows: [['theme', 'updated']],
  },
  {
    route: 'POST /api/projects/:pid/themes/:id/activate',
    path: (c) => `${items(c)}/themes/${c.theme}/activate`,
    rows: [['theme', 'activated']],
  },
  {
    route: 'POST /api/projects/:pid/themes/:id/duplicate',
    path: (c) => `${items(c)}/themes/${c.theme}/duplicate`,
    rows: [['theme', 'duplicated']],
  },
  {
    route: 'DELETE /api/projects/:pid/themes/:id/logo',
    path: (c) => `${items(c)}/themes/${c.theme}/logo`,
    rows: [['theme', 'updated']],
  },
  {
    route: 'DELETE /api/projects/:pid/themes/:id',
    path: (c) => `${items(c)}/themes/${c.theme}`,
    rows: [['theme', 'deleted']],
  },
  {
    route: 'POST /api/projects/:pid/themes/preview',
    path: (c) => `${items(c)}/themes/preview`,
    body: () => ({ settings: DEFAULT_THEME_SETTINGS }),
    rows: [],
  },
  // Advertisements.
  {
    route: 'POST /api/projects/:pid/advertisements',
    path: (c) => `${items(c)}/advertisements`,
    body: () => VALID_AD,
    rows: [['campaign', 'created']],
  },
  {
    route: 'PUT /api/projects/:pid/advertisements/:id',
    path: (c) => `${items(c)}/advertisements/${c.ad}`,
    body: (c) => ({ ...VALID_AD, name: 'Winter sale', imageMediaId: c.media }),
    rows: [['campaign', 'updated']],
  },
  {
    route: 'PUT /api/projects/:pid/advertisements/:id/qr-codes',
    path: (c) => `${items(c)}/advertisements/${c.ad}/qr-codes`,
    body: () => ({ qrCodeIds: [] }),
    rows: [['campaign', 'unlinked']],
  },
  {
    route: 'DELETE /api/projects/:pid/advertisements/:id',
    path: (c) => `${items(c)}/advertisements/${c.ad}`,
    rows: [['campaign', 'deleted']],
  },
  // Files and the converter.
  {
    route: 'POST /api/file/:mediaId',
    prepare: async () => '',
    path: () => '',
    rows: [['file', 'uploaded']],
  },
  {
    route: 'POST /api/converter/:target',
    path: () => '/api/converter/svg2pdf',
    body: () => ({}),
    status: 400,
    rows: [],
  },
  // Plans, checkout, the subscription and invoices (issue 10). Enterprise has no item limits, so
  // the cases after these still make all the content they need.
  {
    route: 'POST /api/plans',
    as: 'admin',
    path: () => '/api/plans',
    body: () => PLAN,
    rows: [['plan', 'created']],
  },
  {
    route: 'PUT /api/plans/:id',
    as: 'admin',
    prepare: async () => `/api/plans/${await post('/api/plans', PLAN, admin)}`,
    path: () => '',
    body: () => ({ ...PLAN, priceMonthCents: 995 }),
    rows: [['plan', 'updated']],
  },
  {
    route: 'DELETE /api/plans/:id',
    as: 'admin',
    prepare: async () => `/api/plans/${await post('/api/plans', PLAN, admin)}`,
    path: () => '',
    rows: [['plan', 'deleted']],
  },
  {
    route: 'POST /api/register/activate',
    path: () => '/api/register/activate',
    body: () => orderBody(),
    rows: [
      ['customer', 'updated'],
      ['subscription', 'created'],
      ['invoice', 'created'],
    ],
  },
  {
    route: 'POST /api/customers/:id/invoices/:invoiceId/paid',
    as: 'admin',
    prepare: async (c) => {
      const order = await call(t.app, 'POST', '/api/register/activate', {
        cookie: customeradmin,
        body: orderBody(),
      });
      return `/api/customers/${c.customer}/invoices/${order.json().data.invoiceId}/paid`;
    },
    path: () => '',
    rows: [
      ['invoice', 'updated'],
      ['subscription', 'activated'],
    ],
  },
  {
    route: 'POST /api/customers/:id/subscription',
    as: 'admin',
    path: (c) => `/api/customers/${c.customer}/subscription`,
    body: () => ({ planId: t.ids.plans.enterprise, billingPeriod: 'month' }),
    rows: [['subscription', 'activated']],
  },
  {
    route: 'POST /api/customers/:id/subscription/cancel',
    prepare: async (c) => {
      await activateDirectly(c.customer);
      return `/api/customers/${c.customer}/subscription/cancel`;
    },
    path: () => '',
    rows: [['subscription', 'deactivated']],
  },
  {
    route: 'POST /api/customers/:id/subscription/reactivate',
    prepare: async (c) => {
      await activateDirectly(c.customer);
      await call(t.app, 'POST', `/api/customers/${c.customer}/subscription/cancel`, {
        cookie: customeradmin,
      });
      return `/api/customers/${c.customer}/subscription/reactivate`;
    },
    path: () => '',
    rows: [['subscription', 'activated']],
  },
  {
    route: 'POST /api/customers/:id/subscription/portal',
    path: (c) => `/api/customers/${c.customer}/subscription/portal`,
    rows: [],
  },
  {
    route: 'PUT /api/projects/:pid/limits',
    path: (c) => `/api/projects/${c.pid}/limits`,
    body: () => ({ maxQrCodes: -1, maxScans: 5000, maxStorage: -1, maxShortLinks: -1 }),
    rows: [['project', 'updated']],
  },
  {
    // Without Stripe configured there is no webhook to receive.
    route: 'POST /api/stripe/webhook',
    path: () => '/api/stripe/webhook',
    body: () => ({}),
    status: 404,
    rows: [],
  },
];

/** Every case adds a colleague: lift the user limit so invitations still fit. */
async function roomForInvitations(): Promise<void> {
  await t.db.updateTable('customers').set({ maxUsers: -1 }).execute();
}

/** An invitation of the customer and the token its mail carries. */
async function invitation(c: Context): Promise<{ id: string; token: string }> {
  await roomForInvitations();
  const email = `invitee-${ulid().toLowerCase()}@demo.example`;
  const id = await post(`/api/customers/${c.customer}/invites`, { email, role: 'user' });
  const mail = t.mails.filter((candidate) => candidate.to === email).at(-1);
  const token = /\/register\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeDefined();
  return { id, token: token! };
}

const PLAN = {
  name: 'Audit plan',
  priceMonthCents: 495,
  limits: { qrCodes: -1, scans: -1, storage: -1, users: -1, shortLinks: -1 },
  supportLevel: 'basic',
};
function orderBody() {
  return { planId: t.ids.plans.enterprise, billingPeriod: 'month', customerType: 'consumer' };
}

async function activateDirectly(customer: string): Promise<void> {
  const response = await call(t.app, 'POST', `/api/customers/${customer}/subscription`, {
    cookie: admin,
    body: { planId: t.ids.plans.enterprise, billingPeriod: 'month' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function newContext(): Promise<Context> {
  const pid = await post('/api/projects', { name: `Audit ${ulid()}` });
  const content = await seedProjectContent(t, customeradmin, pid, { trashProject: true });
  const customer = t.ids.customers.demo;
  const colleague = await buildUser(t.db, { customerId: customer, password: DEMO_PASSWORD });
  return {
    ...content,
    customer,
    whiteLabel: await whiteLabelHostnameOf(t, admin, customer),
    colleague: colleague.id,
    colleagueCookie: await login(t.app, colleague.email),
  };
}

const auditIds = async () =>
  new Set((await t.db.selectFrom('auditLogs').select('id').execute()).map((row) => row.id));

async function send(spec: Case, c: Context, url: string): Promise<LightMyRequestResponse> {
  const [method, route] = spec.route.split(' ');
  const cookie = { admin, customeradmin, colleague: c.colleagueCookie }[spec.as ?? 'customeradmin'];
  if (route === '/api/file/:mediaId') {
    return upload(t, {
      cookie,
      projectId: c.pid,
      kind: 'image',
      filename: 'audited.png',
      content: PNG_1PX,
    });
  }
  // A prepared logout carries its one-time token after '#': it goes in the body.
  const [path, token] = url.split('#');
  const body = token ? { logout_token: token } : spec.body?.(c);
  return call(t.app, method as 'POST', path, { cookie, body });
}

describe('audit rows of every write route', () => {
  it('the table names every write route of the API', () => {
    const writeRoutes = t.app.routeTable
      .filter((route) => route.method !== 'GET' && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(CASES.map((spec) => spec.route))).toEqual(new Set(writeRoutes));
  });

  it.each(CASES.map((spec) => [spec.route, spec] as const))('%s', async (_route, spec) => {
    const context = await newContext();
    const url = spec.prepare ? await spec.prepare(context) : spec.path(context);
    const before = await auditIds();
    const response = await send(spec, context, url);
    if (spec.status) expect(response.statusCode, response.body).toBe(spec.status);
    else expect(response.statusCode, response.body).toBeLessThan(300);
    const added = await t.db
      .selectFrom('auditLogs')
      .select(['id', 'type', 'action', 'parentId', 'changes'])
      .orderBy('id')
      .execute();
    const rows = added.filter((row) => !before.has(row.id));
    // Rows of one change share a millisecond, so their ids do not order them: compare as sets.
    const pairs = (list: readonly Row[]) => list.map((pair) => pair.join(' ')).sort();
    expect(pairs(rows.map((row) => [row.type, row.action] as const))).toEqual(pairs(spec.rows));
    // No secret ever reaches an audit row.
    for (const row of rows)
      expect(row.changes ?? '').not.toMatch(/passwordHash|tokenHash|\$argon2/);
  });
});
