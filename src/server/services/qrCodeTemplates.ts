// QR code templates (named designs): create, update, delete, each with its audit row.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import type { QrCodeTemplateInput, QrDesign } from '../../shared/schemas/qrCode.js';
import type { ItemChangeArgs } from './projectItems.js';
import type { Actor } from '../domain/actor.js';
import { itemChange, type UnitOfWork } from './unitOfWork.js';
import type { Executor } from '../repositories/executor.js';
import {
  deleteQrCodeTemplate,
  findQrCodeTemplate,
  insertQrCodeTemplate,
  updateQrCodeTemplate,
  type QrCodeTemplateRow,
} from '../repositories/qrCodeTemplates.js';
import { IMAGE_KINDS, usableMediaOr422 } from './media.js';
import { newContentColumns, projectRowOr404, visibleProjectOr404 } from './projects.js';
import { readDesign } from './qrCodes.js';

export const templateOr404 = projectRowOr404('template', 'not_found', findQrCodeTemplate);

async function checkLogo(
  trx: Executor,
  project: ProjectRow,
  design: QrDesign,
  previousLogo: string | null,
): Promise<void> {
  const logo = design.logo.mediaId;
  if (logo && logo !== previousLogo) {
    await usableMediaOr422(trx, project, logo, IMAGE_KINDS, '/design/logo/mediaId');
  }
}

export async function createQrCodeTemplate(
  db: Db,
  user: Actor,
  projectId: string,
  input: QrCodeTemplateInput,
  work: UnitOfWork,
): Promise<string> {
  const id = ulid();
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    await checkLogo(trx, project, input.design, null);
    const now = new Date().toISOString();
    await insertQrCodeTemplate(trx, {
      ...newContentColumns(project, id, now),
      name: input.name,
      design: JSON.stringify(input.design),
      deletedAt: null,
    });
    await record(itemChange(project, 'qr_design', 'created', { id, name: input.name }));
  });
  return id;
}

export async function editQrCodeTemplate(
  db: Db,
  user: Actor,
  projectId: string,
  id: string,
  input: QrCodeTemplateInput,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const { project, template } = await templateOr404(trx, user, projectId, id);
    await checkLogo(trx, project, input.design, readDesign(template.design).logo.mediaId);
    await updateQrCodeTemplate(trx, id, {
      name: input.name,
      design: JSON.stringify(input.design),
      updatedAt: new Date().toISOString(),
    });
    await record(itemChange(project, 'qr_design', 'updated', { id, name: input.name }));
  });
}

export async function removeQrCodeTemplate(
  ...[, user, projectId, id, work]: ItemChangeArgs
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const { project, template } = await templateOr404(trx, user, projectId, id);
    await deleteQrCodeTemplate(trx, id);
    await record(itemChange(project, 'qr_design', 'deleted', { id, name: template.name }));
  });
}

/** `QrCodeTemplate`: { id, projectId, name, design, createdAt, updatedAt }. */
export function toQrCodeTemplate(row: QrCodeTemplateRow) {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    design: readDesign(row.design),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
