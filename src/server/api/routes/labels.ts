// Tags (labels) of a project: list, create, read, edit, delete; replacing an item's tags; and
// tagging many items at once. At most 10 tags per item (SPEC §9), names unique per project.
import type { FastifyInstance } from 'fastify';
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
import { type SessionUser, userCan } from '../plugins/session.js';
import {
  changeBy,
  guarded,
  projectItemIdsOf,
  type ProjectItemParams,
  type RouteDeps,
  sentFields,
} from './helpers.js';
import { type ItemIds, projectList, projectResourceRoutes } from './projectResource.js';
import { projectItemParams, withSchemas, dataOf } from '../openapi.js';
import { labelSchema, labelSummarySchema } from '../../../shared/schemas/responses.js';
import { z } from 'zod';

export function labelRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config } = deps;
  const api = withSchemas(app);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'label_not_found');
  const read = async (user: SessionUser, { projectId, id }: ItemIds) =>
    toLabel((await labelOr404(db, user, projectId, id)).label);

  projectResourceRoutes(app, deps, {
    path: 'labels',
    notFound: 'label_not_found',
    resource: 'Label',
    schemas: {
      create: labelInputSchema,
      update: labelUpdateSchema,
      answer: labelSchema,
    },
    // The project's tags with their item counts; q on name.
    list: projectList(db, listLabels, toLabel),
    read,
    // The name is unique in the project.
    create: ({ user, work }, projectId, input) => createLabel(db, user, projectId, input, work),
    // Rename or recolour: only the fields sent.
    edit: ({ request, user, work }, { projectId, id }, parsed) => {
      const sent = sentFields(parsed, request.sentBody);
      const input: Partial<LabelInput> = {
        ...('name' in sent ? { name: parsed.name } : {}),
        ...('color' in sent ? { color: parsed.color ?? null } : {}),
      };
      return editLabel(db, user, projectId, id, input, work);
    },
    // Removes the tag from every item, then the tag.
    remove: ({ user, work }, { projectId, id }) => removeLabel(db, user, projectId, id, work),
  });

  // POST /projects/{pid}/labels/{id}/items: tag many items of one type in one go.
  api.post(
    '/projects/:pid/labels/:id/items',
    guarded('LabelView', {
      params: projectItemParams,
      body: labelItemsSchema,
      response: { 200: dataOf(labelSchema) },
    }),
    async (request) => {
      const { itemType, itemIds } = request.body;
      const { projectId, id } = idsOf(request.params);
      const { user, work } = changeBy(request, config);
      if (!userCan(user, ITEM_RULES[itemType].update)) throw forbidden();
      await tagItems(db, user, projectId, id, itemType, itemIds, work);
      return { data: await read(user, { projectId, id }) };
    },
  );

  // PUT /projects/{pid}/{qr-codes|short-links|actions}/{id}/labels: replace an item's tags.
  for (const itemType of LABEL_ITEM_TYPES) {
    const rules = ITEM_RULES[itemType];
    api.put(
      `/projects/:pid/${LABEL_ITEM_PATHS[itemType]}/:id/labels`,
      guarded(['LabelView', rules.update], {
        params: projectItemParams,
        body: labelLinkSchema,
        response: { 200: dataOf(z.array(labelSummarySchema)) },
      }),
      async (request) => {
        const { projectId, id: itemId } = projectItemIdsOf(request.params, rules.notFound);
        const { user, work } = changeBy(request, config);
        await setItemLabels(db, user, projectId, itemType, itemId, request.body.labelIds, work);
        const labels = await labelsOfItems(db, itemType, [itemId]);
        return { data: labels.get(itemId) ?? [] };
      },
    );
  }
}
