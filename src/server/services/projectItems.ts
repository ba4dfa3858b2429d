// The steps QR codes and short links share as project items: the limit check under the customer
// lock, create, edit, duplicate (tags kept), trash, restore and permanent delete (each in one
// transaction with its audit row; the scan cache forgets the item's code after the commit), their
// answers, and emptying the trash. What differs between the two kinds comes in as an ItemKind.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { fitsWithin } from '../../shared/rules.js';
import { UNLIMITED } from '../../shared/constants.js';
import type { LabelItemType } from '../../shared/schemas/label.js';
import { DomainError, invalidField, underPointer } from '../domain/errors.js';
import type { ApiErrorCode } from '../../shared/errors.js';
import type { ActionInput } from '../../shared/schemas/action.js';
import type { Database } from '../db/schema.js';
import type { Updateable } from 'kysely';
import { actionCreated, insertNewAction } from './actions.js';
import type { Actor } from '../domain/actor.js';
import { pickFields, type ChangeRecord, type UnitOfWork } from './unitOfWork.js';
import { lockCustomer } from '../repositories/customers.js';
import type { Executor } from '../repositories/executor.js';
import { labelsOfItems, replaceItemLabels } from '../repositories/labels.js';
import { primaryScanBases } from '../repositories/whiteLabel.js';
import type { LabelSummary } from '../../shared/schemas/label.js';
import {
  countActiveItems,
  deleteItems,
  ITEM_TYPE_OF,
  itemLimits,
  scanCountsOf,
  setTrashedAt,
  type ItemTable,
} from '../repositories/projectItems.js';
import { trashedItems } from '../repositories/qrCodes.js';
import { updateRow } from '../repositories/rows.js';
import { copyName, projectRowOr404, visibleProjectOr404 } from './projects.js';

export interface LimitProblem {
  scope: 'project' | 'customer';
  max: number;
}

const LIMITS = {
  qrCodes: {
    column: 'maxQrCodes',
    noun: 'QR code',
    project: 'max_qr_codes_project',
    customer: 'max_qr_codes_customer',
  },
  shortLinks: {
    column: 'maxShortLinks',
    noun: 'short link',
    project: 'max_short_links_project',
    customer: 'max_short_links_customer',
  },
} as const;

/** Whether `extra` more items (one by default) fit in the project and the customer (under the lock). */
export async function limitProblem(
  trx: Executor,
  table: ItemTable,
  project: ProjectRow,
  extra = 1,
): Promise<LimitProblem | null> {
  await lockCustomer(trx, project.customerId);
  const total = await itemLimits(trx, LIMITS[table].column, project.id, project.customerId);
  // Counting walks every item of the customer: skip it where nothing limits (a bulk import of
  // thousands of rows would otherwise count ever longer lists once per row).
  if (total.project === UNLIMITED && total.customer === UNLIMITED) return null;
  const used = await countActiveItems(trx, table, project.id, project.customerId);
  if (!fitsWithin(used.project, total.project, extra))
    return { scope: 'project', max: total.project };
  if (!fitsWithin(used.customer, total.customer, extra))
    return { scope: 'customer', max: total.customer };
  return null;
}

/** The 422 of a full project or customer, at `pointer` when a field is to blame. */
export function limitError(table: ItemTable, problem: LimitProblem, pointer?: string): DomainError {
  const limits = LIMITS[table];
  return new DomainError(
    'invalid',
    limits[problem.scope],
    `The ${limits.noun} limit of the ${problem.scope} (${problem.max}) has been reached`,
    pointer,
    { max: problem.max },
  );
}

export async function ensureRoomForOne(
  trx: Executor,
  table: ItemTable,
  project: ProjectRow,
  pointer?: string,
  extra = 1,
): Promise<void> {
  const problem = await limitProblem(trx, table, project, extra);
  if (problem) throw limitError(table, problem, pointer);
}

/** What an item row with its Action's summary (a join that only finds live Actions) carries. */
export interface ItemRowWithAction {
  id: string;
  customerId: string;
  projectId: string;
  name: string;
  description: string | null;
  actionId: string | null;
  actionName: string | null;
  actionObjectType: string | null;
  createdAt: string;
  updatedAt: string;
  trashedAt: string | null;
}

/** The fields every item answer shares: its Action summary, tags and scans. */
export interface ItemAnswer {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  actionId: string | null;
  action: { id: string; name: string; objectType: string } | null;
  labels: LabelSummary[];
  scans: number;
  createdAt: string;
  updatedAt: string;
  trashedAt: string | null;
}

/**
 * The answers of a page of items, three queries for the whole page (scans, tags, scan bases);
 * `answer` adds what the kind has of its own, given its customer's scan base.
 */
export async function presentItems<Row extends ItemRowWithAction, T>(
  db: Executor,
  itemType: 'qr_code' | 'short_link',
  rows: Row[],
  answer: (row: Row, shared: ItemAnswer, scanBase: string | undefined) => T,
): Promise<T[]> {
  const ids = rows.map((row) => row.id);
  const scans = await scanCountsOf(db, itemType, ids);
  const labels = await labelsOfItems(db, itemType, ids);
  const bases = await primaryScanBases(
    db,
    rows.map((row) => row.customerId),
  );
  return rows.map((row) => {
    // An item whose Action is gone has none.
    const action =
      row.actionId !== null && row.actionName !== null
        ? { id: row.actionId, name: row.actionName, objectType: row.actionObjectType ?? '' }
        : null;
    const shared: ItemAnswer = {
      id: row.id,
      projectId: row.projectId,
      name: row.name,
      description: row.description,
      actionId: action ? action.id : null,
      action,
      labels: labels.get(row.id) ?? [],
      scans: scans.get(row.id) ?? 0,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      trashedAt: row.trashedAt,
    };
    return answer(row, shared, bases.get(row.customerId));
  });
}

/** The columns every new item row shares: its owners and creator, not trashed, made now. */
export const newItemColumns = (project: ProjectRow, user: Actor, now: string) => ({
  customerId: project.customerId,
  projectId: project.id,
  createdBy: user.id,
  trashedAt: null,
  deletedAt: null,
  createdAt: now,
  updatedAt: now,
});

/** The copy carries the same tags as the original. */
export async function copyLabels(
  trx: Executor,
  itemType: LabelItemType,
  fromId: string,
  toId: string,
): Promise<void> {
  const labels = (await labelsOfItems(trx, itemType, [fromId])).get(fromId) ?? [];
  await replaceItemLabels(
    trx,
    itemType,
    toId,
    labels.map((label) => label.id),
  );
}

/** What a route passes to change one item: who, in which project, which item, the audit context. */
export type ItemChangeArgs = [db: Db, user: Actor, projectId: string, id: string, work: UnitOfWork];

/** What a route passes to create an item (`input` with an optional new Action). */
export type ItemCreateArgs<New> = [
  db: Db,
  user: Actor,
  projectId: string,
  input: New,
  work: UnitOfWork,
];

/** What a route passes to edit an item: the fields present in the request body. */
export type ItemEditArgs<Update> = [
  db: Db,
  user: Actor,
  projectId: string,
  id: string,
  input: Update,
  work: UnitOfWork,
];

/** Where to find one item: in a project the user can reach, trashed ones only when asked for. */
export type ItemFindArgs = [
  db: Executor,
  user: Actor,
  projectId: string,
  id: string,
  options?: { includeTrashed?: boolean },
];

/** The fields every kind's create and edit take. */
interface ItemInput {
  name: string;
  description: string | null;
  actionId: string | null;
}

/** What an edit changes of the kind's own fields, besides name, description and Action. */
export interface OwnPatch<T extends ItemTable> {
  columns: Updateable<Database[T]>;
  /** What the audit row's changes say of them. */
  changes?: Record<string, unknown>;
  /** Scan keys to forget besides the item's current one (a new uri starts answering). */
  codes?: string[];
}

/**
 * How the shared create, edit, duplicate, trash, restore and delete reach one kind of item: what
 * differs between QR codes and short links is written here, the steps themselves once below.
 */
export interface ItemKind<
  T extends ItemTable,
  Row extends ItemRowWithAction,
  Input extends ItemInput,
> {
  table: T;
  /** The kind's own row of a project, or null. */
  findRow(
    db: Executor,
    projectId: string,
    id: string,
    options: { includeTrashed?: boolean },
  ): Promise<Row | null>;
  notFound: ApiErrorCode;
  /** The code the scan service caches the item under. */
  scanKey(row: Row): string;
  /** What the scan key is called in an audit row's changes. */
  scanKeyName: 'code' | 'uri';
  /** The field a create past the limit blames. */
  limitPointer: string;
  /**
   * Refuses what the input refers to outside the project (Action, template, logo) and, on an edit
   * of `row`, a scan key another item holds.
   */
  checkInput(
    trx: Executor,
    project: ProjectRow,
    input: Partial<Input>,
    row: Row | null,
  ): Promise<void>;
  /** Stores a new item as `id`; answers its scan key. */
  insertNew(
    trx: Executor,
    user: Actor,
    project: ProjectRow,
    input: Input,
    item: { id: string; now: string },
  ): Promise<string>;
  /** Stores a copy of `row` as `copy.id` named `copy.name`, with a fresh scan key; answers that key. */
  insertCopy(
    trx: Executor,
    user: Actor,
    project: ProjectRow,
    row: Row,
    copy: { id: string; name: string; now: string },
  ): Promise<string>;
  /** The item's fields as its edit takes them: what an audit row keeps and a restore re-applies. */
  fieldsOf(row: Row): Partial<Input>;
  ownPatch(row: Row, input: Partial<Input>): OwnPatch<T>;
  /** Wraps a change that may lose a race for a unique scan key (short links' uri). */
  guard?<R>(work: () => Promise<R>): Promise<R>;
  /** Why a permanent delete outside the trash is refused. */
  notInTrash: string;
}

/** Any kind, where only the shared steps are used. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind<Row extends ItemRowWithAction> = ItemKind<ItemTable, Row, any>;

const guardOf = <Row extends ItemRowWithAction>(kind: AnyKind<Row>) =>
  kind.guard ?? (<R>(run: () => Promise<R>) => run());

/** The item in a project the user can reach, or the kind's 404. */
export const itemOr404 = <Row extends ItemRowWithAction>(
  kind: AnyKind<Row>,
  ...args: ItemFindArgs
) => projectRowOr404('item', kind.notFound, kind.findRow)(...args);

/** The audit row (and event) of a new item. */
export function itemCreated<Row extends ItemRowWithAction>(
  kind: AnyKind<Row>,
  project: ProjectRow,
  item: { id: string; name: string; key: string; actionId: string | null },
  parentId?: string,
): ChangeRecord {
  return {
    type: ITEM_TYPE_OF[kind.table],
    action: 'created',
    itemId: item.id,
    name: item.name,
    customerId: project.customerId,
    projectId: project.id,
    changes: { [kind.scanKeyName]: item.key, actionId: item.actionId },
    parentId,
    // Unknown codes are cached briefly too; this one exists now.
    codes: [item.key],
  };
}

/** A new item within the limits; with `action`, its new Action too, in the same change. */
export async function createItem<
  T extends ItemTable,
  Row extends ItemRowWithAction,
  Input extends ItemInput,
>(
  kind: ItemKind<T, Row, Input>,
  ...[, user, projectId, { action: newAction, ...fields }, work]: ItemCreateArgs<
    Input & { action?: ActionInput }
  >
): Promise<string> {
  const input = fields as unknown as Input;
  const id = ulid();
  await guardOf(kind)(() =>
    work.run(async ({ trx, record }) => {
      const project = await visibleProjectOr404(trx, user, projectId);
      await kind.checkInput(trx, project, input, null);
      await ensureRoomForOne(trx, kind.table, project, kind.limitPointer);
      if (newAction) {
        input.actionId = await underPointer('/action', () =>
          insertNewAction(trx, user, project, newAction),
        );
      }
      const now = new Date().toISOString();
      const key = await kind.insertNew(trx, user, project, input, { id, now });
      const { name, actionId } = input;
      const auditId = await record(itemCreated(kind, project, { id, name, key, actionId }));
      if (newAction && actionId) await record(actionCreated(project, actionId, newAction, auditId));
    }),
  );
  return id;
}

/** Changes only the fields present in the request body. */
export async function editItem<
  T extends ItemTable,
  Row extends ItemRowWithAction,
  Input extends ItemInput,
>(
  kind: ItemKind<T, Row, Input>,
  ...[, user, projectId, id, input, work]: ItemEditArgs<Partial<Input>>
): Promise<void> {
  await guardOf(kind)(() =>
    work.run(async ({ trx, record }) => {
      const { project, item } = await itemOr404(kind, trx, user, projectId, id);
      await kind.checkInput(trx, project, input, item);
      const own = kind.ownPatch(item, input);
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.actionId !== undefined ? { actionId: input.actionId } : {}),
        ...own.columns,
      };
      const fields = Object.keys(patch);
      await updateRow(trx, kind.table, id, { ...patch, updatedAt: new Date().toISOString() });
      await record({
        type: ITEM_TYPE_OF[kind.table],
        action: 'updated',
        itemId: id,
        name: input.name ?? item.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: {
          fields,
          ...own.changes,
          ...(input.actionId !== undefined ? { actionId: input.actionId } : {}),
        },
        before: pickFields(kind.fieldsOf(item), fields),
        after: pickFields(input, fields),
        codes: [kind.scanKey(item), ...(own.codes ?? [])],
      });
    }),
  );
}

type ItemAction = 'trashed' | 'restored' | 'deleted';

/**
 * One change of an item in its transaction, with its audit row (whose event drops the item's
 * cached code); `change` answers the audit action, or null when there was nothing to do.
 */
const itemStep =
  (
    options: { includeTrashed?: boolean },
    change: <Row extends ItemRowWithAction>(
      kind: AnyKind<Row>,
      trx: Executor,
      project: ProjectRow,
      item: Row,
    ) => Promise<ItemAction | null>,
  ) =>
  async <Row extends ItemRowWithAction>(
    kind: AnyKind<Row>,
    ...[, user, projectId, id, work]: ItemChangeArgs
  ): Promise<void> => {
    await work.run(async ({ trx, record }) => {
      const { project, item } = await itemOr404(kind, trx, user, projectId, id, options);
      const action = await change(kind, trx, project, item);
      if (!action) return;
      await record({
        type: ITEM_TYPE_OF[kind.table],
        action,
        itemId: id,
        name: item.name,
        customerId: project.customerId,
        projectId: project.id,
        codes: [kind.scanKey(item)],
      });
    });
  };

/** A copy with a fresh code or uri, "{name} (copy)", the same Action and tags; the limits apply. */
export async function duplicateItem<Row extends ItemRowWithAction>(
  kind: AnyKind<Row>,
  ...[, user, projectId, id, work]: ItemChangeArgs
): Promise<string> {
  const copyId = ulid();
  await guardOf(kind)(() =>
    work.run(async ({ trx, record }) => {
      const { project, item } = await itemOr404(kind, trx, user, projectId, id);
      // Nothing to blame at a field: the copy has no form.
      await ensureRoomForOne(trx, kind.table, project);
      const name = copyName(item.name);
      const now = new Date().toISOString();
      const key = await kind.insertCopy(trx, user, project, item, { id: copyId, name, now });
      await copyLabels(trx, ITEM_TYPE_OF[kind.table], id, copyId);
      await record({
        type: ITEM_TYPE_OF[kind.table],
        action: 'duplicated',
        itemId: copyId,
        name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { from: id, [kind.scanKeyName]: key },
        codes: [key],
      });
    }),
  );
  return copyId;
}

/** To the trash: out of lists, limits and the scan service, until restored or deleted. */
export const trashItem = itemStep({}, async (kind, trx, _project, item) => {
  const now = new Date().toISOString();
  await setTrashedAt(trx, kind.table, item.id, now, now);
  return 'trashed';
});

/** Back from the trash, if the limits leave room (SPEC §4); an item outside it stays as it is. */
export const restoreItem = itemStep({ includeTrashed: true }, async (kind, trx, project, item) => {
  if (!item.trashedAt) return null;
  // The same 422 as a create past the limit, for both kinds (no field to blame).
  await ensureRoomForOne(trx, kind.table, project);
  await setTrashedAt(trx, kind.table, item.id, null, new Date().toISOString());
  return 'restored';
});

/** Permanent delete, only from the trash: two steps, so one click never destroys a printed code. */
export const deleteTrashedItem = itemStep(
  { includeTrashed: true },
  async (kind, trx, _project, item) => {
    if (!item.trashedAt) throw invalidField('invalid', '/id', kind.notInTrash);
    await deleteItems(trx, kind.table, [item.id]);
    return 'deleted';
  },
);

/** Deletes every trashed QR code and short link of the project; answers how many went. */
export async function emptyTrash(
  db: Db,
  user: Actor,
  projectId: string,
  work: UnitOfWork,
): Promise<{ qrCodes: number; shortLinks: number }> {
  const removed = await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    const items = await trashedItems(trx, project.id);
    for (const table of ['qrCodes', 'shortLinks'] as const) {
      const list = items[table];
      await deleteItems(
        trx,
        table,
        list.map((item) => item.id),
      );
      for (const item of list) {
        await record({
          type: ITEM_TYPE_OF[table],
          action: 'deleted',
          itemId: item.id,
          name: item.name,
          customerId: project.customerId,
          projectId: project.id,
          codes: ['code' in item ? item.code : item.uri],
        });
      }
    }
    return items;
  });
  return { qrCodes: removed.qrCodes.length, shortLinks: removed.shortLinks.length };
}
