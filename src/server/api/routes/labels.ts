// Tags (labels) of a project: list, create, read, edit, delete; replacing an item's tags; and
// tagging many items at once. At most 10 tags per item (SPEC §9), names unique per project.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import {
  LABEL_ITEM_PATHS,
  LABEL_ITEM_TYPES,
  labelInputSchema,
  labelItemsSchema,
  labelLinkSchema,
  labelUpdateSchema,
  type LabelInput,
} from '../../../shared/schemas/label.js';
import { labelsOfItems, listLabels } from '../../repositories/labels.js';
import { forbidden } from '../../domain/errors.js';
import {
  ITEM_RULES,
  toLabel,
  labelOr404,
  createLabel,
  editLabel,
  removeLabel,
  setItemLabels,
  tagItems,
} from '../../services/labels.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, userCan } from '../plugins/session.js';
import {
  listResponse,
  pathId,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type ProjectParams,
  type RouteDeps,
} from './helpers.js';

export function labelRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'label_not_found');
  const one = async (request: FastifyRequest, projectId: string, id: string) => {
    const { label } = await labelOr404(db, currentUser(request), projectId, id);
    return { data: toLabel(label) };
  };

  // GET /projects/{pid}/labels: the project's tags with their item counts; q on name.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/labels',
    { preHandler: requirePermission('LabelView') },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = listQuerySchema.parse(request.query);
      const { rows, total } = await listLabels(db, project.id, query);
      return listResponse(rows.map(toLabel), total, query);
    },
  );

  // POST /projects/{pid}/labels: a new tag; the name is unique in the project.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/labels',
    { preHandler: requirePermission('LabelCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = labelInputSchema.parse(request.body);
      const id = await createLabel(
        db,
        currentUser(request),
        projectId,
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/labels/{id}: one tag.
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/labels/:id',
    { preHandler: requirePermission('LabelView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/labels/{id}: rename or recolour.
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/labels/:id',
    { preHandler: requirePermission('LabelUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = labelUpdateSchema.parse(body);
      const input: Partial<LabelInput> = {
        ...('name' in body ? { name: parsed.name } : {}),
        ...('color' in body ? { color: parsed.color ?? null } : {}),
      };
      await editLabel(
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

  // DELETE /projects/{pid}/labels/{id}: removes the tag from every item, then the tag.
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/labels/:id',
    { preHandler: requirePermission('LabelDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await removeLabel(db, currentUser(request), projectId, id, unitOfWorkOf(request, config));
      return reply.code(204).send();
    },
  );

  // POST /projects/{pid}/labels/{id}/items: tag many items of one type in one go.
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/labels/:id/items',
    { preHandler: requirePermission('LabelView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = labelItemsSchema.parse(request.body);
      const user = currentUser(request);
      if (!userCan(user, ITEM_RULES[input.itemType].update)) throw forbidden();
      await tagItems(
        db,
        user,
        projectId,
        id,
        input.itemType,
        input.itemIds,
        unitOfWorkOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/{qr-codes|short-links|actions}/{id}/labels: replace an item's tags.
  for (const itemType of LABEL_ITEM_TYPES) {
    const rules = ITEM_RULES[itemType];
    app.put<{ Params: ProjectItemParams }>(
      `/projects/:pid/${LABEL_ITEM_PATHS[itemType]}/:id/labels`,
      { preHandler: requirePermission('LabelView', rules.update) },
      async (request) => {
        const projectId = projectIdOf(request.params);
        const itemId = pathId(request.params.id, rules.notFound);
        const { labelIds } = labelLinkSchema.parse(request.body);
        await setItemLabels(
          db,
          currentUser(request),
          projectId,
          itemType,
          itemId,
          labelIds,
          unitOfWorkOf(request, config),
        );
        const labels = await labelsOfItems(db, itemType, [itemId]);
        return { data: labels.get(itemId) ?? [] };
      },
    );
  }
}
