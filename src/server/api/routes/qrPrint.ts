// A stored item's QR code as a print file: GET …/{id}/download and …/{id}/scan-check, the same
// for QR codes and short links (services/download.ts draws and gates both).
import type { FastifyInstance } from 'fastify';
import type { ApiErrorCode } from '../../../shared/errors.js';
import type { PermissionKey } from '../../../shared/permissions.js';
import {
  contentDisposition,
  printQuerySchema,
  refinePngPixels,
  type CheckItem,
  type DownloadItem,
} from '../../services/download.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser } from '../plugins/session.js';
import { guarded, projectItemIdsOf, type ProjectItemParams, type RouteDeps } from './helpers.js';
import { projectItemParams, withSchemas, dataOf, fileAnswer } from '../openapi.js';
import { scanCheckSchema } from '../../../shared/schemas/responses.js';

/** The collections whose items download as a QR code (the isolation suite expands these too). */
export const QR_PRINT_PATHS = ['qr-codes', 'short-links'] as const;

export interface QrPrintRouteOptions {
  path: (typeof QR_PRINT_PATHS)[number];
  permission: PermissionKey;
  notFound: ApiErrorCode;
  download: DownloadItem;
  check: CheckItem;
}

/** A PNG's pixel size is checked against the print size it is asked for. */
const downloadQuerySchema = printQuerySchema.superRefine((query, context) => {
  if (query.format === 'png') refinePngPixels(query, context);
});

export function qrPrintRoutes(
  app: FastifyInstance,
  { db, config }: RouteDeps,
  route: QrPrintRouteOptions,
): void {
  const api = withSchemas(app);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, route.notFound);

  // GET /projects/{pid}/{path}/{id}/download?format=png|svg|pdf|eps&size={mm}&dpi=&bleed=&cmyk=&force=:
  // the print file, drawn on the server; refused (422 qr_not_scannable) when it would not scan,
  // unless force=true.
  api.get(
    `/projects/:pid/${route.path}/:id/download`,
    guarded(route.permission, {
      params: projectItemParams,
      querystring: downloadQuerySchema,
      response: {
        200: fileAnswer(
          'application/octet-stream',
          'The QR code as a print file (SVG, PNG, PDF or EPS, by format)',
        ),
      },
    }),
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const options = request.query;
      const file = await route.download(
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

  // GET /projects/{pid}/{path}/{id}/scan-check?size={mm}: the scannability gate's verdict.
  api.get(
    `/projects/:pid/${route.path}/:id/scan-check`,
    guarded(route.permission, {
      params: projectItemParams,
      querystring: printQuerySchema.pick({ size: true }),
      response: { 200: dataOf(scanCheckSchema) },
    }),
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const { size } = request.query;
      return { data: await route.check(db, config, currentUser(request), projectId, id, size) };
    },
  );
}
