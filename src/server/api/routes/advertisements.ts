// Advertisements (SPEC's campaigns) of a project: list, create, read, edit, delete, their QR codes
// (from either side) and their view/click counts. The changes live in services/advertisements.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  advertisementInputSchema,
  advertisementQrCodesSchema,
  qrCodeAdvertisementsSchema,
} from '../../../shared/schemas/advertisement.js';
import { analyticsInstant } from '../../../shared/schemas/analytics.js';
import { rangeIn } from '../../../shared/timeZone.js';
import {
  advertisementStats,
  advertisementsOfQrCode,
  linkedQrCodes,
  listAdvertisements,
} from '../../repositories/advertisements.js';
import {
  advertisementOr404,
  createAdvertisement,
  deleteAdvertisement,
  editAdvertisement,
  setAdvertisementQrCodes,
  setQrCodeAdvertisements,
  toAdvertisement,
  type AdvertisementEnv,
} from '../../services/advertisements.js';
import { qrCodeOr404, scanBaseOf, scanUrlOf } from '../../services/qrCodes.js';
import { rangeRows } from '../../services/statistics.js';
import { currentUser } from '../plugins/session.js';
import {
  changeBy,
  guarded,
  projectItemIdsOf,
  type ProjectItemParams,
  type RouteDeps,
  wholeList,
} from './helpers.js';
import { projectList, projectResourceRoutes } from './projectResource.js';
import { projectItemParams, withSchemas, dataOf, listOf } from '../openapi.js';
import {
  advertisementSchema,
  advertisementQrCodeSchema,
  advertisementStatsSchema,
} from '../../../shared/schemas/responses.js';

// Like the statistics' range: a date-only bound is that day where the project is.
const statsQuerySchema = z.object({
  from: analyticsInstant.optional(),
  to: analyticsInstant.optional(),
});

export function advertisementRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config } = deps;
  const api = withSchemas(app);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'campaign_not_found');
  const qrCodeIdsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'qr_code_not_found');
  const env = (request: FastifyRequest): AdvertisementEnv => ({ config, log: request.log });
  const linkedCodesOf = async (request: FastifyRequest, projectId: string, id: string) => {
    const { project } = await advertisementOr404(db, currentUser(request), projectId, id);
    const rows = await linkedQrCodes(db, project.id, id);
    const base = await scanBaseOf(db, config, project.customerId);
    return wholeList(
      rows.map((row) => ({
        ...row,
        type: 'qr_code' as const,
        scanUrl: scanUrlOf(config, row.code, base),
      })),
    );
  };
  const adsOfCode = async (request: FastifyRequest, projectId: string, qrCodeId: string) => {
    const { project } = await qrCodeOr404(db, currentUser(request), projectId, qrCodeId);
    const rows = await advertisementsOfQrCode(db, project.id, qrCodeId);
    return wholeList(rows.map(toAdvertisement));
  };

  projectResourceRoutes(app, deps, {
    path: 'advertisements',
    notFound: 'campaign_not_found',
    resource: 'Advertisement',
    schemas: {
      create: advertisementInputSchema,
      answer: advertisementSchema,
    },
    // q searches names.
    list: projectList(db, listAdvertisements, toAdvertisement),
    read: async (user, { projectId, id }) =>
      toAdvertisement((await advertisementOr404(db, user, projectId, id)).ad),
    create: ({ user, work }, projectId, input) => createAdvertisement(user, projectId, input, work),
    // Name, text, image, link and display time are replaced whole.
    edit: ({ request, user, work }, { projectId, id }, input) =>
      editAdvertisement(env(request), user, projectId, id, input, work),
    // It and its links go; the codes go straight on.
    remove: ({ request, user, work }, { projectId, id }) =>
      deleteAdvertisement(env(request), user, projectId, id, work),
  });

  // GET /projects/{pid}/advertisements/{id}/qr-codes: the QR codes showing it.
  api.get(
    '/projects/:pid/advertisements/:id/qr-codes',
    guarded(['AdvertisementView', 'QRCodeView'], {
      params: projectItemParams,
      response: { 200: listOf(advertisementQrCodeSchema) },
    }),
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return linkedCodesOf(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/advertisements/{id}/qr-codes: { qrCodeIds } — the full set of codes.
  api.put(
    '/projects/:pid/advertisements/:id/qr-codes',
    guarded(['AdvertisementUpdate', 'QRCodeView'], {
      params: projectItemParams,
      body: advertisementQrCodesSchema,
      response: { 200: listOf(advertisementQrCodeSchema) },
    }),
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const { user, work } = changeBy(request, config);
      await setAdvertisementQrCodes(user, projectId, id, request.body.qrCodeIds, work);
      return linkedCodesOf(request, projectId, id);
    },
  );

  // GET /projects/{pid}/advertisements/{id}/stats: views, unique views and click-throughs.
  api.get(
    '/projects/:pid/advertisements/:id/stats',
    guarded('AdvertisementView', {
      params: projectItemParams,
      querystring: statsQuerySchema,
      response: { 200: dataOf(advertisementStatsSchema) },
    }),
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const { from, to } = request.query;
      const { project } = await advertisementOr404(db, currentUser(request), projectId, id);
      const range =
        from || to
          ? rangeIn(
              {
                from: new Date(from ?? 0),
                to: to ? new Date(to) : new Date(),
                fromText: from,
                toText: to,
              },
              project.timeZone,
            )
          : null;
      const ranges = range ? rangeRows(range.from, range.to, project.timeZone) : undefined;
      return { data: await advertisementStats(db, id, ranges) };
    },
  );

  // GET /projects/{pid}/qr-codes/{id}/advertisements: the ads a QR code shows.
  api.get(
    '/projects/:pid/qr-codes/:id/advertisements',
    guarded(['QRCodeView', 'AdvertisementView'], {
      params: projectItemParams,
      response: { 200: listOf(advertisementSchema) },
    }),
    async (request) => {
      const { projectId, id } = qrCodeIdsOf(request.params);
      return adsOfCode(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/qr-codes/{id}/advertisements: { advertisementIds } — the full set of ads.
  api.put(
    '/projects/:pid/qr-codes/:id/advertisements',
    guarded(['QRCodeView', 'AdvertisementUpdate'], {
      params: projectItemParams,
      body: qrCodeAdvertisementsSchema,
      response: { 200: listOf(advertisementSchema) },
    }),
    async (request) => {
      const { projectId, id } = qrCodeIdsOf(request.params);
      const { user, work } = changeBy(request, config);
      await setQrCodeAdvertisements(user, projectId, id, request.body.advertisementIds, work);
      return adsOfCode(request, projectId, id);
    },
  );
}
