// The actor carries its permission keys (issue 8, part 4): a service asks the actor, never its role
// again, so an API key's actor whose scope leaves a key out is refused even where its creator's
// role has that key, and the same call goes through for an actor that holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/domain/actor.js';
import { DomainError } from '../../../src/server/domain/errors.js';
import { authenticateApiKey } from '../../../src/server/services/apiKeys.js';
import { mediaStorageFor } from '../../../src/server/services/media.js';
import { restoreVersion } from '../../../src/server/services/restoreVersion.js';
import {
  API_KEY_SCOPE_PERMISSIONS,
  ROLE_PERMISSIONS,
  type PermissionKey,
} from '../../../src/shared/permissions.js';
import { linkQrCodeThroughApi } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
const pid = () => t.ids.projects.demoLinked;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
});
afterAll(async () => {
  await t.close();
});

/** The demo customer admin, holding exactly `permissions`. */
const customerAdminWith = (permissions: ReadonlySet<PermissionKey>): Actor => ({
  id: t.ids.users.customeradmin,
  role: 'customeradmin',
  customerId: t.ids.customers.demo,
  permissions,
});

/** Renames a fresh QR code and answers the audit row of that edit. */
async function renamedQrCode(): Promise<{ qrCodeId: string; auditLogId: string }> {
  const { id } = await linkQrCodeThroughApi(t.app, cookie, pid(), 'https://menu.example/');
  const url = `/api/projects/${pid()}/qr-codes/${id}`;
  const edit = await call(t.app, 'PUT', url, { cookie, body: { name: 'Renamed' } });
  expect(edit.statusCode, edit.body).toBe(200);
  const row = await t.db
    .selectFrom('auditLogs')
    .select('id')
    .where('itemId', '=', id)
    .where('action', '=', 'updated')
    .executeTakeFirstOrThrow();
  return { qrCodeId: id, auditLogId: row.id };
}

function restoreAs(actor: Actor, auditLogId: string) {
  const work = t.app.writePath.for({
    client: 'api',
    userId: actor.id,
    customerId: actor.customerId,
    device: null,
    environment: 'test',
  });
  return restoreVersion(
    { db: t.db, storage: mediaStorageFor(t.config) },
    actor,
    { customerId: actor.customerId },
    auditLogId,
    work,
  );
}

const nameOf = async (qrCodeId: string) =>
  (
    await t.db
      .selectFrom('qrCodes')
      .select('name')
      .where('id', '=', qrCodeId)
      .executeTakeFirstOrThrow()
  ).name;

describe('permission keys on the actor', () => {
  it('a key its scope leaves out is refused, though the creator’s role has it', async () => {
    const { qrCodeId, auditLogId } = await renamedQrCode();
    const readScope = API_KEY_SCOPE_PERMISSIONS.read;
    expect(ROLE_PERMISSIONS.customeradmin.has('QRCodeUpdate')).toBe(true);
    expect(readScope.has('QRCodeUpdate')).toBe(false);

    const refused = await restoreAs(customerAdminWith(readScope), auditLogId).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('forbidden');
    expect(await nameOf(qrCodeId)).toBe('Renamed');
  });

  it('the same call goes through for an actor holding the key', async () => {
    const { qrCodeId, auditLogId } = await renamedQrCode();
    const restored = await restoreAs(customerAdminWith(ROLE_PERMISSIONS.customeradmin), auditLogId);
    expect(restored).toMatchObject({ type: 'qr_code', itemId: qrCodeId });
    expect(await nameOf(qrCodeId)).toBe('Poster');
  });

  it('an API key’s actor holds its scope’s keys, as far as its creator’s role has them', async () => {
    const made = await call(t.app, 'POST', `/api/projects/${pid()}/api-keys`, {
      cookie,
      body: { name: 'Reader', scope: 'read' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const identity = await authenticateApiKey(t.db, made.json().data.key as string);
    expect(identity?.actor.permissions).toEqual(API_KEY_SCOPE_PERMISSIONS.read);
    expect(identity?.actor.permissions.has('QRCodeUpdate')).toBe(false);
  });
});
