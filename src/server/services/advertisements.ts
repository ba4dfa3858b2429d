// Advertisements (SPEC's campaigns) of a project: create, edit, delete and their QR codes (from
// either side). Each change runs in a unit of work with its audit rows (type 'campaign'), whose
// events name the QR codes whose interstitial changed, so the scan cache drops exactly those.
import type { Logger } from '../logger.js';
import { ulid } from 'ulidx';
import type { Config } from '../config.js';
import type { Advertisement, AdvertisementInput } from '../../shared/schemas/advertisement.js';
import {
  deleteAllLinksOf,
  deleteLinks,
  findAdvertisement,
  insertAdvertisement,
  insertLinks,
  linkedAdvertisementIds,
  linksOfAdvertisement,
  projectAdvertisementIds,
  projectQrCodes,
  updateAdvertisement,
  type AdvertisementWithExtras,
} from '../repositories/advertisements.js';
import type { Actor } from '../domain/actor.js';
import { invalidField } from '../domain/errors.js';
import {
  IMAGE_KINDS,
  mediaStorageFor,
  mediaUrl,
  releaseMedia,
  removeStoredFiles,
  usableMediaOr422,
} from './media.js';
import { newContentColumns, projectRowOr404, visibleProjectOr404 } from './projects.js';
import { qrCodeOr404 } from './qrCodes.js';
import { itemChange, type UnitOfWork } from './unitOfWork.js';

export function toAdvertisement(row: AdvertisementWithExtras): Advertisement {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    text: row.text,
    imageMediaId: row.imageMediaId,
    image: row.imageMediaId
      ? { id: row.imageMediaId, name: row.imageName ?? '', url: mediaUrl(row.imageMediaId) }
      : null,
    link: row.link,
    displayTimeMs: Number(row.displayTimeMs),
    qrCodeCount: row.qrCodeCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const advertisementOr404 = projectRowOr404('ad', 'campaign_not_found', findAdvertisement);

/** Where freed image files live, and where a failure to remove one is logged. */
export interface AdvertisementEnv {
  config: Config;
  log: Logger;
}

export async function createAdvertisement(
  user: Actor,
  projectId: string,
  input: AdvertisementInput,
  work: UnitOfWork,
): Promise<string> {
  const id = ulid();
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    if (input.imageMediaId) {
      await usableMediaOr422(trx, project, input.imageMediaId, IMAGE_KINDS, '/imageMediaId');
    }
    const now = new Date().toISOString();
    await insertAdvertisement(trx, {
      ...newContentColumns(project, id, now),
      name: input.name,
      text: input.text,
      imageMediaId: input.imageMediaId,
      link: input.link,
      displayTimeMs: input.displayTimeMs,
      deletedAt: null,
    });
    const changes = { displayTimeMs: input.displayTimeMs, link: input.link };
    await record(itemChange(project, 'campaign', 'created', { id, name: input.name, changes }));
  });
  return id;
}

export async function editAdvertisement(
  env: AdvertisementEnv,
  user: Actor,
  projectId: string,
  id: string,
  input: AdvertisementInput,
  work: UnitOfWork,
): Promise<void> {
  const freed = await work.run(async ({ trx, record }) => {
    const { project, ad } = await advertisementOr404(trx, user, projectId, id);
    if (input.imageMediaId && input.imageMediaId !== ad.imageMediaId) {
      await usableMediaOr422(trx, project, input.imageMediaId, IMAGE_KINDS, '/imageMediaId');
    }
    await updateAdvertisement(trx, id, {
      name: input.name,
      text: input.text,
      imageMediaId: input.imageMediaId,
      link: input.link,
      displayTimeMs: input.displayTimeMs,
      updatedAt: new Date().toISOString(),
    });
    const auditId = await record(
      itemChange(project, 'campaign', 'updated', {
        id,
        name: input.name,
        changes: {
          fields: (['name', 'text', 'imageMediaId', 'link', 'displayTimeMs'] as const).filter(
            (key) => input[key] !== ad[key],
          ),
        },
        // Every QR code showing the ad: its interstitial changed.
        codes: (await linksOfAdvertisement(trx, id)).map((link) => link.code),
      }),
    );
    const replaced =
      ad.imageMediaId && ad.imageMediaId !== input.imageMediaId ? [ad.imageMediaId] : [];
    return releaseMedia({ trx, record }, replaced, { parentAuditId: auditId });
  });
  await removeStoredFiles(mediaStorageFor(env.config), freed, env.log);
}

/** Removes the advertisement (kept as a deleted row for its statistics) and its links. */
export async function deleteAdvertisement(
  env: AdvertisementEnv,
  user: Actor,
  projectId: string,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  const freed = await work.run(async ({ trx, record }) => {
    const { project, ad } = await advertisementOr404(trx, user, projectId, id);
    const codes = (await linksOfAdvertisement(trx, id)).map((link) => link.code);
    await deleteAllLinksOf(trx, id);
    const now = new Date().toISOString();
    await updateAdvertisement(trx, id, { deletedAt: now, updatedAt: now, imageMediaId: null });
    const auditId = await record(
      itemChange(project, 'campaign', 'deleted', {
        id,
        name: ad.name,
        changes: { qrCodes: codes.length },
        codes,
      }),
    );
    return releaseMedia({ trx, record }, ad.imageMediaId ? [ad.imageMediaId] : [], {
      parentAuditId: auditId,
    });
  });
  await removeStoredFiles(mediaStorageFor(env.config), freed, env.log);
}

/** The first id of `ids` that is not in `known`, as a 422 at its place in the body. */
function checkIds(ids: readonly string[], known: { has(id: string): boolean }, field: string) {
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw invalidField('invalid', `/${field}/${index}`, 'Choose an item of this project');
  }
}

/** PUT …/advertisements/{id}/qr-codes: the ad is shown on exactly these codes afterwards. */
export async function setAdvertisementQrCodes(
  user: Actor,
  projectId: string,
  id: string,
  qrCodeIds: string[],
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const { project, ad } = await advertisementOr404(trx, user, projectId, id);
    const wanted = await projectQrCodes(trx, project.id, qrCodeIds);
    checkIds(qrCodeIds, wanted, 'qrCodeIds');
    const current = await linksOfAdvertisement(trx, id);
    const linked = new Set(current.map((link) => link.qrCodeId));
    const added = qrCodeIds.filter((qrCodeId) => !linked.has(qrCodeId));
    // Links to codes in the trash stay: they come back with the code.
    const removed = current.filter((link) => !link.trashedAt && !wanted.has(link.qrCodeId));
    await insertLinks(
      trx,
      added.map((qrCodeId) => ({ advertisementId: id, qrCodeId })),
    );
    await deleteLinks(
      trx,
      removed.map((link) => ({ advertisementId: id, qrCodeId: link.qrCodeId })),
    );
    for (const [action, links] of [
      ['linked', added.map((qrCodeId) => ({ qrCodeId, code: wanted.get(qrCodeId) ?? '' }))],
      ['unlinked', removed],
    ] as const) {
      if (links.length === 0) continue;
      await record({
        type: 'campaign',
        action,
        itemId: id,
        name: ad.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { qrCodeIds: links.map((link) => link.qrCodeId) },
        codes: links.map((link) => link.code).filter(Boolean),
      });
    }
  });
}

/** PUT …/qr-codes/{id}/advertisements: the code shows exactly these ads afterwards. */
export async function setQrCodeAdvertisements(
  user: Actor,
  projectId: string,
  qrCodeId: string,
  advertisementIds: string[],
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const { project, qrCode } = await qrCodeOr404(trx, user, projectId, qrCodeId);
    const known = await projectAdvertisementIds(trx, project.id, advertisementIds);
    checkIds(advertisementIds, known, 'advertisementIds');
    const current = new Set(await linkedAdvertisementIds(trx, qrCodeId));
    const wanted = new Set(advertisementIds);
    const added = advertisementIds.filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !wanted.has(id));
    await insertLinks(
      trx,
      added.map((advertisementId) => ({ advertisementId, qrCodeId })),
    );
    await deleteLinks(
      trx,
      removed.map((advertisementId) => ({ advertisementId, qrCodeId })),
    );
    // One row per advertisement, so each ad's audit log shows where it was (un)linked.
    for (const [action, ids] of [
      ['linked', added],
      ['unlinked', removed],
    ] as const) {
      for (const advertisementId of ids) {
        await record({
          type: 'campaign',
          action,
          itemId: advertisementId,
          name: qrCode.name,
          customerId: project.customerId,
          projectId: project.id,
          changes: { qrCodeIds: [qrCodeId] },
          codes: [qrCode.code],
        });
      }
    }
  });
}
