// QR code templates (named designs) of a project: list, create, read, edit, delete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { qrCodeTemplateInputSchema } from '../../../shared/schemas/qrCode.js';
import { listQrCodeTemplates } from '../../repositories/qrCodeTemplates.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import {
  createQrCodeTemplate,
  editQrCodeTemplate,
  removeQrCodeTemplate,
  templateOr404,
  toQrCodeTemplate,
} from '../../services/qrCodeTemplates.js';
import { auditContextOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import { listResponse, pathId, type RouteDeps } from './helpers.js';

interface ProjectParams {
  pid: string;
}
interface TemplateParams extends ProjectParams {
  id: string;
}

export function qrCodeTemplateRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const projectIdOf = (params: ProjectParams) => pathId(params.pid, 'project_not_found');
  const idsOf = (params: TemplateParams) => ({
    projectId: projectIdOf(params),
    id: pathId(params.id, 'not_found'),
  });
  const one = async (request: FastifyRequest, projectId: string, id: string) => {
    const { template } = await templateOr404(db, currentUser(request), projectId, id);
    return { data: toQrCodeTemplate(template) };
  };

  // GET /projects/{pid}/qr-code-templates: the project's templates; q searches names.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/qr-code-templates',
    { preHandler: requirePermission('QRCodeTemplateView') },
    async (request) => {
      const project = await visibleProjectOr404(
        db,
        currentUser(request),
        projectIdOf(request.params),
      );
      const query = listQuerySchema.parse(request.query);
      const { rows, total } = await listQrCodeTemplates(db, project.id, query);
      return listResponse(rows.map(toQrCodeTemplate), total, query);
    },
  );

  // POST /projects/{pid}/qr-code-templates: create a template.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/qr-code-templates',
    { preHandler: requirePermission('QRCodeTemplateCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = qrCodeTemplateInputSchema.parse(request.body);
      const id = await createQrCodeTemplate(
        db,
        currentUser(request),
        projectId,
        input,
        auditContextOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/qr-code-templates/{id}: one template.
  app.get<{ Params: TemplateParams }>(
    '/projects/:pid/qr-code-templates/:id',
    { preHandler: requirePermission('QRCodeTemplateView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/qr-code-templates/{id}: replace name and design.
  app.put<{ Params: TemplateParams }>(
    '/projects/:pid/qr-code-templates/:id',
    { preHandler: requirePermission('QRCodeTemplateUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = qrCodeTemplateInputSchema.parse(request.body);
      await editQrCodeTemplate(
        db,
        currentUser(request),
        projectId,
        id,
        input,
        auditContextOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/qr-code-templates/{id}: delete; QR codes keep their own design.
  app.delete<{ Params: TemplateParams }>(
    '/projects/:pid/qr-code-templates/:id',
    { preHandler: requirePermission('QRCodeTemplateDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await removeQrCodeTemplate(
        db,
        currentUser(request),
        projectId,
        id,
        auditContextOf(request, config),
      );
      return reply.code(204).send();
    },
  );
}
