// QR codes of a project: list, create, read, edit, duplicate, trash, restore and delete, through
// the routes every project item shares (projectItems.ts).
import type { FastifyInstance } from 'fastify';
import { newQrCodeSchema, qrCodeUpdateSchema } from '../../../shared/schemas/qrCode.js';
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
import { checkQrCode, downloadQrCode } from '../../services/download.js';
import { qrCodeSchema } from '../../../shared/schemas/responses.js';
import type { RouteDeps } from './helpers.js';
import { projectItemRoutes } from './projectItems.js';
import { qrPrintRoutes } from './qrPrint.js';

export function qrCodeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  projectItemRoutes(app, deps, {
    path: 'qr-codes',
    resource: 'QRCode',
    notFound: 'qr_code_not_found',
    newSchema: newQrCodeSchema,
    updateSchema: qrCodeUpdateSchema,
    answerSchema: qrCodeSchema,
    list: 'listQrCodes',
    present: presentQrCodes,
    find: async (...args) => (await qrCodeOr404(...args)).qrCode,
    create: createQrCode,
    edit: editQrCode,
    duplicate: duplicateQrCode,
    trash: trashQrCode,
    restore: restoreQrCode,
    deleteTrashed: deleteTrashedQrCode,
  });

  qrPrintRoutes(app, deps, {
    path: 'qr-codes',
    permission: 'QRCodeView',
    notFound: 'qr_code_not_found',
    download: downloadQrCode,
    check: checkQrCode,
  });
}
