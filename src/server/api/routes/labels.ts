// Tags (labels) of a project: list, create, read, edit, delete; replacing an item's tags; and
// tagging many items at once. At most 10 tags per item (SPEC §9), names unique per project.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ulid } from 'ulidx';
import { MAX_TAGS_PER_ITEM } from '../../../shared/constants.js';
import type { ApiErrorCode } from '../../../shared/errors.js';
import { hasPermission, type PermissionKey } from '../../../shared/permissions.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import {
  LABEL_ITEM_PATHS,
  LABEL_ITEM_TYPES,
  labelInputSchema,
  labelItemsSchema,
  labelLinkSchema,
  labelUpdateSchema,
  type Label,
  type LabelInput,
  type LabelItemType,
} from '../../../shared/schemas/label.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import { insertAuditLog, type AuditContext } from '../../repositories/auditLogs.js';
import { withUniqueGuard, type Executor } from '../../repositories/executor.js';
import {
  deleteLabel,
  existingItemIds,
  existingLabelIds,
  findLabel,
  insertLabel,
  insertLabelLinks,
  isLabelNameTaken,
  itemsWithLabel,
  labelCounts,
  labelsOfItems,
  listLabels,
  replaceItemLabels,
  updateLabel,
  type LabelWithCount,
} from '../../repositories/labels.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { forbidden, HttpError, invalidField, notFound } from '../httpError.js';
import { auditContextOf } from '../plugins/audit.js';
import { currentUser, requirePermission, type SessionUser } from '../plugins/session.js';
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

/** Per item type: its 404 code and the permission that changes it. */
const ITEM_RULES: Record<LabelItemType, { notFound: ApiErrorCode; update: PermissionKey }> = {
  qr_code: { notFound: 'qr_code_not_found', update: 'QRCodeUpdate' },
  short_link: { notFound: 'short_link_not_found', update: 'ShortLinkUpdate' },
  action: { notFound: 'qrlink_not_found', update: 'QRLinkUpdate' },
};

function toLabel(row: LabelWithCount): Label {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    color: row.color,
    itemCount: row.itemCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const nameTaken = () =>
  invalidField('label_name_duplicated', '/name', 'This label name is already in use');

const linkLimit = (pointer: string, itemIds?: string[]) =>
  new HttpError(
    422,
    'label_link_limit_reached',
    `At most ${MAX_TAGS_PER_ITEM} labels can be linked to an item`,
    pointer,
    { max: MAX_TAGS_PER_ITEM, ...(itemIds ? { itemIds } : {}) },
  );

async function labelOr404(
  db: Executor,
  user: SessionUser,
  projectId: string,
  id: string,
): Promise<{ project: ProjectRow; label: LabelWithCount }> {
  const project = await visibleProjectOr404(db, user, projectId);
  const label = await findLabel(db, project.id, id);
  if (!label) throw notFound('label_not_found');
  return { project, label };
}

/** Runs a write; a unique-key violation on (project, name) means a concurrent create won. */
const withNameGuard = <T>(work: () => Promise<T>) => withUniqueGuard(work, nameTaken);

async function createLabel(
  db: Db,
  user: SessionUser,
  projectId: string,
  input: LabelInput,
  audit: AuditContext,
): Promise<string> {
  const id = ulid();
  await withNameGuard(() =>
    db.transaction().execute(async (trx) => {
      const project = await visibleProjectOr404(trx, user, projectId);
      if (await isLabelNameTaken(trx, project.id, input.name)) throw nameTaken();
      const now = new Date().toISOString();
      await insertLabel(trx, {
        id,
        customerId: project.customerId,
        projectId: project.id,
        name: input.name,
        color: input.color,
        createdAt: now,
        updatedAt: now,
      });
      await insertAuditLog(trx, audit, {
        type: 'label',
        action: 'created',
        itemId: id,
        name: input.name,
        customerId: project.customerId,
        projectId: project.id,
      });
    }),
  );
  return id;
}

async function editLabel(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  input: Partial<LabelInput>,
  audit: AuditContext,
): Promise<void> {
  await withNameGuard(() =>
    db.transaction().execute(async (trx) => {
      const { project, label } = await labelOr404(trx, user, projectId, id);
      if (input.name !== undefined && (await isLabelNameTaken(trx, project.id, input.name, id))) {
        throw nameTaken();
      }
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
      };
      await updateLabel(trx, id, { ...patch, updatedAt: new Date().toISOString() });
      await insertAuditLog(trx, audit, {
        type: 'label',
        action: 'updated',
        itemId: id,
        name: input.name ?? label.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { fields: Object.keys(patch) },
      });
    }),
  );
}

async function removeLabel(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  audit: AuditContext,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { project, label } = await labelOr404(trx, user, projectId, id);
    await deleteLabel(trx, id);
    await insertAuditLog(trx, audit, {
      type: 'label',
      action: 'deleted',
      itemId: id,
      name: label.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { unlinkedItems: label.itemCount },
    });
  });
}

/** PUT …/{item}/{id}/labels: the item's tags become exactly `labelIds`. */
async function setItemLabels(
  db: Db,
  user: SessionUser,
  projectId: string,
  itemType: LabelItemType,
  itemId: string,
  labelIds: string[],
  audit: AuditContext,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    const items = await existingItemIds(trx, project.id, itemType, [itemId]);
    if (!items.has(itemId)) throw notFound(ITEM_RULES[itemType].notFound);
    const labels = await existingLabelIds(trx, project.id, labelIds);
    if (labelIds.some((id) => !labels.has(id))) throw notFound('label_not_found');
    const before = (await labelsOfItems(trx, itemType, [itemId])).get(itemId) ?? [];
    const beforeIds = new Set(before.map((label) => label.id));
    await replaceItemLabels(trx, itemType, itemId, labelIds);
    const added = labelIds.filter((id) => !beforeIds.has(id));
    const removed = [...beforeIds].filter((id) => !labelIds.includes(id));
    if (added.length === 0 && removed.length === 0) return;
    await insertAuditLog(trx, audit, {
      type: 'label',
      action: added.length > 0 ? 'linked' : 'unlinked',
      itemId,
      customerId: project.customerId,
      projectId: project.id,
      changes: { itemType, labelIds, added, removed },
    });
  });
}

/** POST /labels/{id}/items: tag many items; all or nothing, each item stays within 10 tags. */
async function tagItems(
  db: Db,
  user: SessionUser,
  projectId: string,
  labelId: string,
  itemType: LabelItemType,
  itemIds: string[],
  audit: AuditContext,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { project, label } = await labelOr404(trx, user, projectId, labelId);
    const unique = [...new Set(itemIds)];
    const items = await existingItemIds(trx, project.id, itemType, unique);
    if (unique.some((id) => !items.has(id))) throw notFound(ITEM_RULES[itemType].notFound);
    const tagged = await itemsWithLabel(trx, label.id, itemType, unique);
    const toTag = unique.filter((id) => !tagged.has(id));
    const counts = await labelCounts(trx, itemType, toTag);
    const full = toTag.filter((id) => (counts.get(id) ?? 0) >= MAX_TAGS_PER_ITEM);
    if (full.length > 0) throw linkLimit('/itemIds', full);
    await insertLabelLinks(trx, label.id, itemType, toTag);
    if (toTag.length === 0) return;
    await insertAuditLog(trx, audit, {
      type: 'label',
      action: 'linked',
      itemId: label.id,
      name: label.name,
      customerId: project.customerId,
      projectId: project.id,
      changes: { itemType, itemIds: toTag },
    });
  });
}

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
        auditContextOf(request, config),
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
        auditContextOf(request, config),
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
      await removeLabel(db, currentUser(request), projectId, id, auditContextOf(request, config));
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
      if (!hasPermission(user.role, ITEM_RULES[input.itemType].update)) throw forbidden();
      await tagItems(
        db,
        user,
        projectId,
        id,
        input.itemType,
        input.itemIds,
        auditContextOf(request, config),
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
          auditContextOf(request, config),
        );
        const labels = await labelsOfItems(db, itemType, [itemId]);
        return { data: labels.get(itemId) ?? [] };
      },
    );
  }
}
