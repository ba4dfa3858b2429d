// Calls the dashboard's list screens make for many items at once. The QR code and Action answers
// carry no tags, so a list asks for the tags of its page of items in one request.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUlid } from '../../../shared/ids.js';
import { LABEL_ITEM_TYPES, type LabelSummary } from '../../../shared/schemas/label.js';
import { existingItemIds, labelsOfItems } from '../../repositories/labels.js';
import { currentUser } from '../plugins/session.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { contentDisposition } from '../../services/download.js';
import {
  PRINT_PACK_FILE_NAME,
  printPackCodes,
  printPackQuerySchema,
  printPackStream,
} from '../../services/printPack.js';
import { guarded, projectOfRequest, type RouteDeps } from './helpers.js';
import { projectParams, withSchemas, dataOf, fileAnswer } from '../openapi.js';
import { itemLabelsSchema } from '../../../shared/schemas/responses.js';

/** A list page is at most this long (listQuerySchema's perPage is capped at 500 too). */
export const MAX_ITEM_LABEL_IDS = 500;

const itemLabelsQuerySchema = z.object({
  itemType: z.enum(LABEL_ITEM_TYPES),
  // Comma separated; ids that are not ULIDs cannot exist and are skipped.
  ids: z
    .string()
    .max(MAX_ITEM_LABEL_IDS * 27)
    .transform((value) => [...new Set(value.split(',').filter(isUlid))])
    .pipe(z.array(z.string()).max(MAX_ITEM_LABEL_IDS)),
});

export function bulkRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  // GET /projects/{pid}/qr-codes/print-pack?ids=&size=&dpi=&bleed=&cmyk=&force=: the print pack ZIP
  // (SVG, PDF, EPS, PNG per code, manifest.csv, label-sheet.pdf), streamed code by code;
  // x-print-pack-total says how many codes it holds, for the dashboard's progress.
  api.get(
    '/projects/:pid/qr-codes/print-pack',
    guarded('QRCodeView', {
      params: projectParams,
      querystring: printPackQuerySchema,
      response: {
        200: fileAnswer('application/zip', 'The chosen QR codes as print files in one ZIP file'),
      },
    }),
    async (request, reply) => {
      const options = request.query;
      const pack = await printPackCodes(db, currentUser(request), request.params.pid, options.ids);
      const stream = printPackStream(
        db,
        config,
        pack,
        options,
        unitOfWorkOf(request, config),
        request.log,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', PRINT_PACK_FILE_NAME))
        .header('x-print-pack-total', String(pack.codes.length))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  // GET /projects/{pid}/item-labels?itemType=&ids=: the tags of each listed item of the project.
  api.get(
    '/projects/:pid/item-labels',
    guarded('LabelView', {
      params: projectParams,
      querystring: itemLabelsQuerySchema,
      response: { 200: dataOf(itemLabelsSchema) },
    }),
    async (request) => {
      const project = await projectOfRequest(db, request);
      const { itemType, ids } = request.query;
      // Items of other projects (or trashed ones) simply get no entry.
      const own = [...(await existingItemIds(db, project.id, itemType, ids))];
      const labels = await labelsOfItems(db, itemType, own);
      const data: Record<string, LabelSummary[]> = {};
      for (const id of own) data[id] = labels.get(id) ?? [];
      return { data };
    },
  );
}
