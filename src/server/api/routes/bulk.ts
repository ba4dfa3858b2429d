// Calls the dashboard's list screens make for many items at once. The QR code and Action answers
// carry no tags, so a list asks for the tags of its page of items in one request.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUlid } from '../../../shared/ids.js';
import { LABEL_ITEM_TYPES, type LabelSummary } from '../../../shared/schemas/label.js';
import { existingItemIds, labelsOfItems } from '../../repositories/labels.js';
import { requirePermission } from '../plugins/session.js';
import { projectOfRequest, type ProjectParams, type RouteDeps } from './helpers.js';

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

export function bulkRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  // GET /projects/{pid}/item-labels?itemType=&ids=: the tags of each listed item of the project.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/item-labels',
    { preHandler: requirePermission('LabelView') },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const { itemType, ids } = itemLabelsQuerySchema.parse(request.query);
      // Items of other projects (or trashed ones) simply get no entry.
      const own = [...(await existingItemIds(db, project.id, itemType, ids))];
      const labels = await labelsOfItems(db, itemType, own);
      const data: Record<string, LabelSummary[]> = {};
      for (const id of own) data[id] = labels.get(id) ?? [];
      return { data };
    },
  );
}
