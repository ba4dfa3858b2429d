// Small helpers every route file shares.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail.js';
import type { ApiErrorCode } from '../../../shared/errors.js';
import { isUlid } from '../../../shared/ids.js';
import type { PermissionKey } from '../../../shared/permissions.js';
import type { ListQuery, ListResponse } from '../../../shared/schemas/common.js';
import type { Executor } from '../../repositories/executor.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { scanUrlOf, shortLinkUrlOf } from '../../services/qrCodes.js';
import type { RenderedPage } from '../../scan/html.js';
import { notFound } from '../../domain/errors.js';
import type { UnitOfWork } from '../../services/unitOfWork.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, type SessionUser } from '../plugins/session.js';
import { noContent, projectItemParams, withSchemas } from '../openapi.js';

export interface RouteDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/**
 * The options of a route behind permission keys: its schemas (what it reads and answers) and the
 * check of the keys, which answers 401/403 before a bad request's 422.
 */
export function guarded<S extends FastifySchema>(keys: PermissionKey | PermissionKey[], schema: S) {
  return { schema, preHandler: requirePermission(...[keys].flat()) };
}

/** Who makes a change and the request's unit of work, which writes it with its audit row. */
export interface Change {
  /** For what else a service needs of the request: its log, the body as sent. */
  request: FastifyRequest;
  user: SessionUser;
  work: UnitOfWork;
}

export function changeBy(request: FastifyRequest, config: Config): Change {
  return { request, user: currentUser(request), work: unitOfWorkOf(request, config) };
}

/** A handler that makes a change (`act`, given who makes it) and answers 204 without a body. */
export function thenNoContent<R extends FastifyRequest>(
  config: Config,
  act: (change: Change, request: R) => Promise<unknown>,
) {
  return async (request: R, reply: FastifyReply) => {
    await act(changeBy(request, config), request);
    return reply.code(204).send();
  };
}

/**
 * thenNoContent for a change of the resource at the path's `{id}`: `act` also gets the id, read
 * by `idOf` (which answers the resource's 404 when it is malformed).
 */
export function thenNoContentAt<R extends FastifyRequest & { params: IdParams }>(
  config: Config,
  idOf: (params: IdParams) => string,
  act: (change: Change, id: string, request: R) => Promise<unknown>,
) {
  return thenNoContent<R>(config, (change, request) => act(change, idOf(request.params), request));
}

/** The responses of a route that answers 204 without a body. */
export const noContentAnswer = { 204: noContent };

export interface IdParams {
  id: string;
}

/** A path id; anything that is not a ULID cannot exist, so it answers the resource's 404. */
export function pathId(value: string, notFoundCode: ApiErrorCode): string {
  if (!isUlid(value)) throw notFound(notFoundCode);
  return value;
}

/** Path params of a project's collection, and of one item in it. */
export interface ProjectParams {
  pid: string;
}
export interface ProjectItemParams extends ProjectParams {
  id: string;
}

export const projectIdOf = (params: ProjectParams) => pathId(params.pid, 'project_not_found');

/** The project and item ids of the path, each answering its own 404 when malformed. */
export function projectItemIdsOf(
  params: ProjectItemParams,
  notFoundCode: ApiErrorCode,
): { projectId: string; id: string } {
  return { projectId: projectIdOf(params), id: pathId(params.id, notFoundCode) };
}

/** The project of the path when the caller can reach it; project_not_found otherwise. */
export function projectOfRequest(
  db: Executor,
  request: FastifyRequest & { params: ProjectParams },
) {
  return visibleProjectOr404(db, currentUser(request), projectIdOf(request.params));
}

export function listResponse<T>(data: T[], total: number, query: ListQuery): ListResponse<T> {
  return { data, meta: { total, page: query.page, perPage: query.perPage } };
}

/**
 * A list answered whole, without paging: one page holding every item. `meta` adds to (or, for
 * `perPage`, replaces) the paging fields.
 */
export function wholeList<T, M extends object = object>(data: T[], meta: M = {} as M) {
  return { data, meta: { total: data.length, page: 1, perPage: data.length, ...meta } };
}

/**
 * A partial update: only the fields the body really sent. The shared schemas fill defaults for
 * absent fields, which must not overwrite what is stored.
 */
export function sentFields<T extends object>(parsed: T, body: unknown): Partial<T> {
  const sent = new Set(typeof body === 'object' && body !== null ? Object.keys(body) : []);
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<T>;
}

/**
 * DELETE /projects/{pid}/{collection}/{id} of a project's resource: `remove` gets the request and
 * the path's ids (a malformed one answers `notFoundCode`); the answer is 204.
 */
export function removalRoute(
  app: FastifyInstance,
  path: string,
  preHandler: preHandlerAsyncHookHandler,
  notFoundCode: ApiErrorCode,
  remove: (request: FastifyRequest, ids: { projectId: string; id: string }) => Promise<unknown>,
): void {
  withSchemas(app).delete(
    path,
    { schema: { params: projectItemParams, response: { 204: noContent } }, preHandler },
    async (request, reply) => {
      await remove(request, projectItemIdsOf(request.params, notFoundCode));
      return reply.code(204).send();
    },
  );
}

/** The URL a QR code (at its code) or a short link (at its host, if it has one) answers at. */
export function itemScanUrl(
  config: Config,
  row: { type: 'qr_code' | 'short_link'; code: string; host: string },
  base: string,
): string {
  return row.type === 'qr_code'
    ? scanUrlOf(config, row.code, base)
    : shortLinkUrlOf(config, row.host, row.code, base);
}

/** Answers a landing page drawn outside the scan path (a preview): its CSP, never cached. */
export function sendHtmlPage(reply: FastifyReply, page: RenderedPage) {
  return reply
    .header('content-security-policy', page.csp)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
