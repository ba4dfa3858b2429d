// QR code templates (named designs) of a project: list, create, read, edit, delete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { qrCodeTemplateInputSchema } from '../../../shared/schemas/qrCode.js';
import { listQrCodeTemplates } from '../../repositories/qrCodeTemplates.js';
import {
  createQrCodeTemplate,
  editQrCodeTemplate,
  removeQrCodeTemplate,
  templateOr404,
  toQrCodeTemplate,
} from '../../services/qrCodeTemplates.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type RouteDeps,
  removalRoute,
} from './helpers.js';
import { projectItemParams, projectParams, withSchemas, dataOf, listOf } from '../openapi.js';
import { qrCodeTemplateSchema } from '../../../shared/schemas/responses.js';

export function qrCodeTemplateRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'not_found');
  const one = async (request: FastifyRequest, projectId: string, id: string) => {
    const { template } = await templateOr404(db, currentUser(request), projectId, id);
    return { data: toQrCodeTemplate(template) };
  };

  // GET /projects/{pid}/qr-code-templates: the project's templates; q searches names.
  api.get(
    '/projects/:pid/qr-code-templates',
    {
      schema: {
        params: projectParams,
        querystring: listQuerySchema,
        response: { 200: listOf(qrCodeTemplateSchema) },
      },
      preHandler: requirePermission('QRCodeTemplateView'),
    },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = request.query;
      const { rows, total } = await listQrCodeTemplates(db, project.id, query);
      return listResponse(rows.map(toQrCodeTemplate), total, query);
    },
  );

  // POST /projects/{pid}/qr-code-templates: create a template.
  api.post(
    '/projects/:pid/qr-code-templates',
    {
      schema: {
        params: projectParams,
        body: qrCodeTemplateInputSchema,
        response: { 201: dataOf(qrCodeTemplateSchema) },
      },
      preHandler: requirePermission('QRCodeTemplateCreate'),
    },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = request.body;
      const id = await createQrCodeTemplate(
        db,
        currentUser(request),
        projectId,
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/qr-code-templates/{id}: one template.
  api.get(
    '/projects/:pid/qr-code-templates/:id',
    {
      schema: { params: projectItemParams, response: { 200: dataOf(qrCodeTemplateSchema) } },
      preHandler: requirePermission('QRCodeTemplateView'),
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/qr-code-templates/{id}: replace name and design.
  api.put(
    '/projects/:pid/qr-code-templates/:id',
    {
      schema: {
        params: projectItemParams,
        body: qrCodeTemplateInputSchema,
        response: { 200: dataOf(qrCodeTemplateSchema) },
      },
      preHandler: requirePermission('QRCodeTemplateUpdate'),
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = request.body;
      await editQrCodeTemplate(
        db,
        currentUser(request),
        projectId,
        id,
        input,
        unitOfWorkOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/qr-code-templates/{id}: delete; QR codes keep their own design.
  removalRoute(
    app,
    '/projects/:pid/qr-code-templates/:id',
    requirePermission('QRCodeTemplateDelete'),
    'not_found',
    (request, { projectId, id }) =>
      removeQrCodeTemplate(db, currentUser(request), projectId, id, unitOfWorkOf(request, config)),
  );
}
