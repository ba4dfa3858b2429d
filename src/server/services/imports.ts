// Bulk import (issue 15, part 4): a preview of every row with its errors, then one job that makes
// a QR code with its link Action (or a short link) per valid row through the same services as the
// dashboard. A row whose key (the column the user picked) was imported before is skipped, so
// uploading the same file again changes nothing.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { ImportJobRow } from '../db/schema.js';
import { newQrCodeSchema } from '../../shared/schemas/qrCode.js';
import { newShortLinkSchema, randomUri } from '../../shared/schemas/shortLink.js';
import type { ImportKind, ImportRow, ImportSummary } from '../../shared/schemas/import.js';
import { distinctLabelNames } from '../../shared/schemas/label.js';
import type { Actor } from '../domain/actor.js';
import { DomainError, notFound } from '../domain/errors.js';
import { previewImport, type PreviewOptions } from '../import/preview.js';
import type { ImportJobs } from '../import/jobs.js';
import {
  findImportJob,
  importedKeys,
  insertImportJob,
  insertImportKey,
  updateImportJob,
} from '../repositories/imports.js';
import { labelsNamed } from '../repositories/labels.js';
import { linkLabelsByName } from './labels.js';
import { visibleProjectOr404 } from './projects.js';
import { createQrCode } from './qrCodes.js';
import { createShortLink } from './shortLinks.js';
import { itemChange, type UnitOfWork } from './unitOfWork.js';

/** How many invalid rows a preview lists (the rest are counted). */
const PREVIEW_ERROR_ROWS = 1000;
const PREVIEW_SAMPLE_ROWS = 10;
/** The job row is updated this often: enough for a smooth bar, few extra writes. */
const PROGRESS_EVERY = 100;

export function presentImportJob(row: ImportJobRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    skipped: row.skipped,
    failed: row.failed,
    error: row.error,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function read(data: Buffer, options: PreviewOptions) {
  try {
    return await previewImport(data, options);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'file_type_not_supported' ||
      code === 'import_file_empty' ||
      code === 'import_too_many_rows'
    )
      throw new DomainError(
        'invalid',
        code,
        'The file cannot be imported',
        '/file',
        (error as { meta?: Record<string, unknown> }).meta,
      );
    if (code === 'invalid')
      throw new DomainError(
        'invalid',
        'invalid',
        'The file or the chosen column does not fit',
        '/file',
        (error as { meta?: Record<string, unknown> }).meta,
      );
    throw error;
  }
}

async function analyse(
  db: Db,
  actor: Actor,
  projectId: string,
  data: Buffer,
  options: PreviewOptions,
) {
  const project = await visibleProjectOr404(db, actor, projectId);
  const preview = await read(data, options);
  const valid = preview.rows.flatMap((row) => (row.data ? [row.data] : []));
  const seen = await importedKeys(
    db,
    project.id,
    options.kind,
    valid.flatMap((row) => (row.key ? [row.key] : [])),
  );
  const fresh = valid.filter((row) => !row.key || !seen.has(row.key));
  return { project, preview, valid, fresh };
}

export async function previewForProject(
  db: Db,
  actor: Actor,
  projectId: string,
  data: Buffer,
  options: PreviewOptions,
): Promise<ImportSummary> {
  const { project, preview, valid, fresh } = await analyse(db, actor, projectId, data, options);
  const invalid = preview.rows.filter((row) => row.errors.length > 0);
  // The first spelling of a name is the one the import gives the new label.
  const wanted = distinctLabelNames(fresh.flatMap((row) => row.tags));
  const existing = await labelsNamed(db, project.id, wanted);
  return {
    format: preview.format,
    headers: preview.headers,
    keyColumn: preview.keyColumn,
    total: preview.rows.length,
    valid: valid.length,
    alreadyImported: valid.length - fresh.length,
    invalid: invalid.length,
    errors: invalid.slice(0, PREVIEW_ERROR_ROWS),
    sample: valid.slice(0, PREVIEW_SAMPLE_ROWS),
    newLabels: wanted.filter((name) => !existing.has(name.toLowerCase())),
  };
}

/** Starts the job for the valid rows not imported before; answers it at once. */
export async function startImport(
  db: Db,
  actor: Actor,
  projectId: string,
  data: Buffer,
  options: PreviewOptions,
  work: UnitOfWork,
  jobs: ImportJobs,
): Promise<ImportJobRow> {
  const { project, valid, fresh } = await analyse(db, actor, projectId, data, options);
  const now = new Date().toISOString();
  const job: ImportJobRow = {
    id: ulid(),
    customerId: project.customerId,
    projectId: project.id,
    userId: actor.id,
    kind: options.kind,
    status: fresh.length ? 'running' : 'done',
    total: valid.length,
    processed: valid.length - fresh.length,
    created: 0,
    skipped: valid.length - fresh.length,
    failed: 0,
    error: null,
    createdAt: now,
    updatedAt: now,
  };
  await work.run(async ({ trx, record }) => {
    await insertImportJob(trx, job);
    const changes = { kind: options.kind, rows: valid.length, alreadyImported: job.skipped };
    await record(
      itemChange(project, 'import', 'created', { id: job.id, name: options.kind, changes }),
    );
  });
  if (fresh.length) jobs.start(() => runImport(db, actor, job, fresh, work, jobs));
  return job;
}

async function runImport(
  db: Db,
  actor: Actor,
  job: ImportJobRow,
  rows: ImportRow[],
  work: UnitOfWork,
  jobs: ImportJobs,
): Promise<void> {
  const kind = job.kind as ImportKind;
  const progress = {
    processed: job.processed,
    created: 0,
    failed: 0,
    error: null as string | null,
  };
  const save = (status: string) =>
    updateImportJob(db, job.id, { ...progress, status, updatedAt: new Date().toISOString() });
  try {
    for (const [index, row] of rows.entries()) {
      if (jobs.isStopping) {
        progress.error = 'stopped';
        return await save('failed');
      }
      try {
        await createItem(db, actor, job, kind, row, work);
        progress.created++;
      } catch (error) {
        progress.failed++;
        progress.error ??= error instanceof DomainError ? error.code : 'internal';
      }
      progress.processed++;
      if ((index + 1) % PROGRESS_EVERY === 0) await save('running');
    }
    await save('done');
  } catch (error) {
    progress.error = 'internal';
    await save('failed').catch(() => {});
    throw error;
  }
}

/**
 * One row through the services; its key and its labels (the tags column, missing labels made) are
 * written in the item's own transaction, so a refused row leaves none of them behind.
 */
async function createItem(
  db: Db,
  actor: Actor,
  job: Pick<ImportJobRow, 'projectId' | 'customerId'>,
  kind: ImportKind,
  row: ImportRow,
  work: UnitOfWork,
): Promise<void> {
  const { projectId } = job;
  // The same schemas as POST …/qr-codes and …/short-links: their defaults (design, activity) too.
  const action = { name: row.name, objectType: 'link', data: { link: row.url } };
  const noted =
    row.key || row.tags.length
      ? work.followedBy(async (scope, recorded) => {
          const item = recorded.find(
            (change) => change.type === kind && change.action === 'created',
          );
          if (!item?.itemId) return;
          if (row.key)
            await insertImportKey(scope.trx, {
              projectId,
              itemType: kind,
              key: row.key,
              itemId: item.itemId,
            });
          await linkLabelsByName(
            scope,
            { id: projectId, customerId: job.customerId },
            kind,
            item.itemId,
            row.tags,
          );
        })
      : work;
  if (kind === 'qr_code')
    await createQrCode(
      db,
      actor,
      projectId,
      newQrCodeSchema.parse({ name: row.name, action }),
      noted,
    );
  else
    await createShortLink(
      db,
      actor,
      projectId,
      newShortLinkSchema.parse({ uri: row.uri ?? randomUri(), name: row.name, action }),
      noted,
    );
}

export async function importJobOf(db: Db, actor: Actor, projectId: string, id: string) {
  const project = await visibleProjectOr404(db, actor, projectId);
  const job = await findImportJob(db, project.id, id);
  if (!job) throw notFound('import_job_not_found');
  return presentImportJob(job);
}
