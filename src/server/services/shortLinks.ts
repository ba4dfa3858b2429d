// Short links: create, edit, duplicate, trash, restore and delete, each in one transaction with its
// audit row (uri uniqueness and the limits are checked inside it), and a free random uri to
// suggest. The scan cache forgets the touched uris after the commit.
import { ulid } from 'ulidx';
import {
  randomUri,
  type ShortLink,
  type NewShortLink,
  type ShortLinkUpdate,
} from '../../shared/schemas/shortLink.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { invalidField, notFound, underPointer } from '../domain/errors.js';
import { actionCreated, insertNewAction } from './actions.js';
import type { Actor } from '../domain/actor.js';
import { findAction } from '../repositories/actions.js';
import { pickFields, type UnitOfWork } from './unitOfWork.js';
import { withUniqueGuard, type Executor } from '../repositories/executor.js';
import {
  findShortLink,
  insertShortLink,
  isUriTaken,
  updateShortLink,
  type ShortLinkWithAction,
} from '../repositories/shortLinks.js';
import {
  deleteTrashedItem,
  duplicateItem,
  newItemColumns,
  presentItems,
  ensureRoomForOne,
  restoreItem,
  trashItem,
  type ItemChangeArgs,
  type TrashableKind,
} from './projectItems.js';
import { visibleProjectOr404 } from './projects.js';
import { shortLinkUrlOf } from './qrCodes.js';
import { primaryScanBases } from '../repositories/whiteLabel.js';

/** The platform's own scan host; a short link there is reachable on every host of its customer. */
export const DEFAULT_HOST = '';

/**
 * Where a customer's new short links live: its verified primary white-label hostname, so its uris
 * are its own there (two customers can both have /menu), or the platform's host.
 */
export async function hostForNewLinks(db: Executor, customerId: string): Promise<string> {
  const base = (await primaryScanBases(db, [customerId])).get(customerId);
  return base ? new URL(base).hostname : DEFAULT_HOST;
}

export async function presentShortLinks(
  db: Executor,
  config: Config,
  rows: ShortLinkWithAction[],
): Promise<ShortLink[]> {
  return presentItems(db, 'short_link', rows, (row, shared, base) => ({
    ...shared,
    host: row.host,
    uri: row.uri,
    scanUrl: shortLinkUrlOf(config, row.host, row.uri, base),
  }));
}

// The steps every change shares.

export async function shortLinkOr404(
  db: Executor,
  user: Actor,
  projectId: string,
  id: string,
  options: { includeTrashed?: boolean } = {},
): Promise<{ project: ProjectRow; shortLink: ShortLinkWithAction }> {
  const project = await visibleProjectOr404(db, user, projectId);
  const shortLink = await findShortLink(db, project.id, id, options);
  if (!shortLink) throw notFound('short_link_not_found');
  return { project, shortLink };
}

const uriTaken = () =>
  invalidField('shortlink_uri_duplicated_entry', '/uri', 'This short link is already in use');

async function ensureUriFree(
  trx: Executor,
  host: string,
  uri: string,
  exceptId?: string,
): Promise<void> {
  if (await isUriTaken(trx, host, uri, exceptId)) throw uriTaken();
}

async function checkAction(trx: Executor, project: ProjectRow, actionId: string | null) {
  if (actionId && !(await findAction(trx, project.id, actionId))) {
    throw invalidField('invalid', '/actionId', 'Choose an Action of this project');
  }
}

/** A random uri no short link or QR code uses yet. */
export async function freshUri(db: Executor, host = DEFAULT_HOST): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    // Start at 6 characters; longer ones when the short space gets crowded.
    const uri = randomUri(6 + Math.min(2, Math.floor(attempt / 3)));
    if (!(await isUriTaken(db, host, uri))) return uri;
  }
  throw new Error('no free short link uri found after 8 attempts');
}

/** Runs a write; a unique-key violation on (host, uri) means another request took the uri first. */
const withUriGuard = <T>(work: () => Promise<T>) => withUniqueGuard(work, uriTaken);

// The changes.

/** A new short link; with `action` (say a pasted destination URL), its new Action too. */
export async function createShortLink(
  db: Db,
  user: Actor,
  projectId: string,
  { action: newAction, ...input }: NewShortLink,
  work: UnitOfWork,
): Promise<string> {
  const id = ulid();
  await withUriGuard(() =>
    work.run(async ({ trx, record }) => {
      const project = await visibleProjectOr404(trx, user, projectId);
      await checkAction(trx, project, input.actionId);
      await ensureRoomForOne(trx, 'shortLinks', project, '/uri');
      if (newAction) {
        input.actionId = await underPointer('/action', () =>
          insertNewAction(trx, user, project, newAction),
        );
      }
      const host = await hostForNewLinks(trx, project.customerId);
      await ensureUriFree(trx, host, input.uri);
      const now = new Date().toISOString();
      await insertShortLink(trx, {
        id,
        host,
        uri: input.uri,
        name: input.name,
        description: input.description,
        actionId: input.actionId,
        ...newItemColumns(project, user, now),
      });
      const shortLinkAuditId = await record({
        type: 'short_link',
        action: 'created',
        itemId: id,
        name: input.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { uri: input.uri, actionId: input.actionId },
        // Unknown codes are cached briefly too; this one exists now.
        codes: [input.uri],
      });
      if (newAction && input.actionId)
        await record(actionCreated(project, input.actionId, newAction, shortLinkAuditId));
    }),
  );
  return id;
}

/** Changes only the fields present in the request body. */
export async function editShortLink(
  db: Db,
  user: Actor,
  projectId: string,
  id: string,
  input: ShortLinkUpdate,
  work: UnitOfWork,
): Promise<void> {
  await withUriGuard(() =>
    work.run(async ({ trx, record }) => {
      const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id);
      if (input.actionId !== undefined) await checkAction(trx, project, input.actionId);
      const isUriChanged = input.uri !== undefined && input.uri !== shortLink.uri;
      if (isUriChanged && input.uri) await ensureUriFree(trx, shortLink.host, input.uri, id);
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.actionId !== undefined ? { actionId: input.actionId } : {}),
        ...(isUriChanged ? { uri: input.uri } : {}),
      };
      await updateShortLink(trx, id, { ...patch, updatedAt: new Date().toISOString() });
      await record({
        type: 'short_link',
        action: 'updated',
        itemId: id,
        name: input.name ?? shortLink.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: {
          fields: Object.keys(patch),
          ...(isUriChanged ? { uri: { from: shortLink.uri, to: input.uri } } : {}),
          ...(input.actionId !== undefined ? { actionId: input.actionId } : {}),
        },
        before: pickFields(shortLink, Object.keys(patch)),
        after: patch,
        // The old uri must stop answering and the new one must start: both entries go.
        codes: [shortLink.uri, ...(isUriChanged && input.uri ? [input.uri] : [])],
      });
    }),
  );
}

/** How the shared trash, restore and delete steps (services/projectItems.ts) reach a short link. */
const SHORT_LINK: TrashableKind<ShortLinkWithAction> = {
  table: 'shortLinks',
  find: async (trx, user, projectId, id, options) => {
    const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id, options);
    return { project, item: shortLink };
  },
  scanKey: (row) => row.uri,
  scanKeyName: 'uri',
  // A new random uri on the same host, the same Action (if it still exists).
  insertCopy: async (trx, user, project, shortLink, copy) => {
    const fresh = await freshUri(trx, shortLink.host);
    await insertShortLink(trx, {
      id: copy.id,
      host: shortLink.host,
      uri: fresh,
      name: copy.name,
      description: shortLink.description,
      actionId: shortLink.actionName !== null ? shortLink.actionId : null,
      ...newItemColumns(project, user, copy.now),
    });
    return fresh;
  },
  guard: withUriGuard,
  notInTrash: 'Move the short link to the trash before deleting it',
};

export const duplicateShortLink = (...args: ItemChangeArgs) => duplicateItem(SHORT_LINK, ...args);
export const trashShortLink = (...args: ItemChangeArgs) => trashItem(SHORT_LINK, ...args);
export const restoreShortLink = (...args: ItemChangeArgs) => restoreItem(SHORT_LINK, ...args);
export const deleteTrashedShortLink = (...args: ItemChangeArgs) =>
  deleteTrashedItem(SHORT_LINK, ...args);
