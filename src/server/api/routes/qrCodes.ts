// QR codes of a project: list, create, read, edit, duplicate, trash, restore and delete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { ulidSchema } from '../../../shared/ids.js';
import { newQrCodeSchema, qrCodeUpdateSchema } from '../../../shared/schemas/qrCode.js';
import type { Db } from '../../db/database.js';
import type { Config } from '../../config.js';
import { labelsOfItems } from '../../repositories/labels.js';
import { listQrCodes, type QrCodeWithAction } from '../../repositories/qrCodes.js';
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
import { unitOfWorkOf } from '../plugins/audit.js';
import {
  checkQrCode,
  contentDisposition,
  downloadQrCode,
  printQuerySchema,
  refinePngPixels,
} from '../../services/download.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type ProjectParams,
  type RouteDeps,
  sentFields,
} from './helpers.js';

const qrCodeListQuerySchema = listQuerySchema.extend({
  actionId: ulidSchema.optional(),
  labelId: ulidSchema.optional(),
});

/** The answers of a page of QR codes, each with its tags (one query for the whole page). */
async function present(db: Db, config: Config, rows: QrCodeWithAction[]) {
  const answers = await presentQrCodes(db, config, rows);
  const labels = await labelsOfItems(
    db,
    'qr_code',
    rows.map((row) => row.id),
  );
  return answers.map((answer) => ({ ...answer, labels: labels.get(answer.id) ?? [] }));
}

export function qrCodeRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'qr_code_not_found');
  const one = async (
    request: FastifyRequest,
    projectId: string,
    id: string,
    options: { includeTrashed?: boolean } = {},
  ) => {
    const { qrCode } = await qrCodeOr404(db, currentUser(request), projectId, id, options);
    return { data: (await present(db, config, [qrCode]))[0] };
  };

  // GET /projects/{pid}/qr-codes: QR codes outside the trash; q on name and code, filters actionId, labelId.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/qr-codes',
    { preHandler: requirePermission('QRCodeView') },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = qrCodeListQuerySchema.parse(request.query);
      const { rows, total } = await listQrCodes(db, project.id, query, {
        actionId: query.actionId,
        labelId: query.labelId,
      });
      return listResponse(await present(db, config, rows), total, query);
    },
  );

  // POST /projects/{pid}/qr-codes: create a QR code with a fresh code, within the limits.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/qr-codes',
    { preHandler: requirePermission('QRCodeCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = newQrCodeSchema.parse(request.body);
      const id = await createQrCode(
        db,
        currentUser(request),
        projectId,
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/qr-codes/{id}: one QR code (also from the trash).
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id',
    { preHandler: requirePermission('QRCodeView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id, { includeTrashed: true });
    },
  );

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

  // PUT /projects/{pid}/qr-codes/{id}: change the fields sent (name, description, actionId, templateId, design).
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id',
    { preHandler: requirePermission('QRCodeUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = sentFields(qrCodeUpdateSchema.parse(request.body ?? {}), request.body);
      await editQrCode(
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

  // POST /projects/{pid}/qr-codes/{id}/duplicate: a new code with the same Action and design.
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/duplicate',
    { preHandler: requirePermission('QRCodeDuplicate') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const copyId = await duplicateQrCode(
        db,
        currentUser(request),
        projectId,
        id,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, copyId));
    },
  );

  // DELETE /projects/{pid}/qr-codes/{id}/trash: move to the trash.
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/trash',
    { preHandler: requirePermission('QRCodeTrash') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await trashQrCode(db, currentUser(request), projectId, id, unitOfWorkOf(request, config));
      return reply.code(204).send();
    },
  );

  // POST /projects/{pid}/qr-codes/{id}/restore: back from the trash, if the limits leave room.
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id/restore',
    { preHandler: requirePermission('QRCodeRestore') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      await restoreQrCode(db, currentUser(request), projectId, id, unitOfWorkOf(request, config));
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/qr-codes/{id}: permanent delete of a trashed QR code.
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/qr-codes/:id',
    { preHandler: requirePermission('QRCodeDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await deleteTrashedQrCode(
        db,
        currentUser(request),
        projectId,
        id,
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );
}
