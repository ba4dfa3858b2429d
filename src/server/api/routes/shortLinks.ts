// Short links of a project: list, create, read, edit, duplicate, trash, restore, delete, and a free
// random uri to suggest. Each change runs in one transaction with its audit row (uri uniqueness and
// the limits are checked inside it); the scan cache forgets the touched uris after the commit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ulid } from 'ulidx';
import { ulidSchema } from '../../../shared/ids.js';
import { fitsWithin } from '../../../shared/rules.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import {
  randomUri,
  shortLinkInputSchema,
  shortLinkUpdateSchema,
  type ShortLink,
  type ShortLinkInput,
  type ShortLinkUpdate,
} from '../../../shared/schemas/shortLink.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import { insertAuditLog, type AuditContext } from '../../repositories/auditLogs.js';
import type { Executor } from '../../repositories/executor.js';
import { labelsOfItems, replaceItemLabels } from '../../repositories/labels.js';
import {
  countActiveShortLinks,
  deleteShortLinkRows,
  findShortLink,
  insertShortLink,
  isProjectAction,
  isUniqueViolation,
  isUriTaken,
  listShortLinks,
  lockCustomerForLimits,
  shortLinkLimits,
  shortLinkScanCounts,
  updateShortLink,
  type ShortLinkWithAction,
} from '../../repositories/shortLinks.js';
import { invalidate } from '../../scan/cache.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { HttpError, invalidField, notFound } from '../httpError.js';
import { auditContextOf } from '../plugins/audit.js';
import { currentUser, requirePermission, type SessionUser } from '../plugins/session.js';
import { listResponse, pathId, type RouteDeps } from './helpers.js';

const shortLinkListQuerySchema = listQuerySchema.extend({
  actionId: ulidSchema.optional(),
  labelId: ulidSchema.optional(),
});

/** Short links made here live on the default scan host; white-label hosts come with that feature. */
const DEFAULT_HOST = '';

interface ProjectParams {
  pid: string;
}
interface ShortLinkParams extends ProjectParams {
  id: string;
}

/** The keys a PUT body really sent: the shared schema fills defaults for absent ones. */
function sentKeys(body: unknown): Set<string> {
  return new Set(typeof body === 'object' && body !== null ? Object.keys(body) : []);
}

/** The full URL of a short link: the scan base, or the same path on its white-label host. */
export function shortLinkScanUrl(config: Config, host: string, uri: string): string {
  if (!host) return `${config.scanBaseUrl}/${uri}`;
  try {
    const base = new URL(config.scanBaseUrl);
    return `https://${host}${base.pathname.replace(/\/+$/, '')}/${uri}`;
  } catch {
    return `https://${host}/${uri}`;
  }
}

export async function presentShortLinks(
  db: Executor,
  config: Config,
  rows: ShortLinkWithAction[],
): Promise<ShortLink[]> {
  const ids = rows.map((row) => row.id);
  const scans = await shortLinkScanCounts(db, ids);
  const labels = await labelsOfItems(db, 'short_link', ids);
  return rows.map((row) => {
    // The join only finds live Actions; a link whose Action is gone has none.
    const hasAction = row.actionId !== null && row.actionName !== null;
    return {
      id: row.id,
      projectId: row.projectId,
      host: row.host,
      uri: row.uri,
      scanUrl: shortLinkScanUrl(config, row.host, row.uri),
      name: row.name,
      description: row.description,
      actionId: hasAction ? row.actionId : null,
      action:
        hasAction && row.actionId
          ? { id: row.actionId, name: row.actionName ?? '', objectType: row.actionObjectType ?? '' }
          : null,
      labels: labels.get(row.id) ?? [],
      scans: scans.get(row.id) ?? 0,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      trashedAt: row.trashedAt,
    };
  });
}

// The steps every change shares.

async function shortLinkOr404(
  db: Executor,
  user: SessionUser,
  projectId: string,
  id: string,
  options: { includeTrashed?: boolean } = {},
): Promise<{ project: ProjectRow; shortLink: ShortLinkWithAction }> {
  const project = await visibleProjectOr404(db, user, projectId);
  const shortLink = await findShortLink(db, project.id, id, options);
  if (!shortLink) throw notFound('short_link_not_found');
  return { project, shortLink };
}

/** Whether one more short link fits in the project and the customer (checked under the lock). */
async function limitProblem(
  trx: Executor,
  project: ProjectRow,
): Promise<{ scope: 'project' | 'customer'; max: number } | null> {
  await lockCustomerForLimits(trx, project.customerId);
  const used = await countActiveShortLinks(trx, project.id, project.customerId);
  const total = await shortLinkLimits(trx, project.id, project.customerId);
  if (!fitsWithin(used.project, total.project)) return { scope: 'project', max: total.project };
  if (!fitsWithin(used.customer, total.customer)) return { scope: 'customer', max: total.customer };
  return null;
}

function limitError(problem: { scope: 'project' | 'customer'; max: number }, pointer?: string) {
  return new HttpError(
    422,
    problem.scope === 'project' ? 'max_short_links_project' : 'max_short_links_customer',
    `The short link limit of the ${problem.scope} (${problem.max}) has been reached`,
    pointer,
    { max: problem.max },
  );
}

const uriTaken = () =>
  invalidField('shortlink_uri_duplicated_entry', '/uri', 'This short link is already in use');

async function ensureUriFree(trx: Executor, uri: string, exceptId?: string): Promise<void> {
  if (await isUriTaken(trx, DEFAULT_HOST, uri, exceptId)) throw uriTaken();
}

async function checkAction(trx: Executor, project: ProjectRow, actionId: string | null) {
  if (actionId && !(await isProjectAction(trx, project.id, actionId))) {
    throw invalidField('invalid', '/actionId', 'Choose an Action of this project');
  }
}

/** A random uri no short link or QR code uses yet. */
async function freshUri(db: Executor): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    // Start at 6 characters; longer ones when the short space gets crowded.
    const uri = randomUri(6 + Math.min(2, Math.floor(attempt / 3)));
    if (!(await isUriTaken(db, DEFAULT_HOST, uri))) return uri;
  }
  throw new Error('no free short link uri found after 8 attempts');
}

/** Runs a write; a unique-key violation on (host, uri) means another request took the uri first. */
async function withUriGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw uriTaken();
    throw error;
  }
}

// The changes.

async function createShortLink(
  db: Db,
  user: SessionUser,
  projectId: string,
  input: ShortLinkInput,
  audit: AuditContext,
): Promise<string> {
  const id = ulid();
  await withUriGuard(() =>
    db.transaction().execute(async (trx) => {
      const project = await visibleProjectOr404(trx, user, projectId);
      await checkAction(trx, project, input.actionId);
      const problem = await limitProblem(trx, project);
      if (problem) throw limitError(problem, '/uri');
      await ensureUriFree(trx, input.uri);
      const now = new Date().toISOString();
      await insertShortLink(trx, {
        id,
        customerId: project.customerId,
        projectId: project.id,
        host: DEFAULT_HOST,
        uri: input.uri,
        name: input.name,
        description: input.description,
        actionId: input.actionId,
        createdBy: user.id,
        trashedAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await insertAuditLog(trx, audit, {
        type: 'short_link',
        action: 'created',
        itemId: id,
        name: input.name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { uri: input.uri, actionId: input.actionId },
      });
    }),
  );
  // Unknown codes are cached briefly too; this one exists now.
  invalidate(input.uri);
  return id;
}

async function editShortLink(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  input: ShortLinkUpdate,
  audit: AuditContext,
): Promise<void> {
  const uris = await withUriGuard(() =>
    db.transaction().execute(async (trx) => {
      const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id);
      if (input.actionId !== undefined) await checkAction(trx, project, input.actionId);
      const isUriChanged = input.uri !== undefined && input.uri !== shortLink.uri;
      if (isUriChanged && input.uri) await ensureUriFree(trx, input.uri, id);
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.actionId !== undefined ? { actionId: input.actionId } : {}),
        ...(isUriChanged ? { uri: input.uri } : {}),
      };
      await updateShortLink(trx, id, { ...patch, updatedAt: new Date().toISOString() });
      await insertAuditLog(trx, audit, {
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
      });
      return [shortLink.uri, ...(isUriChanged && input.uri ? [input.uri] : [])];
    }),
  );
  // The old uri must stop answering and the new one must start: forget both.
  for (const uri of uris) invalidate(uri);
}

async function duplicateShortLink(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  audit: AuditContext,
): Promise<string> {
  const copyId = ulid();
  const uri = await withUriGuard(() =>
    db.transaction().execute(async (trx) => {
      const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id);
      const problem = await limitProblem(trx, project);
      if (problem) throw limitError(problem);
      const fresh = await freshUri(trx);
      const now = new Date().toISOString();
      const name = `${shortLink.name} (copy)`.slice(0, 255);
      await insertShortLink(trx, {
        id: copyId,
        customerId: project.customerId,
        projectId: project.id,
        host: shortLink.host,
        uri: fresh,
        name,
        description: shortLink.description,
        actionId: shortLink.actionName !== null ? shortLink.actionId : null,
        createdBy: user.id,
        trashedAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      const labels = (await labelsOfItems(trx, 'short_link', [id])).get(id) ?? [];
      await replaceItemLabels(
        trx,
        'short_link',
        copyId,
        labels.map((label) => label.id),
      );
      await insertAuditLog(trx, audit, {
        type: 'short_link',
        action: 'duplicated',
        itemId: copyId,
        name,
        customerId: project.customerId,
        projectId: project.id,
        changes: { from: id, uri: fresh },
      });
      return fresh;
    }),
  );
  invalidate(uri);
  return copyId;
}

async function trashShortLink(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  audit: AuditContext,
): Promise<void> {
  const uri = await db.transaction().execute(async (trx) => {
    const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id);
    const now = new Date().toISOString();
    await updateShortLink(trx, id, { trashedAt: now, updatedAt: now });
    await insertAuditLog(trx, audit, {
      type: 'short_link',
      action: 'trashed',
      itemId: id,
      name: shortLink.name,
      customerId: project.customerId,
      projectId: project.id,
    });
    return shortLink.uri;
  });
  invalidate(uri);
}

async function restoreShortLink(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  audit: AuditContext,
): Promise<void> {
  const uri = await db.transaction().execute(async (trx) => {
    const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id, {
      includeTrashed: true,
    });
    if (!shortLink.trashedAt) return shortLink.uri;
    const problem = await limitProblem(trx, project);
    if (problem) throw limitError(problem);
    await updateShortLink(trx, id, { trashedAt: null, updatedAt: new Date().toISOString() });
    await insertAuditLog(trx, audit, {
      type: 'short_link',
      action: 'restored',
      itemId: id,
      name: shortLink.name,
      customerId: project.customerId,
      projectId: project.id,
    });
    return shortLink.uri;
  });
  invalidate(uri);
}

async function deleteTrashedShortLink(
  db: Db,
  user: SessionUser,
  projectId: string,
  id: string,
  audit: AuditContext,
): Promise<void> {
  const uri = await db.transaction().execute(async (trx) => {
    const { project, shortLink } = await shortLinkOr404(trx, user, projectId, id, {
      includeTrashed: true,
    });
    if (!shortLink.trashedAt) {
      throw invalidField('invalid', '/id', 'Move the short link to the trash before deleting it');
    }
    await deleteShortLinkRows(trx, [id]);
    await insertAuditLog(trx, audit, {
      type: 'short_link',
      action: 'deleted',
      itemId: id,
      name: shortLink.name,
      customerId: project.customerId,
      projectId: project.id,
    });
    return shortLink.uri;
  });
  invalidate(uri);
}

export function shortLinkRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const projectIdOf = (params: ProjectParams) => pathId(params.pid, 'project_not_found');
  const idsOf = (params: ShortLinkParams) => ({
    projectId: projectIdOf(params),
    id: pathId(params.id, 'short_link_not_found'),
  });
  const one = async (
    request: FastifyRequest,
    projectId: string,
    id: string,
    options: { includeTrashed?: boolean } = {},
  ) => {
    const { shortLink } = await shortLinkOr404(db, currentUser(request), projectId, id, options);
    return { data: (await presentShortLinks(db, config, [shortLink]))[0] };
  };

  // GET /projects/{pid}/short-links: links outside the trash; q on name and uri, filters actionId, labelId.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/short-links',
    { preHandler: requirePermission('ShortLinkView') },
    async (request) => {
      const project = await visibleProjectOr404(
        db,
        currentUser(request),
        projectIdOf(request.params),
      );
      const query = shortLinkListQuerySchema.parse(request.query);
      const { rows, total } = await listShortLinks(db, project.id, query, {
        actionId: query.actionId,
        labelId: query.labelId,
      });
      return listResponse(await presentShortLinks(db, config, rows), total, query);
    },
  );

  // GET /projects/{pid}/short-links/suggest-uri: a random uri that is free right now, with its URL.
  app.get<{ Params: ProjectParams }>(
    '/projects/:pid/short-links/suggest-uri',
    { preHandler: requirePermission('ShortLinkCreate') },
    async (request) => {
      await visibleProjectOr404(db, currentUser(request), projectIdOf(request.params));
      const uri = await freshUri(db);
      return { data: { uri, scanUrl: shortLinkScanUrl(config, DEFAULT_HOST, uri) } };
    },
  );

  // POST /projects/{pid}/short-links: create a link with its own uri, within the limits.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/short-links',
    { preHandler: requirePermission('ShortLinkCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = shortLinkInputSchema.parse(request.body);
      const id = await createShortLink(
        db,
        currentUser(request),
        projectId,
        input,
        auditContextOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/short-links/{id}: one link (also from the trash).
  app.get<{ Params: ShortLinkParams }>(
    '/projects/:pid/short-links/:id',
    { preHandler: requirePermission('ShortLinkView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id, { includeTrashed: true });
    },
  );

  // PUT /projects/{pid}/short-links/{id}: change the fields sent (uri, name, description, actionId).
  app.put<{ Params: ShortLinkParams }>(
    '/projects/:pid/short-links/:id',
    { preHandler: requirePermission('ShortLinkUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const parsed = shortLinkUpdateSchema.parse(request.body ?? {});
      const sent = sentKeys(request.body);
      const input = Object.fromEntries(
        Object.entries(parsed).filter(([key]) => sent.has(key)),
      ) as ShortLinkUpdate;
      await editShortLink(
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

  // POST /projects/{pid}/short-links/{id}/duplicate: a new random uri, same Action and tags.
  app.post<{ Params: ShortLinkParams }>(
    '/projects/:pid/short-links/:id/duplicate',
    { preHandler: requirePermission('ShortLinkDuplicate') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const copyId = await duplicateShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        auditContextOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, copyId));
    },
  );

  // DELETE /projects/{pid}/short-links/{id}/trash: move to the trash (the uri stops answering).
  app.delete<{ Params: ShortLinkParams }>(
    '/projects/:pid/short-links/:id/trash',
    { preHandler: requirePermission('ShortLinkTrash') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await trashShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        auditContextOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // POST /projects/{pid}/short-links/{id}/restore: back from the trash, if the limits leave room.
  app.post<{ Params: ShortLinkParams }>(
    '/projects/:pid/short-links/:id/restore',
    { preHandler: requirePermission('ShortLinkRestore') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      await restoreShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        auditContextOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/short-links/{id}: permanent delete of a trashed link.
  app.delete<{ Params: ShortLinkParams }>(
    '/projects/:pid/short-links/:id',
    { preHandler: requirePermission('ShortLinkDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await deleteTrashedShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        auditContextOf(request, config),
      );
      return reply.code(204).send();
    },
  );
}
