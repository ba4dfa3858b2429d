// Rows the short link and label tests need beyond the demo seed.
import { ulid } from 'ulidx';
import type { Db } from '../../../src/server/db/database.js';
import { ALWAYS_ACTIVE } from '../../../src/shared/activity.js';

/** A live link Action in the project that redirects to `link`. */
export async function insertLinkAction(
  db: Db,
  customerId: string,
  projectId: string,
  link = 'https://example.com/landing',
): Promise<string> {
  const id = ulid();
  const now = new Date().toISOString();
  await db
    .insertInto('actions')
    .values({
      id,
      customerId,
      projectId,
      name: 'Landing page',
      objectType: 'link',
      data: JSON.stringify({ link }),
      activity: JSON.stringify(ALWAYS_ACTIVE),
      createdBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/** A QR code straight in the table, for tagging and uri clash tests. */
export async function insertQrCodeRow(
  db: Db,
  customerId: string,
  projectId: string,
  code = `qr${ulid().slice(-8).toLowerCase()}`,
): Promise<{ id: string; code: string }> {
  const id = ulid();
  const now = new Date().toISOString();
  await db
    .insertInto('qrCodes')
    .values({
      id,
      customerId,
      projectId,
      code,
      name: `QR ${code}`,
      description: null,
      actionId: null,
      templateId: null,
      design: '{}',
      createdBy: null,
      trashedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { id, code };
}
