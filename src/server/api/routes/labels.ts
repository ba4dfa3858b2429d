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
  type RouteDeps,
  sentFields,
  removalRoute,
} from './helpers.js';
import { projectItemParams, projectParams, withSchemas, dataOf, listOf } from '../openapi.js';
import { labelSchema, labelSummarySchema } from '../../../shared/schemas/responses.js';
import { z } from 'zod';

export function labelRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'label_not_found');
  const one = async (request: FastifyRequest, projectId: string, id: string) => {
    const { label } = await labelOr404(db, currentUser(request), projectId, id);
    return { data: toLabel(label) };
  };

  // GET /projects/{pid}/labels: the project's tags with their item counts; q on name.
  api.get(
    '/projects/:pid/labels',
    {
      schema: {
        params: projectParams,
        querystring: listQuerySchema,
        response: { 200: listOf(labelSchema) },
      },
      preHandler: requirePermission('LabelView'),
    },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = request.query;
      const { rows, total } = await listLabels(db, project.id, query);
      return listResponse(rows.map(toLabel), total, query);
    },
  );

  // POST /projects/{pid}/labels: a new tag; the name is unique in the project.
  api.post(
    '/projects/:pid/labels',
    {
      schema: {
        params: projectParams,
        body: labelInputSchema,
        response: { 201: dataOf(labelSchema) },
      },
      preHandler: requirePermission('LabelCreate'),
    },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = request.body;
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
  api.get(
    '/projects/:pid/labels/:id',
    {
      schema: { params: projectItemParams, response: { 200: dataOf(labelSchema) } },
      preHandler: requirePermission('LabelView'),
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id);
    },
  );

  // PUT /projects/{pid}/labels/{id}: rename or recolour.
  api.put(
    '/projects/:pid/labels/:id',
    {
      schema: {
        params: projectItemParams,
        body: labelUpdateSchema,
        response: { 200: dataOf(labelSchema) },
      },
      preHandler: requirePermission('LabelUpdate'),
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const parsed = request.body;
      const sent = sentFields(parsed, request.sentBody);
      const input: Partial<LabelInput> = {
        ...('name' in sent ? { name: parsed.name } : {}),
        ...('color' in sent ? { color: parsed.color ?? null } : {}),
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
  removalRoute(
    app,
    '/projects/:pid/labels/:id',
    requirePermission('LabelDelete'),
    'label_not_found',
    (request, { projectId, id }) =>
      removeLabel(db, currentUser(request), projectId, id, unitOfWorkOf(request, config)),
  );

  // POST /projects/{pid}/labels/{id}/items: tag many items of one type in one go.
  api.post(
    '/projects/:pid/labels/:id/items',
    {
      schema: {
        params: projectItemParams,
        body: labelItemsSchema,
        response: { 200: dataOf(labelSchema) },
      },
      preHandler: requirePermission('LabelView'),
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = request.body;
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
    api.put(
      `/projects/:pid/${LABEL_ITEM_PATHS[itemType]}/:id/labels`,
      {
        schema: {
          params: projectItemParams,
          body: labelLinkSchema,
          response: { 200: dataOf(z.array(labelSummarySchema)) },
        },
        preHandler: requirePermission('LabelView', rules.update),
      },
      async (request) => {
        const projectId = projectIdOf(request.params);
        const itemId = pathId(request.params.id, rules.notFound);
        const { labelIds } = request.body;
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
