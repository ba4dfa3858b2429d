// Media: receiving an upload, storing it with its storage count and audit row in one transaction,
// checking that a referenced media id may be used, and freeing files nothing uses any more.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Logger } from '../logger.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { BYTES_PER_KB, UPLOAD_CAP_BYTES } from '../../shared/constants.js';
import { checkUpload, MEDIA_RULES, remainingBytes, type MediaKind } from '../../shared/media.js';
import { invalidField } from '../domain/errors.js';
import { DiskStorage, mediaKey, type MediaStorage } from '../media/storage.js';
import { DIRECTION_CONTROLS } from '../../shared/schemas/common.js';
import { itemChange, type UnitOfWork, type WriteScope } from './unitOfWork.js';
import { lockCustomer } from '../repositories/customers.js';
import type { Executor } from '../repositories/executor.js';
import {
  addUsedStorage,
  deleteMediaRow,
  findMedia,
  insertMedia,
  isMediaInUse,
  storageLimits,
  type MediaRow,
} from '../repositories/media.js';

/**
 * The store of the media folder. DiskStorage keeps nothing but its folder's path, so each caller
 * may take its own.
 */
export function mediaStorageFor(config: Config): MediaStorage {
  return new DiskStorage(path.join(config.dataDir, 'media'));
}

export const mediaUrl = (id: string) => `/api/file/${id}`;

/** `Media` of docs/api-content.md. */
export interface Media {
  id: string;
  name: string;
  kind: string;
  mimeType: string;
  size: number;
  versions: { original: string };
}

export function toMedia(row: MediaRow): Media {
  return {
    id: row.id,
    name: row.fileName,
    kind: row.kind,
    mimeType: row.mimeType,
    size: Number(row.sizeBytes),
    versions: { original: mediaUrl(row.id) },
  };
}

/** The most bytes an upload of this kind may have (the kind's limit, within the 100 MB cap). */
export const maxBytesOf = (kind: MediaKind) =>
  Math.min(MEDIA_RULES[kind].maxKb * BYTES_PER_KB, UPLOAD_CAP_BYTES);

/**
 * A file name safe to store and show: no path, no control or text-direction characters (a file
 * name comes from the user's disk, so they are dropped rather than refused), at most 255.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(new RegExp(DIRECTION_CONTROLS, 'g'), '')
    .trim();
  return (cleaned || 'file').slice(-255);
}

export const temporaryFileIn = (storage: MediaStorage) =>
  path.join(storage.temporaryDir, `${crypto.randomBytes(12).toString('hex')}.part`);

/**
 * Writes a stream to a file while counting bytes. Past `maxBytes` the file is dropped but the
 * stream is still read to its end, so the client gets our answer instead of a reset connection.
 */
export async function receiveToFile(
  stream: Readable,
  file: string,
  maxBytes: number,
): Promise<{ size: number; tooLarge: boolean }> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const out = fs.createWriteStream(file);
  // A failed write (disk full) is kept and thrown after the loop, never left unhandled.
  let writeError: Error | null = null;
  out.on('error', (error) => (writeError ??= error));
  let size = 0;
  let tooLarge = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (tooLarge || writeError) continue;
      if (size > maxBytes) {
        tooLarge = true;
        out.destroy();
        continue;
      }
      if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    if (writeError) throw writeError;
    if (!tooLarge) {
      out.end();
      await finished(out);
    }
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { size, tooLarge };
}

export interface UploadInput {
  mediaId: string;
  kind: MediaKind;
  fileName: string;
  mimeType: string;
  size: number;
  temporaryFile: string;
}

const PROBLEM_DETAIL: Record<string, string> = {
  mimes: 'This type of file is not allowed here',
  size: 'The file is too large',
  size_project: 'The file does not fit in the remaining storage of the project',
  size_customer: 'The file does not fit in the remaining storage of the customer',
};

/**
 * Checks the size against the project's and customer's remaining storage and stores the media:
 * row, storage count and audit row in one transaction, the bytes moved into place as its last
 * step (removed again if the commit fails), so a row never points at missing bytes.
 */
export async function storeUpload(
  db: Db,
  storage: MediaStorage,
  project: ProjectRow,
  userId: string | null,
  input: UploadInput,
  work: UnitOfWork,
): Promise<MediaRow> {
  const key = mediaKey(project.customerId, input.mediaId);
  let moved = false;
  try {
    await work.run(async ({ trx, record }) => {
      await lockCustomer(trx, project.customerId);
      const limits = await storageLimits(trx, project.id, project.customerId);
      const problem = checkUpload(input.kind, input.fileName, input.size, {
        project: remainingBytes(limits.project.used, limits.project.total),
        customer: remainingBytes(limits.customer.used, limits.customer.total),
      });
      if (problem) {
        throw invalidField(
          problem.code,
          '/file',
          PROBLEM_DETAIL[problem.code] ?? 'The file cannot be stored',
          problem.meta,
        );
      }
      await insertMedia(trx, {
        id: input.mediaId,
        customerId: project.customerId,
        projectId: project.id,
        kind: input.kind,
        fileName: input.fileName,
        mimeType: input.mimeType,
        sizeBytes: input.size,
        storageKey: key,
        createdBy: userId,
        createdAt: new Date().toISOString(),
        deletedAt: null,
      });
      await addUsedStorage(trx, project.id, input.size);
      await record(
        itemChange(project, 'file', 'uploaded', {
          id: input.mediaId,
          name: input.fileName,
          changes: { kind: input.kind, size: input.size, mimeType: input.mimeType },
        }),
      );
      await storage.putFile(key, input.temporaryFile);
      moved = true;
    });
  } catch (error) {
    if (moved) await storage.remove(key).catch(() => {});
    throw error;
  }
  const row = await findMedia(db, input.mediaId);
  if (!row) throw new Error('media vanished right after it was stored');
  return row;
}

/** Image kinds: what a logo or picture field may point at. */
export const IMAGE_KINDS: readonly MediaKind[] = ['image', 'logo', 'avatar', 'cover'];

/**
 * A media id a form refers to: it must be an upload of the same customer and project, of a kind
 * the field accepts. Unknown and foreign ids get the same answer, so nothing is revealed.
 */
export async function usableMediaOr422(
  db: Executor,
  project: Pick<ProjectRow, 'id' | 'customerId'>,
  mediaId: string,
  kinds: readonly string[],
  pointer: string,
): Promise<MediaRow> {
  const row = await findMedia(db, mediaId);
  if (
    !row ||
    row.deletedAt ||
    row.customerId !== project.customerId ||
    (row.projectId !== null && row.projectId !== project.id)
  ) {
    throw invalidField('invalid', pointer, 'This file does not exist or belongs elsewhere');
  }
  if (!kinds.includes(row.kind)) {
    throw invalidField('mimes', pointer, 'This kind of file cannot be used here', {
      values: kinds,
    });
  }
  return row;
}

/**
 * Frees media nothing else uses any more: the row goes, its size leaves the project's storage
 * count, an audit row is written; returns the storage keys to delete once the transaction has
 * committed (bytes are only removed when the change is final).
 */
export async function releaseMedia(
  { trx, record }: Pick<WriteScope, 'trx' | 'record'>,
  mediaIds: Iterable<string>,
  options: { exceptActionId?: string; parentAuditId?: string } = {},
): Promise<string[]> {
  const keys: string[] = [];
  for (const mediaId of new Set(mediaIds)) {
    const row = await findMedia(trx, mediaId);
    if (!row) continue;
    if (await isMediaInUse(trx, mediaId, { actionId: options.exceptActionId })) continue;
    await deleteMediaRow(trx, mediaId);
    if (row.projectId) await addUsedStorage(trx, row.projectId, -Number(row.sizeBytes));
    await record({
      type: 'file',
      action: 'deleted',
      itemId: row.id,
      name: row.fileName,
      customerId: row.customerId,
      projectId: row.projectId,
      parentId: options.parentAuditId ?? null,
      changes: { size: Number(row.sizeBytes) },
    });
    keys.push(row.storageKey);
  }
  return keys;
}

/** Deletes freed bytes after the commit; a failure only leaves an orphan file, so it is logged. */
export async function removeStoredFiles(
  storage: MediaStorage,
  keys: string[],
  log?: Logger,
): Promise<void> {
  for (const key of keys) {
    await storage.remove(key).catch((error: unknown) => {
      log?.warn({ err: error, key }, 'could not remove a freed media file');
    });
  }
}

export async function removeTemporaryFile(file: string): Promise<void> {
  await fsp.rm(file, { force: true });
}
