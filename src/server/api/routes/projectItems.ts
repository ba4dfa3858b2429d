// The routes QR codes and short links share as project items (issue 8, part 5): list, create,
// read, edit, duplicate, trash, restore and delete, with the same statuses, permissions and error
// codes for both; what differs (path, schemas, services) comes in as the kind.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorCode } from '../../../shared/errors.js';
import { ulidSchema } from '../../../shared/ids.js';
import type { PermissionKey } from '../../../shared/permissions.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import type { Executor } from '../../repositories/executor.js';
import type { ItemChangeArgs } from '../../services/projectItems.js';
import type { UnitOfWork } from '../../services/unitOfWork.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type RouteDeps,
  sentFields,
} from './helpers.js';
import {
  dataOf,
  listOf,
  noContent,
  projectItemParams,
  projectParams,
  withSchemas,
} from '../openapi.js';

/** The filters both lists take besides q, sort and paging. */
const itemListQuerySchema = listQuerySchema.extend({
  actionId: ulidSchema.optional(),
  labelId: ulidSchema.optional(),
});

/** What the shared routes need of one kind of project item. */
export interface ProjectItemKind<Row, New, Update> {
  /** The collection under /projects/{pid}: 'qr-codes' or 'short-links'. */
  path: string;
  /** The permission keys' resource: `${resource}View`, `${resource}Create`, … */
  resource: 'QRCode' | 'ShortLink';
  notFound: ApiErrorCode;
  newSchema: z.ZodType<New>;
  updateSchema: z.ZodType<Update>;
  /** What one item answers (shared/schemas/responses.ts). */
  answerSchema: z.ZodType;
  /** The read task (services/reads.ts) of a list page: it runs off the scan path's thread. */
  list: 'listQrCodes' | 'listShortLinks';
  /** The answers of rows, with their tags and scan counts. */
  present(db: Executor, config: Config, rows: Row[]): Promise<unknown[]>;
  find(
    db: Executor,
    user: Actor,
    projectId: string,
    id: string,
    options: { includeTrashed?: boolean },
  ): Promise<Row>;
  create(db: Db, user: Actor, projectId: string, input: New, work: UnitOfWork): Promise<string>;
  edit(
    db: Db,
    user: Actor,
    projectId: string,
    id: string,
    input: Partial<Update>,
    work: UnitOfWork,
  ): Promise<void>;
  duplicate(...args: ItemChangeArgs): Promise<string>;
  trash(...args: ItemChangeArgs): Promise<void>;
  restore(...args: ItemChangeArgs): Promise<void>;
  deleteTrashed(...args: ItemChangeArgs): Promise<void>;
}

export function projectItemRoutes<Row, New, Update extends object>(
  app: FastifyInstance,
  { db, config }: RouteDeps,
  kind: ProjectItemKind<Row, New, Update>,
): void {
  const api = withSchemas(app);
  const collection = `/projects/:pid/${kind.path}`;
  const item = `${collection}/:id`;
  const may = (verb: string) => requirePermission(`${kind.resource}${verb}` as PermissionKey);
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, kind.notFound);
  const answerOne = { 200: dataOf(kind.answerSchema) };
  const none = { 204: noContent };
  /** The arguments of a change of one item: who, where, which, and the request's unit of work. */
  const changeArgs = (request: FastifyRequest & { params: ProjectItemParams }): ItemChangeArgs => {
    const { projectId, id } = idsOf(request.params);
    return [db, currentUser(request), projectId, id, unitOfWorkOf(request, config)];
  };
  const one = async (
    request: FastifyRequest,
    projectId: string,
    id: string,
    options: { includeTrashed?: boolean } = {},
  ) => {
    const row = await kind.find(db, currentUser(request), projectId, id, options);
    return { data: (await kind.present(db, config, [row]))[0] };
  };

  // GET …: items outside the trash; q on name and code/uri, filters actionId, labelId.
  api.get(
    collection,
    {
      schema: {
        params: projectParams,
        querystring: itemListQuerySchema,
        response: { 200: listOf(kind.answerSchema) },
      },
      preHandler: may('View'),
    },
    async (request) => {
      const project = await projectOfRequest(db, request);
      const query = request.query;
      const { rows, total } = (await app.reads.run(kind.list, project.id, query, {
        actionId: query.actionId,
        labelId: query.labelId,
      })) as { rows: Row[]; total: number };
      return listResponse(await kind.present(db, config, rows), total, query);
    },
  );

  // POST …: a new item within the limits, with an existing Action or a new one inline.
  api.post(
    collection,
    {
      schema: {
        params: projectParams,
        body: kind.newSchema,
        response: { 201: dataOf(kind.answerSchema) },
      },
      preHandler: may('Create'),
    },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = request.body as New;
      const id = await kind.create(
        db,
        currentUser(request),
        projectId,
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET …/{id}: one item (also from the trash).
  api.get(
    item,
    { schema: { params: projectItemParams, response: answerOne }, preHandler: may('View') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id, { includeTrashed: true });
    },
  );

  // PUT …/{id}: changes the fields sent.
  api.put(
    item,
    {
      schema: { params: projectItemParams, body: kind.updateSchema, response: answerOne },
      preHandler: may('Update'),
    },
    async (request) => {
      const [, user, projectId, id, work] = changeArgs(request);
      const input = sentFields(request.body as Update, request.sentBody);
      await kind.edit(db, user, projectId, id, input, work);
      return one(request, projectId, id);
    },
  );

  // POST …/{id}/duplicate: a copy with a fresh code or uri, the same Action and tags.
  api.post(
    `${item}/duplicate`,
    {
      schema: { params: projectItemParams, response: { 201: dataOf(kind.answerSchema) } },
      preHandler: may('Duplicate'),
    },
    async (request, reply) => {
      const args = changeArgs(request);
      const copyId = await kind.duplicate(...args);
      return reply.code(201).send(await one(request, args[2], copyId));
    },
  );

  // DELETE …/{id}/trash: to the trash (its code or uri stops answering).
  api.delete(
    `${item}/trash`,
    { schema: { params: projectItemParams, response: none }, preHandler: may('Trash') },
    async (request, reply) => {
      await kind.trash(...changeArgs(request));
      return reply.code(204).send();
    },
  );

  // POST …/{id}/restore: back from the trash, if the limits leave room.
  api.post(
    `${item}/restore`,
    { schema: { params: projectItemParams, response: answerOne }, preHandler: may('Restore') },
    async (request) => {
      const args = changeArgs(request);
      await kind.restore(...args);
      return one(request, args[2], args[3]);
    },
  );

  // DELETE …/{id}: permanent delete of a trashed item.
  api.delete(
    item,
    { schema: { params: projectItemParams, response: none }, preHandler: may('Delete') },
    async (request, reply) => {
      await kind.deleteTrashed(...changeArgs(request));
      return reply.code(204).send();
    },
  );
}
