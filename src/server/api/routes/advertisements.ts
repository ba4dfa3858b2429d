// Advertisements (SPEC's campaigns) of a project: list, create, read, edit, delete, their QR codes
// (from either side) and their view/click counts. Every change writes its audit row (type
// 'campaign') in the same transaction and, once committed, drops the scan cache of every QR code
// whose interstitial it changes.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ulid } from 'ulidx';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import {
  advertisementInputSchema,
  advertisementQrCodesSchema,
  qrCodeAdvertisementsSchema,
  type Advertisement,
  type AdvertisementInput,
} from '../../../shared/schemas/advertisement.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { insertAuditLog, type AuditContext } from '../../repositories/auditLogs.js';
import {
  advertisementStats,
  advertisementsOfQrCode,
  deleteAllLinksOf,
  deleteLinks,
  findAdvertisement,
  insertAdvertisement,
  insertLinks,
  linkedAdvertisementIds,
  linkedQrCodes,
  linksOfAdvertisement,
  listAdvertisements,
  projectAdvertisementIds,
  projectQrCodes,
  updateAdvertisement,
  type AdvertisementWithExtras,
} from '../../repositories/advertisements.js';
import type { Executor } from '../../repositories/executor.js';
import { invalidate } from '../../scan/cache.js';
import {
  IMAGE_KINDS,
  mediaStorageFor,
  mediaUrl,
  releaseMedia,
  removeStoredFiles,
  usableMediaOr422,
} from '../../services/media.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { qrCodeOr404, scanBaseOf, scanUrlOf } from '../../services/qrCodes.js';
import type { SessionUser } from '../plugins/session.js';
import { invalidField, notFound } from '../httpError.js';
import { auditContextOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  pathId,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type ProjectParams,
  type RouteDeps,
} from './helpers.js';

const statsQuerySchema = z.object({
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});

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

async function advertisementOr404(
  db: Executor,
  user: SessionUser,
  projectId: string,
  id: string,
): Promise<{ project: ProjectRow; ad: AdvertisementWithExtras }> {
  const project = await visibleProjectOr404(db, user, projectId);
  const ad = await findAdvertisement(db, project.id, id);
  if (!ad) throw notFound('campaign_not_found');
  return { project, ad };
}

/** Drops the cached answers of these scan codes: their interstitial changed. */
function forgetCodes(codes: Iterable<string>): void {
  for (const code of new Set(codes)) invalidate(code);
}

interface Env {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

async function createAdvertisement(
  { db }: Env,
  user: SessionUser,
  projectId: string,
  input: AdvertisementInput,
  audit: AuditContext,
): Promise<string> {
  const id = ulid();
  await db.transaction().execute(async (trx) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    if (input.imageMediaId) {
      await usableMediaOr422(trx, project, input.imageMediaId, IMAGE_KINDS, '/imageMediaId');
    }
    const now = new Date().toISOString();
    await insertAdvertisement(trx, {
      id,
      customerId: project.customerId,
      projectId: project.id,
      name: input.name,
      text: input.text,
      imageMediaId: input.imageMediaId,
      link: input.link,
      displayTimeMs: input.displayTimeMs,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await insertAuditLog(trx, audit, {
      type: 'campaign',
      action: 'created',
      itemId: id,
      name: input.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { displayTimeMs: input.displayTimeMs, link: input.link },
    });
  });
  return id;
}

async function editAdvertisement(
  env: Env,
  user: SessionUser,
  projectId: string,
  id: string,
  input: AdvertisementInput,
  audit: AuditContext,
): Promise<void> {
  const { freed, codes } = await env.db.transaction().execute(async (trx) => {
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
    const auditId = await insertAuditLog(trx, audit, {
      type: 'campaign',
      action: 'updated',
      itemId: id,
      name: input.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: {
        fields: (['name', 'text', 'imageMediaId', 'link', 'displayTimeMs'] as const).filter(
          (key) => input[key] !== ad[key],
        ),
      },
    });
    const replaced =
      ad.imageMediaId && ad.imageMediaId !== input.imageMediaId ? [ad.imageMediaId] : [];
    return {
      freed: await releaseMedia(trx, replaced, audit, { parentAuditId: auditId }),
      codes: (await linksOfAdvertisement(trx, id)).map((link) => link.code),
    };
  });
  forgetCodes(codes);
  await removeStoredFiles(mediaStorageFor(env.config), freed, env.log);
}

/** Removes the advertisement (kept as a deleted row for its statistics) and its links. */
async function deleteAdvertisement(
  env: Env,
  user: SessionUser,
  projectId: string,
  id: string,
  audit: AuditContext,
): Promise<void> {
  const { freed, codes } = await env.db.transaction().execute(async (trx) => {
    const { project, ad } = await advertisementOr404(trx, user, projectId, id);
    const codes = (await linksOfAdvertisement(trx, id)).map((link) => link.code);
    await deleteAllLinksOf(trx, id);
    const now = new Date().toISOString();
    await updateAdvertisement(trx, id, { deletedAt: now, updatedAt: now, imageMediaId: null });
    const auditId = await insertAuditLog(trx, audit, {
      type: 'campaign',
      action: 'deleted',
      itemId: id,
      name: ad.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { qrCodes: codes.length },
    });
    const freed = await releaseMedia(trx, ad.imageMediaId ? [ad.imageMediaId] : [], audit, {
      parentAuditId: auditId,
    });
    return { freed, codes };
  });
  forgetCodes(codes);
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
async function setAdvertisementQrCodes(
  { db }: Env,
  user: SessionUser,
  projectId: string,
  id: string,
  qrCodeIds: string[],
  audit: AuditContext,
): Promise<void> {
  const codes = await db.transaction().execute(async (trx) => {
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
    for (const [action, ids] of [
      ['linked', added],
      ['unlinked', removed.map((link) => link.qrCodeId)],
    ] as const) {
      if (ids.length === 0) continue;
      await insertAuditLog(trx, audit, {
        type: 'campaign',
        action,
        itemId: id,
        name: ad.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { qrCodeIds: ids },
      });
    }
    return [
      ...added.map((qrCodeId) => wanted.get(qrCodeId) ?? ''),
      ...removed.map((link) => link.code),
    ];
  });
  forgetCodes(codes.filter(Boolean));
}

/** PUT …/qr-codes/{id}/advertisements: the code shows exactly these ads afterwards. */
async function setQrCodeAdvertisements(
  { db }: Env,
  user: SessionUser,
  projectId: string,
  qrCodeId: string,
  advertisementIds: string[],
  audit: AuditContext,
): Promise<void> {
  const code = await db.transaction().execute(async (trx) => {
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
        await insertAuditLog(trx, audit, {
          type: 'campaign',
          action,
          itemId: advertisementId,
          name: qrCode.name,
          customerId: project.customerId,
          projectId: project.id,
          changes: { qrCodeIds: [qrCodeId] },
        });
      }
    }
    return qrCode.code;
  });
  invalidate(code);
}

export function advertisementRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'campaign_not_found');
  const env = (request: FastifyRequest): Env => ({ db, config, log: request.log });
  const one = async (request: FastifyRequest, projectId: string, id: string) => {
    const { ad } = await advertisementOr404(db, currentUser(request), projectId, id);
    return { data: toAdvertisement(ad) };
  };
  const linkedCodesOf = async (request: FastifyRequest, projectId: string, id: string) => {
    const { project } = await advertisementOr404(db, currentUser(request), projectId, id);
    const rows = await linkedQrCodes(db, project.id, id);
    const base = await scanBaseOf(db, config, project.customerId);
    return {
      data: rows.map((row) => ({
        ...row,
        type: 'qr_code' as const,
        scanUrl: scanUrlOf(config, row.code, base),
      })),
      meta: { total: rows.length, page: 1, perPage: rows.length },
    };
  };
  const adsOfCode = async (request: FastifyRequest, projectId: string, qrCodeId: string) => {
    const { project } = await qrCodeOr404(db, currentUser(request), projectId, qrCodeId);
    const rows = await advertisementsOfQrCode(db, project.id, qrCodeId);
    return {
      data: rows.map(toAdvertisement),
      meta: { total: rows.length, page: 1, perPage: rows.length },
    };
  };

  // GET /projects/{pid}/advertisements: the project's advertisements; q searches names.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/advertisements',
    { preHandler: requirePermission('AdvertisementView') },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = listQuerySchema.parse(request.query);
      const { rows, total } = await listAdvertisements(db, project.id, query);
      return listResponse(rows.map(toAdvertisement), total, query);
    },
  );

  // POST /projects/{pid}/advertisements: create an advertisement.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/advertisements',
    { preHandler: requirePermission('AdvertisementCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = advertisementInputSchema.parse(request.body);
      const id = await createAdvertisement(
        env(request),
        currentUser(request),
        projectId,
        input,
        auditContextOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/advertisements/{id}: one advertisement.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/advertisements/:id',
    { preHandler: requirePermission('AdvertisementView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/advertisements/{id}: replace name, text, image, link and display time.
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/advertisements/:id',
    { preHandler: requirePermission('AdvertisementUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = advertisementInputSchema.parse(request.body);
      await editAdvertisement(
        env(request),
        currentUser(request),
        projectId,
        id,
        input,
        auditContextOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/advertisements/{id}: remove it and its links; codes go straight on.
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/advertisements/:id',
    { preHandler: requirePermission('AdvertisementDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await deleteAdvertisement(
        env(request),
        currentUser(request),
        projectId,
        id,
        auditContextOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // GET /projects/{pid}/advertisements/{id}/qr-codes: the QR codes showing it.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/advertisements/:id/qr-codes',
    { preHandler: requirePermission('AdvertisementView', 'QRCodeView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return linkedCodesOf(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/advertisements/{id}/qr-codes: { qrCodeIds } — the full set of codes.
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/advertisements/:id/qr-codes',
    { preHandler: requirePermission('AdvertisementUpdate', 'QRCodeView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const { qrCodeIds } = advertisementQrCodesSchema.parse(request.body);
      await setAdvertisementQrCodes(
        env(request),
        currentUser(request),
        projectId,
        id,
        qrCodeIds,
        auditContextOf(request, config),
      );
      return linkedCodesOf(request, projectId, id);
    },
  );

  // GET /projects/{pid}/advertisements/{id}/stats: views, unique views and click-throughs.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/advertisements/:id/stats',
    { preHandler: requirePermission('AdvertisementView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const range = statsQuerySchema.parse(request.query);
      const { project } = await advertisementOr404(db, currentUser(request), projectId, id);
      return { data: await advertisementStats(db, project.id, id, range) };
    },
  );

  // GET /projects/{pid}/qr-codes/{id}/advertisements: the ads a QR code shows.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/advertisements',
    { preHandler: requirePermission('QRCodeView', 'AdvertisementView') },
    async (request) => {
      const projectId = projectIdOf(request.params);
      const id = pathId(request.params.id, 'qr_code_not_found');
      return adsOfCode(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/qr-codes/{id}/advertisements: { advertisementIds } — the full set of ads.
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/advertisements',
    { preHandler: requirePermission('QRCodeView', 'AdvertisementUpdate') },
    async (request) => {
      const projectId = projectIdOf(request.params);
      const id = pathId(request.params.id, 'qr_code_not_found');
      const { advertisementIds } = qrCodeAdvertisementsSchema.parse(request.body);
      await setQrCodeAdvertisements(
        env(request),
        currentUser(request),
        projectId,
        id,
        advertisementIds,
        auditContextOf(request, config),
      );
      return adsOfCode(request, projectId, id);
    },
  );
}
