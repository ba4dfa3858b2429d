// Factories for the rows a test needs beyond the demo seed: one per entity, each with the
// defaults of a live row and any column overridable, so no test inserts rows by hand.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { ulid } from 'ulidx';
import type { DomainEvent } from '../../src/server/events/bus.js';
import type { Db } from '../../src/server/db/database.js';
import type {
  ActionsTable,
  CustomersTable,
  LabelsTable,
  MediaTable,
  ProjectsTable,
  QrCodesTable,
  ShortLinksTable,
  ThemesTable,
} from '../../src/server/db/schema.js';
import { ALWAYS_ACTIVE, type Activity } from '../../src/shared/activity.js';
import type { Role } from '../../src/shared/enums.js';
import { hashPassword } from '../../src/server/security.js';
import {
  createScanBatchWriter,
  projectTimeZones,
} from '../../src/server/repositories/analytics.js';
import type { ScanRow } from '../../src/server/scan/recorder.js';
import { RollupAccumulator } from '../../src/server/scan/rollup.js';

export async function buildUser(
  db: Db,
  overrides: {
    customerId: string | null;
    role?: Role;
    email?: string;
    name?: string;
    password?: string;
  },
): Promise<{ id: string; email: string; password: string }> {
  const id = ulid();
  const email = overrides.email ?? `user-${id.toLowerCase()}@example.com`;
  const password = overrides.password ?? 'secret-pass-1';
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      customerId: overrides.customerId,
      name: overrides.name ?? 'Test User',
      email,
      passwordHash: await hashPassword(password),
      role: overrides.role ?? 'user',
      language: 'en',
      avatarMediaId: null,
      verified: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { id, email, password };
}

/** Who owns a project's rows: the customer and the project. */
export interface Owner {
  customerId: string;
  projectId: string;
}

const nowIso = () => new Date().toISOString();
const shortCode = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A live customer in good standing with unlimited plan limits (no trial end, active). */
export async function buildCustomer(
  db: Db,
  overrides: Partial<Insertable<CustomersTable>> = {},
): Promise<string> {
  const id = overrides.id ?? ulid();
  const now = nowIso();
  await db
    .insertInto('customers')
    .values({
      id,
      name: `Customer ${id}`,
      adminEmail: `${id.toLowerCase()}@example.com`,
      customerType: 'business',
      vatNumber: null,
      trialEndAt: null,
      progressDone: 1,
      subscriptionStatus: 'active',
      planId: null,
      billingPeriod: null,
      maxQrCodes: -1,
      maxScans: -1,
      maxStorage: -1,
      maxUsers: -1,
      maxShortLinks: -1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .execute();
  return id;
}

export async function buildProject(
  db: Db,
  overrides: { customerId: string } & Partial<Insertable<ProjectsTable>>,
): Promise<string> {
  const id = overrides.id ?? ulid();
  const now = nowIso();
  await db
    .insertInto('projects')
    .values({
      id,
      name: 'Test project',
      description: null,
      access: '0',
      tracking: 1,
      maxQrCodes: -1,
      maxScans: -1,
      maxStorage: -1,
      maxShortLinks: -1,
      usedScans: 0,
      usedStorage: 0,
      trashedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .execute();
  return id;
}

/** A new customer with one project: the owner of the rows most tests make. */
export async function buildOwner(
  db: Db,
  project: Partial<Insertable<ProjectsTable>> = {},
): Promise<Owner> {
  const customerId = await buildCustomer(db);
  const projectId = await buildProject(db, { name: 'Project', ...project, customerId });
  return { customerId, projectId };
}

/**
 * An Action of the project, always active unless `activity` says otherwise; `data` and
 * `activity` are given as objects (stored as JSON). By default a link to example.com.
 */
export async function buildAction(
  db: Db,
  owner: Owner,
  overrides: Partial<Omit<Insertable<ActionsTable>, 'data' | 'activity'>> & {
    data?: unknown;
    activity?: Partial<Activity>;
  } = {},
): Promise<string> {
  const { data, activity, ...columns } = overrides;
  const objectType = columns.objectType ?? 'link';
  const id = columns.id ?? ulid();
  const now = nowIso();
  await db
    .insertInto('actions')
    .values({
      id,
      ...owner,
      name: `${objectType} action`,
      objectType,
      data: JSON.stringify(data ?? { link: 'https://example.com/landing' }),
      activity: JSON.stringify({ ...ALWAYS_ACTIVE, ...activity }),
      createdBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...columns,
    })
    .execute();
  return id;
}

/** A QR code of the project with a random code, no Action unless given, the default design. */
export async function buildQrCode(
  db: Db,
  owner: Owner,
  overrides: Partial<Insertable<QrCodesTable>> = {},
): Promise<{ id: string; code: string }> {
  const id = overrides.id ?? ulid();
  const code = overrides.code ?? shortCode('c');
  const now = nowIso();
  await db
    .insertInto('qrCodes')
    .values({
      id,
      ...owner,
      code,
      name: 'QR',
      description: null,
      actionId: null,
      templateId: null,
      design: '{}',
      createdBy: null,
      trashedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .execute();
  return { id, code };
}

/** A short link of the project on the default scan host, with a random uri unless given. */
export async function buildShortLink(
  db: Db,
  owner: Owner,
  overrides: Partial<Insertable<ShortLinksTable>> = {},
): Promise<{ id: string; uri: string }> {
  const id = overrides.id ?? ulid();
  const uri = overrides.uri ?? shortCode('l');
  const now = nowIso();
  await db
    .insertInto('shortLinks')
    .values({
      id,
      ...owner,
      host: '',
      uri,
      name: 'Short',
      description: null,
      actionId: null,
      createdBy: null,
      trashedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .execute();
  return { id, uri };
}

/** A theme of the project (active by default); `settings` given as an object. */
export async function buildTheme(
  db: Db,
  owner: Owner,
  overrides: Partial<Omit<Insertable<ThemesTable>, 'settings'>> & { settings?: unknown } = {},
): Promise<string> {
  const { settings, ...columns } = overrides;
  const id = columns.id ?? ulid();
  const now = nowIso();
  await db
    .insertInto('themes')
    .values({
      id,
      ...owner,
      name: 'Theme',
      isActive: 1,
      settings: JSON.stringify(settings ?? {}),
      logoMediaId: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      ...columns,
    })
    .execute();
  return id;
}

/** An uploaded file's row (a 100-byte PNG logo by default); the file itself is not written. */
export async function buildMedia(
  db: Db,
  owner: { customerId: string; projectId: string | null },
  overrides: Partial<Insertable<MediaTable>> = {},
): Promise<string> {
  const id = overrides.id ?? ulid();
  await db
    .insertInto('media')
    .values({
      id,
      ...owner,
      kind: 'logo',
      fileName: 'logo.png',
      mimeType: 'image/png',
      sizeBytes: 100,
      storageKey: `${owner.customerId}/${id}`,
      createdBy: null,
      createdAt: nowIso(),
      deletedAt: null,
      ...overrides,
    })
    .execute();
  return id;
}

/** A label of the project, optionally put on items (`on`: QR codes or short links by id). */
export async function buildLabel(
  db: Db,
  owner: Owner,
  overrides: Partial<Insertable<LabelsTable>> & {
    on?: { itemType: 'qr_code' | 'short_link'; itemId: string }[];
  } = {},
): Promise<string> {
  const { on = [], ...columns } = overrides;
  const id = columns.id ?? ulid();
  const now = nowIso();
  await db
    .insertInto('labels')
    .values({
      id,
      ...owner,
      name: `Label ${id}`,
      color: null,
      createdAt: now,
      updatedAt: now,
      ...columns,
    })
    .execute();
  if (on.length > 0) {
    await db
      .insertInto('labelLinks')
      .values(on.map((item) => ({ labelId: id, ...item, createdAt: now })))
      .execute();
  }
  return id;
}

/** A committed change as the unit of work publishes it; `type` and what differs are given. */
export function domainEvent(
  type: DomainEvent['type'],
  fields: Partial<Omit<DomainEvent, 'type'>> = {},
): DomainEvent {
  return {
    type,
    action: 'updated',
    customerId: null,
    projectId: null,
    ids: [],
    codes: [],
    ...fields,
  };
}

/** A link Action and a QR code using it, made through the API as the dashboard does. */
export async function linkQrCodeThroughApi(
  app: FastifyInstance,
  cookie: string,
  projectId: string,
  link: string,
): Promise<{ id: string; code: string; actionId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/qr-codes`,
    headers: { cookie, 'client-type': 'dashboard' },
    payload: {
      name: 'Poster',
      action: { name: 'Destination', objectType: 'link', data: { link } },
    },
  });
  if (response.statusCode !== 201) throw new Error(`QR code not made: ${response.body}`);
  return response.json().data;
}

/** A scan row for recordScans: the demo-like defaults, any field overridable. */
export type ScanInput = Partial<ScanRow> & { scannedAt: string };

/**
 * Writes scans exactly as the recorder's flush does (raw rows, rollups, running totals and
 * used_scans in one transaction), for tests that need scans at given times.
 */
export async function recordScans(
  db: Db,
  defaults: { customerId: string; projectId: string },
  rows: readonly ScanInput[],
): Promise<ScanRow[]> {
  const full: ScanRow[] = rows.map((row) => ({
    customerId: defaults.customerId,
    projectId: defaults.projectId,
    itemType: 'qr_code',
    itemId: ulid(),
    kind: 'scan',
    device: 'mobile',
    os: 'iOS',
    browser: 'Mobile Safari',
    country: 'NL',
    referrer: null,
    isUnique: 0,
    isBot: 0,
    ...row,
  }));
  const zones = await projectTimeZones(db, [...new Set(full.map((row) => row.projectId))]);
  const rollup = new RollupAccumulator(zones).addAll(full);
  await createScanBatchWriter(db)({
    rows: full,
    rollups: rollup.rows(),
    countedPerProject: rollup.countedPerProject,
  });
  return full;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Puts a customer in one of the account states of issue 10: its trial end, and a subscription
 * that was paid for (active, past due, canceled, or canceled at the end of its period).
 */
export async function setAccountState(
  db: Db,
  customerId: string,
  state: 'trial' | 'expired' | 'active' | 'canceling' | 'past_due' | 'canceled',
  planId?: string,
): Promise<void> {
  const now = Date.now();
  const trialEndAt = new Date(state === 'trial' ? now + 7 * DAY_MS : now - DAY_MS).toISOString();
  await db.updateTable('customers').set({ trialEndAt }).where('id', '=', customerId).execute();
  await db.deleteFrom('subscriptions').where('customerId', '=', customerId).execute();
  if (state === 'trial' || state === 'expired') return;
  if (!planId) throw new Error('a paid state needs a plan');
  const periodEnded = state === 'canceled';
  await db
    .insertInto('subscriptions')
    .values({
      id: ulid(),
      customerId,
      planId,
      billingPeriod: 'month',
      status: state === 'past_due' ? 'past_due' : 'active',
      amountCents: 195,
      startedAt: new Date(now - 40 * DAY_MS).toISOString(),
      canceledAt:
        state === 'canceling' || state === 'canceled' ? new Date(now).toISOString() : null,
      createdAt: new Date(now - 40 * DAY_MS).toISOString(),
      provider: 'manual',
      currentPeriodStart: new Date(now - (periodEnded ? 40 : 10) * DAY_MS).toISOString(),
      currentPeriodEnd: new Date(now + (periodEnded ? -10 : 20) * DAY_MS).toISOString(),
      cancelAtPeriodEnd: state === 'canceling' || state === 'canceled' ? 1 : 0,
    })
    .execute();
}

/** A customer's limits as a platform admin sets them (-1 unlimited), and a project's scan count. */
export async function setCustomerLimits(
  db: Db,
  customerId: string,
  limits: Partial<
    Record<'maxQrCodes' | 'maxScans' | 'maxStorage' | 'maxUsers' | 'maxShortLinks', number>
  >,
): Promise<void> {
  await db.updateTable('customers').set(limits).where('id', '=', customerId).execute();
}

export async function setUsedScans(db: Db, projectId: string, usedScans: number): Promise<void> {
  await db.updateTable('projects').set({ usedScans }).where('id', '=', projectId).execute();
}

/** An API key of the project made through the API by `cookie`'s user; answers the key itself. */
export async function apiKeyThroughApi(
  app: FastifyInstance,
  cookie: string,
  projectId: string,
  scope: 'read' | 'content' | 'full',
  expiresAt?: string,
): Promise<{ id: string; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/api-keys`,
    headers: { cookie, 'client-type': 'dashboard' },
    payload: { name: `Script (${scope})`, scope, ...(expiresAt ? { expiresAt } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`API key not made: ${response.body}`);
  return response.json().data;
}

/** Headers of a call made by a script with an API key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** One QR code or short link for buildItems: `code` is the QR code's code or the link's uri. */
export interface ItemSpec {
  id?: string;
  name: string;
  code: string;
  createdAt?: string;
  trashedAt?: string | null;
}

/**
 * QR codes or short links of a project written in one statement, for lists too long to make
 * through the API; answers their ids in order.
 */
export async function buildItems(
  db: Db,
  table: 'qrCodes' | 'shortLinks',
  owner: { customerId: string; projectId: string },
  specs: ItemSpec[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = specs.map((spec) => ({
    id: spec.id ?? ulid(),
    customerId: owner.customerId,
    projectId: owner.projectId,
    name: spec.name,
    description: null,
    actionId: null,
    createdBy: null,
    trashedAt: spec.trashedAt ?? null,
    deletedAt: null,
    createdAt: spec.createdAt ?? now,
    updatedAt: spec.createdAt ?? now,
  }));
  // SQLite takes at most 32,766 bound values a statement.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const codes = specs.slice(i, i + 500).map((spec) => spec.code);
    if (table === 'qrCodes') {
      const values = chunk.map((row, n) => ({
        ...row,
        code: codes[n],
        templateId: null,
        design: '{}',
      }));
      await db.insertInto('qrCodes').values(values).execute();
    } else {
      const values = chunk.map((row, n) => ({ ...row, host: '', uri: codes[n] }));
      await db.insertInto('shortLinks').values(values).execute();
    }
  }
  return rows.map((row) => row.id);
}
