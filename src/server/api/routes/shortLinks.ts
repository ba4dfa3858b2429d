// Short links of a project: list, create, read, edit, duplicate, trash, restore, delete, and a free
// random uri to suggest (the changes are in services/shortLinks.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ulidSchema } from '../../../shared/ids.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { newShortLinkSchema, shortLinkUpdateSchema } from '../../../shared/schemas/shortLink.js';
import { listShortLinks } from '../../repositories/shortLinks.js';
import { scanBaseOf, shortLinkUrlOf } from '../../services/qrCodes.js';
import {
  createShortLink,
  deleteTrashedShortLink,
  duplicateShortLink,
  editShortLink,
  freshUri,
  hostForNewLinks,
  presentShortLinks,
  restoreShortLink,
  shortLinkOr404,
  trashShortLink,
} from '../../services/shortLinks.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  projectOfRequest,
  type ProjectParams,
  type RouteDeps,
  sentFields,
} from './helpers.js';

const shortLinkListQuerySchema = listQuerySchema.extend({
  actionId: ulidSchema.optional(),
  labelId: ulidSchema.optional(),
});

export function shortLinkRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'short_link_not_found');
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
      const project = await projectOfRequest(db, request);
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
      const project = await projectOfRequest(db, request);
      const host = await hostForNewLinks(db, project.customerId);
      const uri = await freshUri(db, host);
      const base = await scanBaseOf(db, config, project.customerId);
      return { data: { uri, scanUrl: shortLinkUrlOf(config, host, uri, base) } };
    },
  );

  // POST /projects/{pid}/short-links: create a link with its own uri, within the limits.
  app.post<{ Params: ProjectParams }>(
    '/projects/:pid/short-links',
    { preHandler: requirePermission('ShortLinkCreate') },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const input = newShortLinkSchema.parse(request.body);
      const id = await createShortLink(
        db,
        currentUser(request),
        projectId,
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, id));
    },
  );

  // GET /projects/{pid}/short-links/{id}: one link (also from the trash).
  app.get<{ Params: ProjectItemParams }>(
    '/projects/:pid/short-links/:id',
    { preHandler: requirePermission('ShortLinkView') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return one(request, projectId, id, { includeTrashed: true });
    },
  );

  // PUT /projects/{pid}/short-links/{id}: change the fields sent (uri, name, description, actionId).
  app.put<{ Params: ProjectItemParams }>(
    '/projects/:pid/short-links/:id',
    { preHandler: requirePermission('ShortLinkUpdate') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = sentFields(shortLinkUpdateSchema.parse(request.body ?? {}), request.body);
      await editShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        input,
        unitOfWorkOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // POST /projects/{pid}/short-links/{id}/duplicate: a new random uri, same Action and tags.
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/short-links/:id/duplicate',
    { preHandler: requirePermission('ShortLinkDuplicate') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const copyId = await duplicateShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await one(request, projectId, copyId));
    },
  );

  // DELETE /projects/{pid}/short-links/{id}/trash: move to the trash (the uri stops answering).
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/short-links/:id/trash',
    { preHandler: requirePermission('ShortLinkTrash') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await trashShortLink(db, currentUser(request), projectId, id, unitOfWorkOf(request, config));
      return reply.code(204).send();
    },
  );

  // POST /projects/{pid}/short-links/{id}/restore: back from the trash, if the limits leave room.
  app.post<{ Params: ProjectItemParams }>(
    '/projects/:pid/short-links/:id/restore',
    { preHandler: requirePermission('ShortLinkRestore') },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      await restoreShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        unitOfWorkOf(request, config),
      );
      return one(request, projectId, id);
    },
  );

  // DELETE /projects/{pid}/short-links/{id}: permanent delete of a trashed link.
  app.delete<{ Params: ProjectItemParams }>(
    '/projects/:pid/short-links/:id',
    { preHandler: requirePermission('ShortLinkDelete') },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      await deleteTrashedShortLink(
        db,
        currentUser(request),
        projectId,
        id,
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );
}
