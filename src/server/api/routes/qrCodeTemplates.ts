// QR code templates (named designs) of a project: list, create, read, edit, delete.
import type { FastifyInstance } from 'fastify';
import { qrCodeTemplateInputSchema } from '../../../shared/schemas/qrCode.js';
import { listQrCodeTemplates } from '../../repositories/qrCodeTemplates.js';
import {
  createQrCodeTemplate,
  editQrCodeTemplate,
  removeQrCodeTemplate,
  templateOr404,
  toQrCodeTemplate,
} from '../../services/qrCodeTemplates.js';
import type { RouteDeps } from './helpers.js';
import { projectList, projectResourceRoutes } from './projectResource.js';
import { qrCodeTemplateSchema } from '../../../shared/schemas/responses.js';

export function qrCodeTemplateRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;
  projectResourceRoutes(app, deps, {
    path: 'qr-code-templates',
    notFound: 'not_found',
    resource: 'QRCodeTemplate',
    schemas: {
      create: qrCodeTemplateInputSchema,
      answer: qrCodeTemplateSchema,
    },
    // q searches names.
    list: projectList(db, listQrCodeTemplates, toQrCodeTemplate),
    read: async (user, { projectId, id }) =>
      toQrCodeTemplate((await templateOr404(db, user, projectId, id)).template),
    create: ({ user, work }, projectId, input) =>
      createQrCodeTemplate(db, user, projectId, input, work),
    // Name and design are replaced whole.
    edit: ({ user, work }, { projectId, id }, input) =>
      editQrCodeTemplate(db, user, projectId, id, input, work),
    // QR codes keep their own design.
    remove: ({ user, work }, { projectId, id }) =>
      removeQrCodeTemplate(db, user, projectId, id, work),
  });
}
