// The project trash: trashed QR codes and short links listed together, and emptying it. Emptying
// lives at …/trash/items because SPEC §7 gives DELETE /projects/{id}/trash to trashing the project.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { listTrash } from '../../repositories/qrCodes.js';
import { emptyTrash } from '../../services/projectItems.js';
import { scanBaseOf } from '../../services/qrCodes.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser } from '../plugins/session.js';
import {
  guarded,
  itemScanUrl,
  listResponse,
  projectIdOf,
  projectOfRequest,
  type RouteDeps,
} from './helpers.js';
import { projectParams, withSchemas, listOf, noContent } from '../openapi.js';
import { trashItemSchema } from '../../../shared/schemas/responses.js';

const trashQuerySchema = listQuerySchema.extend({
  type: z.enum(['qr_code', 'short_link']).optional(),
});

export function trashRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  // GET /projects/{pid}/trash: trashed QR codes and short links, newest first; filter type.
  api.get(
    '/projects/:pid/trash',
    guarded(['QRCodeView', 'ShortLinkView'], {
      params: projectParams,
      querystring: trashQuerySchema,
      response: { 200: listOf(trashItemSchema) },
    }),
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = request.query;
      const { rows, total } = await listTrash(db, project.id, query, query.type);
      const base = await scanBaseOf(db, config, project.customerId);
      return listResponse(
        rows.map((row) => ({
          id: row.id,
          type: row.type,
          projectId: row.projectId,
          name: row.name,
          code: row.code,
          scanUrl: itemScanUrl(config, row, base),
          trashedAt: row.trashedAt,
          createdAt: row.createdAt,
        })),
        total,
        query,
      );
    },
  );

  // DELETE /projects/{pid}/trash/items: empty the trash (DELETE …/trash itself trashes the project).
  api.delete(
    '/projects/:pid/trash/items',
    guarded(['QRCodeDelete', 'ShortLinkDelete'], {
      params: projectParams,
      response: { 204: noContent },
    }),
    async (request, reply) => {
      await emptyTrash(
        db,
        currentUser(request),
        projectIdOf(request.params),
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );
}
