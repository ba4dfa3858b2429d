// Setup of the tenant-isolation tests: one of everything in a project, created through the API
// the way the dashboard does it, and a snapshot of every stored row to prove nothing changed.
import { expect } from 'vitest';
import { ulid } from 'ulidx';
import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_QR_DESIGN } from '../../../../src/shared/schemas/qrCode.js';
import { DEFAULT_THEME_SETTINGS } from '../../../../src/shared/schemas/theme.js';
import type { Database } from '../../../../src/server/db/schema.js';
import { call, type TestApp } from '../../../helpers/testApp.js';
import { PNG_1PX, uploadOk } from '../routes/contentHelpers.js';

/** The ids of one project's content. */
export interface ProjectIds {
  pid: string;
  /** A project of the same customer in the trash (`pid` itself when none was made). */
  trashedPid: string;
  action: string;
  contactAction: string;
  media: string;
  avatar: string;
  qrCode: string;
  trashedQrCode: string;
  template: string;
  shortLink: string;
  trashedShortLink: string;
  label: string;
  theme: string;
  ad: string;
  apiKey: string;
  webhook: string;
  importJob: string;
  /** Not an id: the list GET …/exports/{list} exports (the same in every project). */
  exportList: string;
  /** A delivery of `webhook` (the QR code trashed below). */
  delivery: string;
}

/** Ids at the customer level. */
export interface CustomerIds {
  customer: string;
  user: string;
  auditLog: string;
  whiteLabel: string;
  invite: string;
  /** An invoice of the customer (an order placed at checkout). */
  invoice: string;
  /** A plan (plans belong to no customer: only platform admins change them). */
  plan: string;
}

/** An invitation of the customer, sent the way its customer admin does. */
export async function invitationOf(
  t: TestApp,
  cookie: string,
  customerId: string,
): Promise<string> {
  return created(
    call(t.app, 'POST', `/api/customers/${customerId}/invites`, {
      cookie,
      body: { email: `invitee-${ulid().toLowerCase()}@example.com`, role: 'user' },
    }),
  );
}

/** An open invoice of the caller's customer: the customer admin places an order at checkout. */
export async function invoiceOf(t: TestApp, customerAdminCookie: string, planId: string) {
  const response = await call(t.app, 'POST', '/api/register/activate', {
    cookie: customerAdminCookie,
    body: { planId, billingPeriod: 'month', customerType: 'consumer' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { invoiceId: string } }).data.invoiceId;
}

/** A white-label hostname of the customer, added the way a platform admin does. */
export async function whiteLabelHostnameOf(
  t: TestApp,
  adminCookie: string,
  customerId: string,
): Promise<string> {
  return created(
    call(t.app, 'POST', `/api/customers/${customerId}/white-label-hostnames`, {
      cookie: adminCookie,
      body: { hostname: `brand-${ulid().toLowerCase()}.example.com` },
    }),
  );
}

export type TenantIds = ProjectIds & CustomerIds;
export type IdKey = keyof TenantIds;

async function created(response: Promise<LightMyRequestResponse>): Promise<string> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: string } }).data.id;
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<void> {
  const res = await response;
  expect([200, 204], res.body).toContain(res.statusCode);
}

export const qrDesignWithLogo = (mediaId: string) => ({
  ...DEFAULT_QR_DESIGN,
  logo: { ...DEFAULT_QR_DESIGN.logo, mediaId },
});

export const themeSettingsWith = (logo: string | null, image: string | null) => ({
  ...DEFAULT_THEME_SETTINGS,
  logo: { ...DEFAULT_THEME_SETTINGS.logo, mediaId: logo },
  background: { ...DEFAULT_THEME_SETTINGS.background, imageMediaId: image },
});

export const contactAction = (avatar: string | null) => ({
  name: 'Card',
  objectType: 'contact',
  data: { name: 'Jan', avatar: { mediaId: avatar, remove: false } },
});

export const VALID_AD = {
  name: 'Summer sale',
  text: 'Everything -20 %',
  link: 'https://shop.example.com/sale',
  displayTimeMs: 3000,
};

/**
 * One of everything in project `pid`, made by `cookie` (who needs the content permissions there);
 * with `trashProject`, also a second project of the customer moved to the trash.
 */
export async function seedProjectContent(
  t: TestApp,
  cookie: string,
  pid: string,
  options: { trashProject?: boolean } = {},
): Promise<ProjectIds> {
  const base = `/api/projects/${pid}`;
  const post = (path: string, body: unknown) =>
    created(call(t.app, 'POST', `${base}${path}`, { cookie, body }));
  const media = await uploadOk(t, {
    cookie,
    projectId: pid,
    kind: 'image',
    filename: 'logo.png',
    content: PNG_1PX,
  });
  const avatar = await uploadOk(t, {
    cookie,
    projectId: pid,
    kind: 'avatar',
    filename: 'avatar.png',
    content: PNG_1PX,
  });
  const action = await post('/actions', {
    name: 'Site',
    objectType: 'link',
    data: { link: 'https://example.com/' },
  });
  const contact = await post('/actions', contactAction(avatar));
  const template = await post('/qr-code-templates', {
    name: 'Branded',
    design: qrDesignWithLogo(media),
  });
  const qrCode = await post('/qr-codes', {
    name: 'Poster',
    actionId: action,
    templateId: template,
    design: qrDesignWithLogo(media),
  });
  const webhook = await post('/webhooks', {
    url: 'https://hooks.example.com/qrhub',
    events: ['qr_code.trashed'],
  });
  const trashedQrCode = await post('/qr-codes', { name: 'Old poster', actionId: action });
  await ok(call(t.app, 'DELETE', `${base}/qr-codes/${trashedQrCode}/trash`, { cookie }));
  const shortLink = await post('/short-links', {
    uri: `s${ulid().toLowerCase()}`,
    name: 'Short',
    actionId: action,
  });
  const trashedShortLink = await post('/short-links', {
    uri: `t${ulid().toLowerCase()}`,
    name: 'Old short',
    actionId: action,
  });
  await ok(call(t.app, 'DELETE', `${base}/short-links/${trashedShortLink}/trash`, { cookie }));
  const label = await post('/labels', { name: 'Tag', color: '#ff0000' });
  for (const [path, id] of [
    ['qr-codes', qrCode],
    ['short-links', shortLink],
    ['actions', action],
  ] as const) {
    await ok(
      call(t.app, 'PUT', `${base}/${path}/${id}/labels`, { cookie, body: { labelIds: [label] } }),
    );
  }
  const theme = await post('/themes', {
    name: 'Brand',
    settings: themeSettingsWith(media, media),
  });
  await ok(call(t.app, 'POST', `${base}/themes/${theme}/activate`, { cookie }));
  const ad = await post('/advertisements', { ...VALID_AD, imageMediaId: media });
  await ok(
    call(t.app, 'PUT', `${base}/advertisements/${ad}/qr-codes`, {
      cookie,
      body: { qrCodeIds: [qrCode] },
    }),
  );
  const apiKey = await post('/api-keys', { name: 'Shop', scope: 'content' });
  const imported = await call(t.app, 'POST', `${base}/imports?kind=short_link`, {
    cookie,
    body: `name,url\r\nImported,https://example.com/imported-${ulid().toLowerCase()}`,
  });
  expect(imported.statusCode, imported.body).toBe(202);
  await t.app.imports.settled();
  let trashedPid = pid;
  if (options.trashProject) {
    trashedPid = await created(
      call(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Old campaign' } }),
    );
    await ok(call(t.app, 'DELETE', `/api/projects/${trashedPid}/trash`, { cookie }));
  }
  return {
    pid,
    trashedPid,
    action,
    contactAction: contact,
    media,
    avatar,
    qrCode,
    trashedQrCode,
    template,
    shortLink,
    trashedShortLink,
    label,
    theme,
    ad,
    apiKey,
    webhook,
    importJob: imported.json().data.id as string,
    exportList: 'qr-codes',
    delivery: await deliveryOf(t, webhook),
  };
}

/** The first delivery the webhook queued (queuing follows the commit, so wait for it). */
async function deliveryOf(t: TestApp, webhookId: string): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const row = await t.db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('webhookId', '=', webhookId)
      .executeTakeFirst();
    if (row) return row.id;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the webhook queued no delivery');
}

/** The newest audit row of a customer. */
export async function latestAuditLogOf(t: TestApp, customerId: string): Promise<string> {
  const row = await t.db
    .selectFrom('auditLogs')
    .select('id')
    .where('customerId', '=', customerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every table whose rows a refused request must leave alone (sessions slide with use). */
const SNAPSHOT_TABLES = [
  'customers',
  'subscriptions',
  'users',
  'invitations',
  'projects',
  'projectUsers',
  'media',
  'actions',
  'qrCodes',
  'shortLinks',
  'labels',
  'labelLinks',
  'advertisements',
  'advertisementLinks',
  'themes',
  'qrCodeTemplates',
  'whiteLabelHostnames',
  'scans',
  'auditLogs',
  'apiKeys',
  // Not webhookDeliveries: the app's timer works that queue while the tests run.
  'webhooks',
] as const satisfies readonly (keyof Database)[];

/** Columns that change by reading (a key's last use), left out of the snapshot. */
const READ_MARKS = new Set(['lastUsedAt']);

/** Every stored row, per table, in a stable order. */
export async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of SNAPSHOT_TABLES) {
    const rows = await t.db.selectFrom(table).selectAll().execute();
    result[table] = rows
      .map((row) =>
        JSON.stringify(Object.entries(row).filter(([column]) => !READ_MARKS.has(column))),
      )
      .sort();
  }
  return result;
}
