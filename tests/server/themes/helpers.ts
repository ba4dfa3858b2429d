// Rows the theme tests need beyond the API: an uploaded image, a contact Action and its QR code.
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulidx';
import type { Db } from '../../../src/server/db/database.js';
import { ALWAYS_ACTIVE } from '../../../src/shared/activity.js';

export async function insertImage(
  db: Db,
  owner: { customerId: string; projectId: string },
  kind = 'logo',
): Promise<string> {
  const id = ulid();
  await db
    .insertInto('media')
    .values({
      id,
      customerId: owner.customerId,
      projectId: owner.projectId,
      kind,
      fileName: 'logo.png',
      mimeType: 'image/png',
      sizeBytes: 100,
      storageKey: `${owner.customerId}/${id}`,
      createdBy: null,
      createdAt: new Date().toISOString(),
      deletedAt: null,
    })
    .execute();
  return id;
}

/** A QR code whose Action shows a contact page, so scanning it renders a themed landing page. */
export async function insertContactQrCode(
  db: Db,
  owner: { customerId: string; projectId: string },
): Promise<string> {
  const now = new Date().toISOString();
  const actionId = ulid();
  await db
    .insertInto('actions')
    .values({
      id: actionId,
      customerId: owner.customerId,
      projectId: owner.projectId,
      name: 'Contact',
      objectType: 'contact',
      data: JSON.stringify({ name: 'Themed Person' }),
      activity: JSON.stringify(ALWAYS_ACTIVE),
      createdBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const code = `t${randomBytes(5).toString('hex')}`;
  await db
    .insertInto('qrCodes')
    .values({
      id: ulid(),
      customerId: owner.customerId,
      projectId: owner.projectId,
      code,
      name: 'QR',
      description: null,
      actionId,
      templateId: null,
      design: '{}',
      createdBy: null,
      trashedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return code;
}
