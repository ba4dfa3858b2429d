// Short links: what is their own as a project item (a host and a uri, unique there and checked
// inside the change's transaction), given to the steps every item shares (services/projectItems.ts):
// create, edit, duplicate, trash, restore and delete. Also a free random uri to suggest.
import {
  randomUri,
  type ShortLink,
  type ShortLinkInput,
  type NewShortLink,
  type ShortLinkUpdate,
} from '../../shared/schemas/shortLink.js';
import type { Config } from '../config.js';
import { invalidField } from '../domain/errors.js';
import { findAction } from '../repositories/actions.js';
import { withUniqueGuard, type Executor } from '../repositories/executor.js';
import {
  findShortLink,
  insertShortLink,
  isUriTaken,
  type ShortLinkWithAction,
} from '../repositories/shortLinks.js';
import {
  createItem,
  deleteTrashedItem,
  duplicateItem,
  editItem,
  newItemColumns,
  presentItems,
  restoreItem,
  trashItem,
  type ItemChangeArgs,
  type ItemCreateArgs,
  type ItemEditArgs,
  type ItemKind,
} from './projectItems.js';
import { projectRowOr404 } from './projects.js';
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

/** A random uri no short link or QR code uses yet. */
export async function freshUri(db: Executor, host = DEFAULT_HOST): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    // Start at 6 characters; longer ones when the short space gets crowded.
    const uri = randomUri(6 + Math.min(2, Math.floor(attempt / 3)));
    if (!(await isUriTaken(db, host, uri))) return uri;
  }
  throw new Error('no free short link uri found after 8 attempts');
}

/** Whether an edit moves the short link to another uri. */
const movesUri = (shortLink: ShortLinkWithAction, input: Partial<ShortLinkInput>) =>
  input.uri !== undefined && input.uri !== shortLink.uri;

/** How the shared item steps (services/projectItems.ts) reach a short link. */
const SHORT_LINK: ItemKind<'shortLinks', ShortLinkWithAction, ShortLinkInput> = {
  table: 'shortLinks',
  findRow: findShortLink,
  notFound: 'short_link_not_found',
  scanKey: (row) => row.uri,
  scanKeyName: 'uri',
  limitPointer: '/uri',
  checkInput: async (trx, project, input, shortLink) => {
    if (input.actionId && !(await findAction(trx, project.id, input.actionId))) {
      throw invalidField('invalid', '/actionId', 'Choose an Action of this project');
    }
    if (shortLink && movesUri(shortLink, input) && input.uri) {
      await ensureUriFree(trx, shortLink.host, input.uri, shortLink.id);
    }
  },
  insertNew: async (trx, user, project, input, item) => {
    const host = await hostForNewLinks(trx, project.customerId);
    await ensureUriFree(trx, host, input.uri);
    await insertShortLink(trx, {
      id: item.id,
      host,
      uri: input.uri,
      name: input.name,
      description: input.description,
      actionId: input.actionId,
      ...newItemColumns(project, user, item.now),
    });
    return input.uri;
  },
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
  fieldsOf: ({ uri, name, description, actionId }) => ({ uri, name, description, actionId }),
  ownPatch: (shortLink, input) =>
    movesUri(shortLink, input)
      ? {
          columns: { uri: input.uri },
          changes: { uri: { from: shortLink.uri, to: input.uri } },
          // The old uri must stop answering and the new one must start: both entries go.
          codes: input.uri ? [input.uri] : [],
        }
      : { columns: {} },
  // A unique-key violation on (host, uri) means another request took the uri first.
  guard: (work) => withUniqueGuard(work, uriTaken),
  notInTrash: 'Move the short link to the trash before deleting it',
};

export const shortLinkOr404 = projectRowOr404('shortLink', SHORT_LINK.notFound, SHORT_LINK.findRow);

/** The fields an edit of the short link takes, as a restore of its audit row compares them. */
export const shortLinkFieldsOf = SHORT_LINK.fieldsOf;

/** A new short link; with `action` (say a pasted destination URL), its new Action too. */
export const createShortLink = (...args: ItemCreateArgs<NewShortLink>) =>
  createItem(SHORT_LINK, ...args);

/** Changes only the fields present in the request body. */
export const editShortLink = (...args: ItemEditArgs<ShortLinkUpdate>) =>
  editItem(SHORT_LINK, ...args);

export const duplicateShortLink = (...args: ItemChangeArgs) => duplicateItem(SHORT_LINK, ...args);
export const trashShortLink = (...args: ItemChangeArgs) => trashItem(SHORT_LINK, ...args);
export const restoreShortLink = (...args: ItemChangeArgs) => restoreItem(SHORT_LINK, ...args);
export const deleteTrashedShortLink = (...args: ItemChangeArgs) =>
  deleteTrashedItem(SHORT_LINK, ...args);
