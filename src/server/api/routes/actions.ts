// Actions ("{product}", SPEC's QR links) of a project: list, create, read, edit, delete, duplicate,
// and the QR codes and short links that use one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACTION_TYPES } from '../../../shared/enums.js';
import { actionInputSchema } from '../../../shared/schemas/action.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { simulateInputSchema } from '../../../shared/schemas/rules.js';
import { simulateAction } from '../../services/simulate.js';
import { ulidSchema } from '../../../shared/ids.js';
import { listActions, listLinkedItems } from '../../repositories/actions.js';
import {
  actionOr404,
  createAction,
  duplicateAction,
  editAction,
  presentActionsWithLabels,
  removeAction,
} from '../../services/actions.js';
import { mediaStorageFor } from '../../services/media.js';
import { placementStatistics } from '../../services/placements.js';
import { placementsInputSchema } from '../../../shared/schemas/placement.js';
import { timeseriesQuerySchema } from '../../../shared/schemas/analytics.js';
import { rangeIn } from '../../../shared/timeZone.js';
import { findQrCodesByIds } from '../../repositories/qrCodes.js';
import { createPlacements, presentQrCodes, scanBaseOf } from '../../services/qrCodes.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, type SessionUser } from '../plugins/session.js';
import {
  guarded,
  itemScanUrl,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type RouteDeps,
  wholeList,
} from './helpers.js';
import { type ItemIds, projectResourceRoutes } from './projectResource.js';
import { projectItemParams, withSchemas, dataOf, listOf } from '../openapi.js';
import {
  actionSchema,
  linkedItemSchema,
  placementsListSchema,
  qrCodeSchema,
  simulateResultSchema,
} from '../../../shared/schemas/responses.js';

const actionListQuerySchema = listQuerySchema.extend({
  objectType: z.enum(ACTION_TYPES).optional(),
  labelId: ulidSchema.optional(),
});

export function actionRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config } = deps;
  const api = withSchemas(app);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'qrlink_not_found');
  const env = (request: FastifyRequest) => ({ storage: mediaStorageFor(config), log: request.log });
  const read = async (user: SessionUser, { projectId, id }: ItemIds) => {
    const { action } = await actionOr404(db, user, projectId, id);
    return (await presentActionsWithLabels(db, [action]))[0];
  };

  projectResourceRoutes(app, deps, {
    path: 'actions',
    notFound: 'qrlink_not_found',
    resource: 'QRLink',
    schemas: {
      query: actionListQuerySchema,
      create: actionInputSchema,
      answer: actionSchema,
    },
    // q searches names, filters objectType, labelId.
    list: async (project, query) => {
      const { rows, total } = await listActions(db, project.id, query, {
        objectType: query.objectType,
        labelId: query.labelId,
      });
      return { rows: await presentActionsWithLabels(db, rows), total };
    },
    // Media fields with their stored source.
    read,
    create: ({ user, work }, projectId, input) => createAction(db, user, projectId, input, work),
    // Name, kind, data and activity are replaced whole.
    edit: ({ request, user, work }, { projectId, id }, input) =>
      editAction(db, env(request), user, projectId, id, input, work),
    // Its codes become inactive.
    remove: ({ request, user, work }, { projectId, id }) =>
      removeAction(db, env(request), user, projectId, id, work),
  });

  // POST /projects/{pid}/actions/{id}/simulate: what a scan would answer for a made-up visitor
  // (smart codes, issue 16); records nothing, so whoever may read the Action may ask.
  api.post(
    '/projects/:pid/actions/:id/simulate',
    guarded('QRLinkView', {
      params: projectItemParams,
      body: simulateInputSchema,
      response: { 200: dataOf(simulateResultSchema) },
    }),
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return {
        data: await simulateAction(db, currentUser(request), projectId, id, request.body),
      };
    },
  );

  // POST /projects/{pid}/actions/{id}/duplicate: a copy named "{name} (copy)".
  api.post(
    '/projects/:pid/actions/:id/duplicate',
    guarded('QRLinkDuplicate', {
      params: projectItemParams,
      response: { 201: dataOf(actionSchema) },
    }),
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const copyId = await duplicateAction(
        db,
        currentUser(request),
        projectId,
        id,
        unitOfWorkOf(request, config),
      );
      return reply
        .code(201)
        .send({ data: await read(currentUser(request), { projectId, id: copyId }) });
    },
  );

  // GET /projects/{pid}/actions/{id}/qr-codes: the QR codes and short links using the Action.
  api.get(
    '/projects/:pid/actions/:id/qr-codes',
    guarded('QRLinkView', {
      params: projectItemParams,
      response: { 200: listOf(linkedItemSchema) },
    }),
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const { project } = await actionOr404(db, currentUser(request), projectId, id);
      const rows = await listLinkedItems(db, project.id, id);
      const base = await scanBaseOf(db, config, project.customerId);
      return wholeList(
        rows.map((row) => ({
          id: row.id,
          type: row.type,
          projectId: row.projectId,
          name: row.name,
          description: row.description,
          code: row.code,
          scanUrl: itemScanUrl(config, row, base),
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  );

  // POST /projects/{pid}/actions/{id}/placements: one new QR code per name, in one change.
  api.post(
    '/projects/:pid/actions/:id/placements',
    guarded('QRCodeCreate', {
      params: projectItemParams,
      body: placementsInputSchema,
      response: { 201: dataOf(z.array(qrCodeSchema)) },
    }),
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const { names } = request.body;
      const user = currentUser(request);
      const ids = await createPlacements(
        db,
        user,
        projectId,
        id,
        names,
        unitOfWorkOf(request, config),
      );
      const rows = await findQrCodesByIds(db, projectId, ids);
      const order = new Map(ids.map((qrId, index) => [qrId, index]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return reply.code(201).send({ data: await presentQrCodes(db, config, rows) });
    },
  );

  // GET /projects/{pid}/actions/{id}/placements: its QR codes' scans side by side over from…to.
  api.get(
    '/projects/:pid/actions/:id/placements',
    {
      // The range is read as the statistics routes read it, with the project from the path.
      schema: { params: projectItemParams, response: { 200: placementsListSchema } },
      preHandler: requirePermission('QRLinkView'),
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const query = timeseriesQuerySchema.parse({
        ...(request.query as object),
        projectId,
      });
      const project = await projectOfRequest(db, request);
      const { from, to } = rangeIn(query, project.timeZone);
      const data = await placementStatistics(
        db,
        config,
        currentUser(request),
        projectId,
        id,
        from,
        to,
      );
      return {
        data,
        meta: {
          from: from.toISOString(),
          to: to.toISOString(),
          total: data.length,
          scans: data.reduce((sum, row) => sum + row.scans, 0),
        },
      };
    },
  );
}
