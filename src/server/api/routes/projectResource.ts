// The five routes a project's own resource (tags, QR code templates, themes, Actions,
// advertisements) has under /projects/{pid}/{collection}: list, create, read, edit and delete,
// with the same statuses, envelopes and check order for each; what differs (path, schemas,
// permission keys, services) comes in as the resource. The resource's other routes stay in its
// own file.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorCode } from '../../../shared/errors.js';
import type { PermissionKey } from '../../../shared/permissions.js';
import { listQuerySchema, type ListQuery } from '../../../shared/schemas/common.js';
import type { ProjectRow } from '../../db/schema.js';
import type { Executor } from '../../repositories/executor.js';
import { currentUser, requirePermission, type SessionUser } from '../plugins/session.js';
import {
  type Change,
  changeBy,
  guarded,
  listResponse,
  projectIdOf,
  projectItemIdsOf,
  projectOfRequest,
  removalRoute,
  type RouteDeps,
} from './helpers.js';
import { dataOf, listOf, projectItemParams, projectParams, withSchemas } from '../openapi.js';

/** The project and item ids of `/projects/{pid}/{collection}/{id}`. */
export interface ItemIds {
  projectId: string;
  id: string;
}

/** A resource with the permission keys `${resource}View`, …Create, …Update and …Delete. */
type CrudResource = {
  [K in PermissionKey]: K extends `${infer R}Delete`
    ? `${R}${'View' | 'Create' | 'Update'}` extends PermissionKey
      ? R
      : never
    : never;
}[PermissionKey];

/** What the shared routes need of one resource of a project. */
export interface ProjectResource<Query = ListQuery, New = unknown, Update = New> {
  /** The collection under /projects/{pid}, e.g. 'labels'. */
  path: string;
  /** The 404 of an `{id}` that is malformed or out of the caller's reach. */
  notFound: ApiErrorCode;
  /** The permission keys' resource: `${resource}View`, …Create, …Update and …Delete. */
  resource: CrudResource;
  /** A key the list requires besides `${resource}View`. */
  listAlsoRequires?: PermissionKey;
  schemas: {
    /** The list's query, when it has filters besides paging, sort and q (listQuerySchema). */
    query?: z.ZodType<Query>;
    create: z.ZodType<New>;
    /** The edit's body, when an edit is not a replacement of the whole item (`create`). */
    update?: z.ZodType<Update>;
    /** What one item answers (shared/schemas/responses.ts). */
    answer: z.ZodType;
  };
  /** One page of the project's items, as answered. */
  list(project: ProjectRow, query: Query): Promise<{ rows: unknown[]; total: number }>;
  /** One item as answered; its 404 when the caller cannot reach it. */
  read(user: SessionUser, ids: ItemIds): Promise<unknown>;
  /** Creates an item; its id. */
  create(change: Change, projectId: string, input: New): Promise<string>;
  edit(change: Change, ids: ItemIds, input: Update): Promise<void>;
  remove(change: Change, ids: ItemIds): Promise<unknown>;
}

/**
 * A `list` that pages the project's rows with the repository's `find` and answers each row as
 * `present` makes it.
 */
export function projectList<Query, Row>(
  db: Executor,
  find: (db: Executor, projectId: string, query: Query) => Promise<{ rows: Row[]; total: number }>,
  present: (row: Row) => unknown,
): ProjectResource<Query>['list'] {
  return async (project, query) => {
    const { rows, total } = await find(db, project.id, query);
    return { rows: rows.map(present), total };
  };
}

export function projectResourceRoutes<Query = ListQuery, New = unknown, Update = New>(
  app: FastifyInstance,
  { db, config }: RouteDeps,
  resource: ProjectResource<Query, New, Update>,
): void {
  const api = withSchemas(app);
  const collection = `/projects/:pid/${resource.path}`;
  const item = `${collection}/:id`;
  const { schemas } = resource;
  const may = (verb: 'View' | 'Create' | 'Update' | 'Delete') =>
    `${resource.resource}${verb}` as PermissionKey;
  const listKeys = [resource.listAlsoRequires ?? [], may('View')].flat();
  const answer = async (request: FastifyRequest, ids: ItemIds) => ({
    data: await resource.read(currentUser(request), ids),
  });

  // GET …: the project's items, a page at a time.
  api.get(
    collection,
    guarded(listKeys, {
      params: projectParams,
      querystring: schemas.query ?? listQuerySchema,
      response: { 200: listOf(schemas.answer) },
    }),
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = request.query as Query;
      const { rows, total } = await resource.list(project, query);
      // Every list query extends the shared one, so it carries the paging.
      return listResponse(rows, total, query as ListQuery);
    },
  );

  // POST …: a new item.
  api.post(
    collection,
    guarded(may('Create'), {
      params: projectParams,
      body: schemas.create,
      response: { 201: dataOf(schemas.answer) },
    }),
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const id = await resource.create(changeBy(request, config), projectId, request.body as New);
      return reply.code(201).send(await answer(request, { projectId, id }));
    },
  );

  // GET …/{id}: one item.
  api.get(
    item,
    guarded(may('View'), {
      params: projectItemParams,
      response: { 200: dataOf(schemas.answer) },
    }),
    async (request) => answer(request, projectItemIdsOf(request.params, resource.notFound)),
  );

  // PUT …/{id}: a change of the item.
  api.put(
    item,
    guarded(may('Update'), {
      params: projectItemParams,
      body: schemas.update ?? schemas.create,
      response: { 200: dataOf(schemas.answer) },
    }),
    async (request) => {
      const ids = projectItemIdsOf(request.params, resource.notFound);
      await resource.edit(changeBy(request, config), ids, request.body as Update);
      return answer(request, ids);
    },
  );

  // DELETE …/{id}: 204.
  removalRoute(app, item, requirePermission(may('Delete')), resource.notFound, (request, ids) =>
    resource.remove(changeBy(request, config), ids),
  );
}
