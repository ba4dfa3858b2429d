// QR codes of a project: list, create, read, edit, duplicate, trash, restore and delete, through
// the routes every project item shares (projectItems.ts).
import type { FastifyInstance } from 'fastify';
import { newQrCodeSchema, qrCodeUpdateSchema } from '../../../shared/schemas/qrCode.js';
import { listQrCodes } from '../../repositories/qrCodes.js';
import {
  createQrCode,
  deleteTrashedQrCode,
  duplicateQrCode,
  editQrCode,
  presentQrCodes,
  qrCodeOr404,
  restoreQrCode,
  trashQrCode,
} from '../../services/qrCodes.js';
import {
  checkQrCode,
  contentDisposition,
  downloadQrCode,
  printQuerySchema,
  refinePngPixels,
} from '../../services/download.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import { projectItemIdsOf, type ProjectItemParams, type RouteDeps } from './helpers.js';
import { projectItemRoutes } from './projectItems.js';

export function qrCodeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config } = deps;
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'qr_code_not_found');
  projectItemRoutes(app, deps, {
    path: 'qr-codes',
    resource: 'QRCode',
    notFound: 'qr_code_not_found',
    newSchema: newQrCodeSchema,
    updateSchema: qrCodeUpdateSchema,
    list: listQrCodes,
    present: presentQrCodes,
    find: async (...args) => (await qrCodeOr404(...args)).qrCode,
    create: createQrCode,
    edit: editQrCode,
    duplicate: duplicateQrCode,
    trash: trashQrCode,
    restore: restoreQrCode,
    deleteTrashed: deleteTrashedQrCode,
  });

  // GET /projects/{pid}/qr-codes/{id}/download?format=png|svg|pdf|eps&size={mm}&dpi=&bleed=&cmyk=&force=:
  // the print file, drawn on the server; refused (422 qr_not_scannable) when it would not scan,
  // unless force=true.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/download',
    { preHandler: requirePermission('QRCodeView') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const options = printQuerySchema
        .superRefine((query, context) => {
          if (query.format === 'png') refinePngPixels(query, context);
        })
        .parse(request.query ?? {});
      const file = await downloadQrCode(
        db,
        config,
        currentUser(request),
        projectId,
        id,
        options,
        unitOfWorkOf(request, config),
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('x-qr-scan-check', file.check.ok ? 'pass' : 'forced')
        .send(file.body);
    },
  );

  // GET /projects/{pid}/qr-codes/{id}/scan-check?size={mm}: the scannability gate's verdict.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/scan-check',
    { preHandler: requirePermission('QRCodeView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const { size } = printQuerySchema.pick({ size: true }).parse(request.query ?? {});
      return { data: await checkQrCode(db, config, currentUser(request), projectId, id, size) };
    },
  );
}
