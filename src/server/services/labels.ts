// Tags (labels): create, edit, delete, replacing an item's tags and tagging many items at once,
// each in one transaction with its audit row. At most 10 tags per item (SPEC §9), names unique per
// project.
import { ulid } from 'ulidx';
import { MAX_TAGS_PER_ITEM } from '../../shared/constants.js';
import type { ApiErrorCode } from '../../shared/errors.js';
import type { PermissionKey } from '../../shared/permissions.js';
import type { Label, LabelInput, LabelItemType } from '../../shared/schemas/label.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { itemChange, type UnitOfWork, type WriteScope } from './unitOfWork.js';
import { withUniqueGuard } from '../repositories/executor.js';
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
  labelsNamed,
  labelsOfItems,
  replaceItemLabels,
  updateLabel,
  type LabelWithCount,
} from '../repositories/labels.js';
import { newContentColumns, projectRowOr404, visibleProjectOr404 } from './projects.js';
import { DomainError, invalidField, notFound } from '../domain/errors.js';
import type { ItemChangeArgs } from './projectItems.js';
import type { Actor } from '../domain/actor.js';

/** Per item type: its 404 code and the permission that changes it. */
export const ITEM_RULES: Record<LabelItemType, { notFound: ApiErrorCode; update: PermissionKey }> =
  {
    qr_code: { notFound: 'qr_code_not_found', update: 'QRCodeUpdate' },
    short_link: { notFound: 'short_link_not_found', update: 'ShortLinkUpdate' },
    action: { notFound: 'qrlink_not_found', update: 'QRLinkUpdate' },
  };

export function toLabel(row: LabelWithCount): Label {
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
  new DomainError(
    'invalid',
    'label_link_limit_reached',
    `At most ${MAX_TAGS_PER_ITEM} labels can be linked to an item`,
    pointer,
    { max: MAX_TAGS_PER_ITEM, ...(itemIds ? { itemIds } : {}) },
  );

export const labelOr404 = projectRowOr404('label', 'label_not_found', findLabel);

/** Runs a write; a unique-key violation on (project, name) means a concurrent create won. */
const withNameGuard = <T>(work: () => Promise<T>) => withUniqueGuard(work, nameTaken);

export async function createLabel(
  db: Db,
  user: Actor,
  projectId: string,
  input: LabelInput,
  work: UnitOfWork,
): Promise<string> {
  return withNameGuard(() =>
    work.run(async (scope) => {
      const project = await visibleProjectOr404(scope.trx, user, projectId);
      if (await isLabelNameTaken(scope.trx, project.id, input.name)) throw nameTaken();
      return addLabel(scope, project, input);
    }),
  );
}

/** A new label of the project with its audit row (the name is known to be free). */
async function addLabel(
  { trx, record }: WriteScope,
  project: Pick<ProjectRow, 'id' | 'customerId'>,
  input: LabelInput,
): Promise<string> {
  const id = ulid();
  const now = new Date().toISOString();
  await insertLabel(trx, {
    ...newContentColumns(project, id, now),
    name: input.name,
    color: input.color,
  });
  await record(itemChange(project, 'label', 'created', { id, name: input.name }));
  return id;
}

/**
 * Links a new item to the labels with these names (an import's tags column), in the item's own
 * change: a name matches an existing label regardless of case, and a name no label has yet
 * becomes a new label.
 */
export async function linkLabelsByName(
  scope: WriteScope,
  project: Pick<ProjectRow, 'id' | 'customerId'>,
  itemType: LabelItemType,
  itemId: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  const idOf = new Map(
    [...(await labelsNamed(scope.trx, project.id, names))].map(([key, row]) => [key, row.id]),
  );
  const labelIds: string[] = [];
  const created: string[] = [];
  for (const name of names) {
    let id = idOf.get(name.toLowerCase());
    if (!id) {
      id = await addLabel(scope, project, { name, color: null });
      idOf.set(name.toLowerCase(), id);
      created.push(id);
    }
    if (!labelIds.includes(id)) labelIds.push(id);
  }
  if (labelIds.length > MAX_TAGS_PER_ITEM) throw linkLimit('/tags');
  // A new item carries no labels yet, so replacing them only adds.
  await replaceItemLabels(scope.trx, itemType, itemId, labelIds);
  await scope.record({
    type: 'label',
    action: 'linked',
    itemId,
    customerId: project.customerId,
    projectId: project.id,
    changes: { itemType, labelIds, added: labelIds, removed: [], created },
  });
}

export async function editLabel(
  db: Db,
  user: Actor,
  projectId: string,
  id: string,
  input: Partial<LabelInput>,
  work: UnitOfWork,
): Promise<void> {
  await withNameGuard(() =>
    work.run(async ({ trx, record }) => {
      const { project, label } = await labelOr404(trx, user, projectId, id);
      if (input.name !== undefined && (await isLabelNameTaken(trx, project.id, input.name, id))) {
        throw nameTaken();
      }
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
      };
      await updateLabel(trx, id, { ...patch, updatedAt: new Date().toISOString() });
      await record(
        itemChange(project, 'label', 'updated', {
          id,
          name: input.name ?? label.name,
          changes: { fields: Object.keys(patch) },
        }),
      );
    }),
  );
}

export async function removeLabel(...[, user, projectId, id, work]: ItemChangeArgs): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const { project, label } = await labelOr404(trx, user, projectId, id);
    await deleteLabel(trx, id);
    await record(
      itemChange(project, 'label', 'deleted', {
        id,
        name: label.name,
        changes: { unlinkedItems: label.itemCount },
      }),
    );
  });
}

/** PUT …/{item}/{id}/labels: the item's tags become exactly `labelIds`. */
export async function setItemLabels(
  db: Db,
  user: Actor,
  projectId: string,
  itemType: LabelItemType,
  itemId: string,
  labelIds: string[],
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
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
    await record({
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
export async function tagItems(
  db: Db,
  user: Actor,
  projectId: string,
  labelId: string,
  itemType: LabelItemType,
  itemIds: string[],
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
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
    await record(
      itemChange(project, 'label', 'linked', {
        id: label.id,
        name: label.name,
        changes: { itemType, itemIds: toTag },
      }),
    );
  });
}
