// Tags (labels) of a project and their links to QR codes, short links and Actions. Every query
// takes the project id, so a label or item of another project can never match.
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { ListQuery } from '../../shared/schemas/common.js';
import type { LabelItemType, LabelSummary } from '../../shared/schemas/label.js';
import type { Database, LabelsTable } from '../db/schema.js';
import { containsText, type Executor } from './executor.js';
import { byNameOr, deleteRows, idsInProject, pageOf, rowsWhere, writesOf } from './rows.js';

export type LabelRow = Selectable<LabelsTable>;
export type LabelWithCount = LabelRow & { itemCount: number };

const ORDER = byNameOr(['name', 'createdAt', 'updatedAt'], 'labels');

/** How many items carry the label, as a column of a labels query. */
const itemCount = (eb: ExpressionBuilder<Database, 'labels'>) =>
  eb
    .selectFrom('labelLinks')
    .select((inner) => inner.fn.countAll<number>().as('count'))
    .whereRef('labelLinks.labelId', '=', 'labels.id')
    .as('itemCount');

const counted = <T extends { itemCount: number | string | null }>(row: T) => ({
  ...row,
  itemCount: Number(row.itemCount ?? 0),
});

/** The project's labels with how many items carry each; `q` searches names. */
export async function listLabels(
  db: Executor,
  projectId: string,
  query: ListQuery,
): Promise<{ rows: LabelWithCount[]; total: number }> {
  let base = db.selectFrom('labels').where('labels.projectId', '=', projectId);
  if (query.q) base = base.where(containsText('labels.name', query.q));
  const { rows, total } = await pageOf(base, query, ORDER, (page) =>
    page.selectAll('labels').select(itemCount),
  );
  return { rows: rows.map(counted), total };
}

export async function findLabel(
  db: Executor,
  projectId: string,
  id: string,
): Promise<LabelWithCount | null> {
  const row = await db
    .selectFrom('labels')
    .selectAll('labels')
    .select(itemCount)
    .where('labels.id', '=', id)
    .where('labels.projectId', '=', projectId)
    .executeTakeFirst();
  return row ? counted(row) : null;
}

/** Of the given ids, those that are labels of the project. */
export const existingLabelIds = (db: Executor, projectId: string, ids: string[]) =>
  idsInProject(db, 'labels', projectId, ids);

/** Names are unique in a project, regardless of case ("Sale" and "sale" would confuse). */
export async function isLabelNameTaken(
  db: Executor,
  projectId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = rowsWhere(db, 'labels', { projectId })
    .select('id')
    .where(sql<boolean>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The project's labels whose names are among `names`, regardless of case, by lower-case name. */
export async function labelsNamed(
  db: Executor,
  projectId: string,
  names: readonly string[],
): Promise<Map<string, LabelRow>> {
  const found = new Map<string, LabelRow>();
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('labels')
      .selectAll()
      .where('projectId', '=', projectId)
      .where(sql<string>`lower(${sql.ref('name')})`, 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.name.toLowerCase(), row);
  }
  return found;
}

export const { insert: insertLabel, update: updateLabel } = writesOf('labels');

/** Removes a label and every link to it. */
export async function deleteLabel(db: Executor, id: string): Promise<void> {
  await deleteRows(db, 'labelLinks', { labelId: id });
  await deleteRows(db, 'labels', { id });
}

/** The labels of a page of items of one type, by item id, sorted by name. */
export async function labelsOfItems(
  db: Executor,
  itemType: LabelItemType,
  itemIds: string[],
): Promise<Map<string, LabelSummary[]>> {
  const result = new Map<string, LabelSummary[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return result;
  const rows = await db
    .selectFrom('labelLinks')
    .innerJoin('labels', 'labels.id', 'labelLinks.labelId')
    .select(['labelLinks.itemId', 'labels.id', 'labels.name', 'labels.color'])
    .where('labelLinks.itemType', '=', itemType)
    .where('labelLinks.itemId', 'in', itemIds)
    .orderBy('labels.name')
    .orderBy('labels.id')
    .execute();
  for (const row of rows) {
    result.get(row.itemId)?.push({ id: row.id, name: row.name, color: row.color });
  }
  return result;
}

/** How many labels each item carries now. */
export async function labelCounts(
  db: Executor,
  itemType: LabelItemType,
  itemIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(itemIds.map((id) => [id, 0]));
  if (itemIds.length === 0) return counts;
  const rows = await db
    .selectFrom('labelLinks')
    .select(['itemId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('itemType', '=', itemType)
    .where('itemId', 'in', itemIds)
    .groupBy('itemId')
    .execute();
  for (const row of rows) counts.set(row.itemId, Number(row.count));
  return counts;
}

/** The table of each type of item a label can carry. */
const TABLE_OF = { qr_code: 'qrCodes', short_link: 'shortLinks', action: 'actions' } as const;

/** Of the given item ids, those that are live items of that type in the project. */
export const existingItemIds = (
  db: Executor,
  projectId: string,
  itemType: LabelItemType,
  itemIds: string[],
) => idsInProject(db, TABLE_OF[itemType], projectId, itemIds);

/** The item's labels become exactly `labelIds`. */
export async function replaceItemLabels(
  db: Executor,
  itemType: LabelItemType,
  itemId: string,
  labelIds: string[],
): Promise<void> {
  await deleteRows(db, 'labelLinks', { itemType, itemId });
  await insertLinks(
    db,
    labelIds.map((labelId) => ({ labelId, itemType, itemId })),
  );
}

/** Of the given items, those that already carry the label. */
export async function itemsWithLabel(
  db: Executor,
  labelId: string,
  itemType: LabelItemType,
  itemIds: string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await rowsWhere(db, 'labelLinks', { labelId, itemType })
    .select('itemId')
    .where('itemId', 'in', itemIds)
    .execute();
  return new Set(rows.map((row) => row.itemId));
}

export async function insertLabelLinks(
  db: Executor,
  labelId: string,
  itemType: LabelItemType,
  itemIds: string[],
): Promise<void> {
  await insertLinks(
    db,
    itemIds.map((itemId) => ({ labelId, itemType, itemId })),
  );
}

/** Inserts label links, all made now. */
async function insertLinks(
  db: Executor,
  links: { labelId: string; itemType: LabelItemType; itemId: string }[],
): Promise<void> {
  if (links.length === 0) return;
  const createdAt = new Date().toISOString();
  await db
    .insertInto('labelLinks')
    .values(links.map((link) => ({ ...link, createdAt })))
    .execute();
}
