// Actions: create, update, duplicate and delete, each in one transaction with its audit row.
// Media fields are resolved here (kept, replaced, removed; a replaced or removed file is freed),
// rich text is sanitised before it is stored, and the scan cache forgets the Action after commit.
import { ulid } from 'ulidx';
import type { Logger } from '../logger.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import type { ActionType } from '../../shared/enums.js';
import { sanitizeRichText } from '../../shared/richText.js';
import type { ActionInput, MediaField } from '../../shared/schemas/action.js';
import type { MediaKind } from '../../shared/media.js';
import type { Actor } from '../domain/actor.js';
import type { MediaStorage } from '../media/storage.js';
import {
  deleteAction,
  findAction,
  insertAction,
  qrCodeCounts,
  updateAction,
  type ActionRow,
} from '../repositories/actions.js';
import { copyChange, itemChange, type ChangeRecord, type UnitOfWork } from './unitOfWork.js';
import type { Executor } from '../repositories/executor.js';
import { findMediaByIds, type MediaRow } from '../repositories/media.js';
import { labelsOfItems } from '../repositories/labels.js';
import { healthOfActions, type DestinationHealthRow } from '../repositories/destinationHealth.js';
import type { DestinationHealth } from '../../shared/schemas/action.js';
import { serverPurify } from '../scan/sanitize.js';
import { copyLabels, type ItemChangeArgs } from './projectItems.js';
import { hashPassword } from '../security.js';
import type { ActionContent } from '../../shared/schemas/action.js';
import type { Protection } from '../../shared/schemas/rules.js';
import { copyName, newContentColumns, projectRowOr404, visibleProjectOr404 } from './projects.js';
import { mediaUrl, releaseMedia, removeStoredFiles, usableMediaOr422 } from './media.js';

/** The media fields of each Action kind and the upload kind each one takes (POST /file `kind`). */
export const MEDIA_FIELDS: Record<ActionType, Readonly<Record<string, MediaKind>>> = {
  link: {},
  file: { media: 'file' },
  contact: { avatar: 'avatar' },
  textArea: {},
  appLink: { applicationLogo: 'logo' },
  email: {},
  phoneNumber: {},
  sms: {},
  whatsapp: {},
  sound: { sound: 'sound', cover: 'cover' },
};

type DataObject = Record<string, unknown>;

function isMediaField(value: unknown): value is MediaField {
  return typeof value === 'object' && value !== null && 'mediaId' in value;
}

function mediaFieldsOf(objectType: string): Readonly<Record<string, MediaKind>> {
  return MEDIA_FIELDS[objectType as ActionType] ?? {};
}

/** The stored media ids of an Action's data, by field. */
export function storedMediaIds(objectType: string, data: DataObject): Map<string, string> {
  const ids = new Map<string, string>();
  for (const field of Object.keys(mediaFieldsOf(objectType))) {
    const value = data[field];
    if (isMediaField(value) && value.mediaId) ids.set(field, value.mediaId);
  }
  return ids;
}

export function parseStoredData(json: string): DataObject {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as DataObject) : {};
  } catch {
    return {};
  }
}

/**
 * The data as it is stored: each media field becomes `{ mediaId, remove: false }` — `remove`
 * clears it, a null id keeps what is stored, a new id must be a usable upload — and a textArea's
 * HTML is sanitised. Returns the media ids the old data held and the new one no longer does.
 */
async function prepareData(
  trx: Executor,
  project: ProjectRow,
  input: ActionInput,
  previous: ActionRow | null,
): Promise<{ data: DataObject; released: string[] }> {
  const data: DataObject = { ...(input.data as DataObject) };
  const oldIds = previous
    ? storedMediaIds(previous.objectType, parseStoredData(previous.data))
    : new Map<string, string>();
  const keep = new Set<string>();
  for (const [field, kind] of Object.entries(mediaFieldsOf(input.objectType))) {
    const value = data[field];
    const sent: MediaField = isMediaField(value) ? value : { mediaId: null, remove: false };
    const stored = previous?.objectType === input.objectType ? oldIds.get(field) : undefined;
    let mediaId: string | null = null;
    if (sent.remove) mediaId = null;
    else if (!sent.mediaId) mediaId = stored ?? null;
    else if (sent.mediaId === stored) mediaId = stored;
    else {
      await usableMediaOr422(trx, project, sent.mediaId, [kind], `/data/${field}`);
      mediaId = sent.mediaId;
    }
    if (mediaId) keep.add(mediaId);
    data[field] = { mediaId, remove: false };
  }
  if (input.objectType === 'textArea') {
    data.text = sanitizeRichText(input.data.text, serverPurify());
  }
  const released = [...oldIds.values()].filter((id) => !keep.has(id));
  return { data, released };
}

/** The smart-code columns as stored (issue 16); the password is hashed, never kept plain. */
interface StoredSmart {
  rules: string;
  split: string | null;
  protection: string;
  fallback: string | null;
  passwordHash: string | null;
}

/** Every target an Action's smart fields carry: rules, split variants and the fallback. */
function smartTargets(input: ActionInput): { content: ActionContent; pointer: string }[] {
  return [
    ...input.rules.map((rule, i) => ({ content: rule.target, pointer: `/rules/${i}/target` })),
    ...(input.split ?? []).map((v, i) => ({ content: v.target, pointer: `/split/${i}/target` })),
    ...(input.fallback ? [{ content: input.fallback, pointer: '/fallback' }] : []),
  ];
}

/**
 * The smart fields as stored: a target's files must be usable uploads of the project (a file the
 * Action already carries may stay), a targets' rich text is sanitised, and a new password is
 * hashed with the accounts' hasher; a password left out keeps the stored one, null removes it.
 */
async function prepareSmart(
  trx: Executor,
  project: ProjectRow,
  input: ActionInput,
  previous: ActionRow | null,
): Promise<StoredSmart> {
  const known = previous
    ? `${previous.data}${previous.rules}${previous.split ?? ''}${previous.fallback ?? ''}`
    : '';
  for (const { content, pointer } of smartTargets(input)) {
    const data = content.data as DataObject;
    for (const [field, kind] of Object.entries(mediaFieldsOf(content.objectType))) {
      const value = data[field];
      if (!isMediaField(value) || !value.mediaId || value.remove) continue;
      if (known.includes(`"${value.mediaId}"`)) continue;
      await usableMediaOr422(trx, project, value.mediaId, [kind], `${pointer}/data/${field}`);
    }
    if (content.objectType === 'textArea') {
      content.data.text = sanitizeRichText(content.data.text, serverPurify());
    }
  }
  const { password, ...protection } = input.protection;
  let passwordHash = previous?.passwordHash ?? null;
  if (password === null) passwordHash = null;
  else if (password !== undefined) passwordHash = await hashPassword(password);
  return {
    rules: JSON.stringify(input.rules),
    split: input.split ? JSON.stringify(input.split) : null,
    protection: JSON.stringify(protection),
    fallback: input.fallback ? JSON.stringify(input.fallback) : null,
    passwordHash,
  };
}

/** The protection as answers and audit rows show it: `hasPassword`, never the hash. */
export function protectionOf(row: Pick<ActionRow, 'protection' | 'passwordHash'>): Protection {
  const stored = parseStoredData(row.protection);
  return {
    hasPassword: Boolean(row.passwordHash),
    scanCap: typeof stored.scanCap === 'number' ? stored.scanCap : null,
    expiresAt: typeof stored.expiresAt === 'string' ? stored.expiresAt : null,
    ageGate: stored.ageGate === true,
  };
}

/** The smart fields of a stored Action, parsed, as answers and audit rows show them. */
function smartFieldsOf(row: ActionRow): Record<string, unknown> {
  return {
    rules: parseJson(row.rules) ?? [],
    split: row.split ? parseJson(row.split) : null,
    protection: protectionOf(row),
    fallback: row.fallback ? parseJson(row.fallback) : null,
  };
}

function parseJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export const actionOr404 = projectRowOr404('action', 'qrlink_not_found', findAction);

export async function createAction(
  db: Db,
  user: Actor,
  projectId: string,
  input: ActionInput,
  work: UnitOfWork,
): Promise<string> {
  return work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, user, projectId);
    const id = await insertNewAction(trx, user, project, input);
    await record(actionCreated(project, id, input));
    return id;
  });
}

/**
 * Stores a new Action in a change already running (its own, or a QR code's or short link's that
 * brings its Action along); the caller records it with `actionCreated`.
 */
export async function insertNewAction(
  trx: Executor,
  user: Actor,
  project: ProjectRow,
  input: ActionInput,
): Promise<string> {
  const id = ulid();
  const { data } = await prepareData(trx, project, input, null);
  const smart = await prepareSmart(trx, project, input, null);
  const now = new Date().toISOString();
  await insertAction(trx, {
    ...newContentColumns(project, id, now),
    name: input.name,
    objectType: input.objectType,
    data: JSON.stringify(data),
    activity: JSON.stringify(input.activity),
    ...smart,
    createdBy: user.id,
    deletedAt: null,
  });
  return id;
}

/** The audit row of a new Action; `parentId` links it to the item it was made with. */
export const actionCreated = (
  project: ProjectRow,
  id: string,
  input: ActionInput,
  parentId: string | null = null,
): ChangeRecord => ({
  type: 'action',
  action: 'created',
  itemId: id,
  name: input.name,
  customerId: project.customerId,
  projectId: project.id,
  parentId,
  changes: { objectType: input.objectType },
});

export interface ServiceEnv {
  storage: MediaStorage;
  log?: Logger;
}

/** An Action's fields as its edit takes them: what an audit row keeps and a restore re-applies. */
export function editableFieldsOf(action: ActionRow): Record<string, unknown> {
  return {
    name: action.name,
    objectType: action.objectType,
    data: parseJson(action.data),
    activity: parseJson(action.activity),
    ...smartFieldsOf(action),
  };
}

/** A full replace of name, kind, data and activity. */
export async function editAction(
  db: Db,
  env: ServiceEnv,
  user: Actor,
  projectId: string,
  id: string,
  input: ActionInput,
  work: UnitOfWork,
): Promise<void> {
  const freedKeys = await work.run(async ({ trx, record }) => {
    const { project, action } = await actionOr404(trx, user, projectId, id);
    const { data, released } = await prepareData(trx, project, input, action);
    const smart = await prepareSmart(trx, project, input, action);
    await updateAction(trx, id, {
      name: input.name,
      objectType: input.objectType,
      data: JSON.stringify(data),
      activity: JSON.stringify(input.activity),
      ...smart,
      updatedAt: new Date().toISOString(),
    });
    const { password: _password, ...protection } = input.protection;
    const auditId = await record(
      itemChange(project, 'action', 'updated', {
        id,
        name: input.name,
        changes: { objectType: input.objectType },
        before: editableFieldsOf(action),
        after: {
          name: input.name,
          objectType: input.objectType,
          data,
          activity: input.activity,
          rules: input.rules,
          split: input.split,
          protection: { ...protection, hasPassword: smart.passwordHash !== null },
          fallback: input.fallback,
        },
      }),
    );
    return releaseMedia({ trx, record }, released, { exceptActionId: id, parentAuditId: auditId });
  });
  await removeStoredFiles(env.storage, freedKeys, env.log);
}

/** "{name} (copy)": same kind, data (sharing its files), activity and tags. */
export async function duplicateAction(
  ...[, user, projectId, id, work]: ItemChangeArgs
): Promise<string> {
  const copyId = ulid();
  await work.run(async ({ trx, record }) => {
    const { project, action } = await actionOr404(trx, user, projectId, id);
    const now = new Date().toISOString();
    const name = copyName(action.name);
    await insertAction(trx, {
      ...action,
      id: copyId,
      name,
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    await copyLabels(trx, 'action', id, copyId);
    await record(copyChange(project, 'action', { id: copyId, name }, id));
  });
  return copyId;
}

/** Removes the Action; its codes stay (inactive, still printable) and its unshared files go. */
export async function removeAction(
  db: Db,
  env: ServiceEnv,
  user: Actor,
  projectId: string,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  const freedKeys = await work.run(async ({ trx, record }) => {
    const { project, action } = await actionOr404(trx, user, projectId, id);
    const mediaIds = storedMediaIds(action.objectType, parseStoredData(action.data));
    await deleteAction(trx, id);
    const auditId = await record(
      itemChange(project, 'action', 'deleted', { id, name: action.name }),
    );
    return releaseMedia({ trx, record }, mediaIds.values(), {
      exceptActionId: id,
      parentAuditId: auditId,
    });
  });
  await removeStoredFiles(env.storage, freedKeys, env.log);
}

// Answers.

export interface MediaSource {
  name: string;
  versions: { original: string };
}

export interface ExpandedMediaField {
  mediaId: string | null;
  remove: false;
  source: MediaSource | null;
}

/** `Action` of docs/api-content.md. */
export interface ActionAnswer {
  id: string;
  projectId: string;
  name: string;
  objectType: string;
  data: DataObject;
  activity: unknown;
  rules: unknown;
  split: unknown;
  protection: Protection;
  fallback: unknown;
  qrCodeCount: number;
  /** The background check of a link's destination (issue 16 part 5); null before any failure. */
  destinationHealth: DestinationHealth | null;
  createdAt: string;
  updatedAt: string;
}

/** Stored data with each media field expanded with its `source`, for the editor. */
function expandData(row: ActionRow, media: Map<string, MediaRow>): DataObject {
  const data = parseStoredData(row.data);
  for (const field of Object.keys(mediaFieldsOf(row.objectType))) {
    const value = data[field];
    const mediaId = isMediaField(value) ? value.mediaId : null;
    const stored = mediaId ? media.get(mediaId) : undefined;
    const expanded: ExpandedMediaField = {
      mediaId: stored ? stored.id : null,
      remove: false,
      source: stored
        ? { name: stored.fileName, versions: { original: mediaUrl(stored.id) } }
        : null,
    };
    data[field] = expanded;
  }
  return data;
}

export async function presentActions(
  db: Executor,
  rows: ActionRow[],
  qrCodeCounts: Map<string, number>,
): Promise<ActionAnswer[]> {
  const ids = rows.flatMap((row) => [
    ...storedMediaIds(row.objectType, parseStoredData(row.data)).values(),
  ]);
  const media = await findMediaByIds(db, ids);
  const health = await healthOfActions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    objectType: row.objectType,
    data: expandData(row, media),
    activity: parseStoredData(row.activity),
    ...(smartFieldsOf(row) as Pick<ActionAnswer, 'rules' | 'split' | 'protection' | 'fallback'>),
    qrCodeCount: qrCodeCounts.get(row.id) ?? 0,
    destinationHealth: presentHealth(health.get(row.id), parseStoredData(row.data).link),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

/** The answers of a page of Actions as the API gives them: with their tags and QR code counts. */
export async function presentActionsWithLabels(db: Executor, rows: ActionRow[]) {
  const ids = rows.map((row) => row.id);
  const answers = await presentActions(db, rows, await qrCodeCounts(db, ids));
  const labels = await labelsOfItems(db, 'action', ids);
  return answers.map((answer) => ({ ...answer, labels: labels.get(answer.id) ?? [] }));
}

/** A health row as answered: only while it is about the link the Action has now. */
function presentHealth(
  row: DestinationHealthRow | undefined,
  link: unknown,
): DestinationHealth | null {
  if (!row || row.url !== link) return null;
  return {
    status: row.status,
    consecutiveFailures: Number(row.consecutiveFailures),
    lastError: row.lastError,
    checkedAt: row.checkedAt,
    failingSince: row.failingSince,
  };
}
