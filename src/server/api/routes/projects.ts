// Projects: list, create, read, edit, duplicate, trash, delete, limits, and user links.
import type { FastifyInstance } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import {
  projectInputSchema,
  projectUpdateSchema,
  projectUserLinkSchema,
  projectUserUnlinkSchema,
} from '../../../shared/schemas/project.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import { listProjects, listProjectUsers, projectUsage } from '../../repositories/projects.js';
import { projectStatus, toProject, toProjectUser } from '../../services/presenters.js';
import {
  createProject,
  deleteTrashedProject,
  duplicateProject,
  editProject,
  linkProjectUser,
  projectScopeOf,
  trashProject,
  unlinkProjectUser,
  updateProjectUser,
  visibleProjectOr404,
} from '../../services/projects.js';
import { readUtmPresets, saveUtmPresets } from '../../services/utmPresets.js';
import { utmPresetsInputSchema } from '../../../shared/utm.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, requireUser } from '../plugins/session.js';
import { listResponse, pathId, type IdParams, type RouteDeps } from './helpers.js';

/** Projects with their usage, in the order given. */
export async function presentProjects(db: Db, rows: ProjectRow[]) {
  const usage = await projectUsage(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toProject(row, usage.get(row.id)!));
}

export function projectRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const projectId = (params: IdParams) => pathId(params.id, 'project_not_found');
  const present = async (id: string, request: Parameters<typeof currentUser>[0]) => {
    const project = await visibleProjectOr404(db, currentUser(request), id);
    return { data: (await presentProjects(db, [project]))[0] };
  };

  // GET /projects: the projects this user may see (admins all, customer admins their customer's, users linked ones).
  app.get('/projects', { preHandler: requireUser }, async (request) => {
    const query = listQuerySchema.parse(request.query);
    const { rows, total } = await listProjects(db, projectScopeOf(currentUser(request)), query);
    return listResponse(await presentProjects(db, rows), total, query);
  });

  // POST /projects: create a project (admins choose the customer).
  app.post(
    '/projects',
    { preHandler: requirePermission('ProjectCreate') },
    async (request, reply) => {
      const input = projectInputSchema.parse(request.body);
      const id = await createProject(
        db,
        currentUser(request),
        input,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await present(id, request));
    },
  );

  // GET /projects/{id}: one project with its usage.
  app.get<{ Params: IdParams }>(
    '/projects/:id',
    { preHandler: requirePermission('ProjectView') },
    async (request) => present(projectId(request.params), request),
  );

  // PUT /projects/{id}: edit name, description, access or tracking.
  app.put<{ Params: IdParams }>(
    '/projects/:id',
    { preHandler: requirePermission('ProjectUpdate') },
    async (request) => {
      const id = projectId(request.params);
      const input = projectUpdateSchema.parse(request.body);
      await editProject(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return present(id, request);
    },
  );

  // POST /projects/{id}/duplicate: copy the project and its user links.
  app.post<{ Params: IdParams }>(
    '/projects/:id/duplicate',
    { preHandler: requirePermission('ProjectDuplicate') },
    async (request, reply) => {
      const copyId = await duplicateProject(
        db,
        currentUser(request),
        projectId(request.params),
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send(await present(copyId, request));
    },
  );

  // DELETE /projects/{id}/trash: soft delete.
  app.delete<{ Params: IdParams }>(
    '/projects/:id/trash',
    { preHandler: requirePermission('ProjectTrash') },
    async (request, reply) => {
      await trashProject(
        db,
        currentUser(request),
        projectId(request.params),
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // DELETE /projects/{id}: hard delete of a trashed project.
  app.delete<{ Params: IdParams }>(
    '/projects/:id',
    { preHandler: requirePermission('ProjectDelete') },
    async (request, reply) => {
      await deleteTrashedProject(
        db,
        currentUser(request),
        projectId(request.params),
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // GET /projects/{id}/status: used and total per limit.
  app.get<{ Params: IdParams }>(
    '/projects/:id/status',
    { preHandler: requirePermission('ProjectView') },
    async (request) => {
      const project = await visibleProjectOr404(
        db,
        currentUser(request),
        projectId(request.params),
      );
      const usage = await projectUsage(db, [project.id]);
      return { data: projectStatus(project, usage.get(project.id)!) };
    },
  );

  // GET /projects/{id}/utm-presets: the project's named UTM presets (issue 16).
  app.get<{ Params: IdParams }>(
    '/projects/:id/utm-presets',
    { preHandler: requirePermission('QRLinkView') },
    async (request) => ({
      data: await readUtmPresets(db, currentUser(request), projectId(request.params)),
    }),
  );

  // PUT /projects/{id}/utm-presets: replace the project's UTM presets with the list sent.
  app.put<{ Params: IdParams }>(
    '/projects/:id/utm-presets',
    { preHandler: requirePermission('QRLinkUpdate') },
    async (request) => {
      const id = projectId(request.params);
      const { presets } = utmPresetsInputSchema.parse(request.body);
      return {
        data: await saveUtmPresets(
          currentUser(request),
          id,
          presets,
          unitOfWorkOf(request, config),
        ),
      };
    },
  );

  // GET /projects/{id}/users: the users linked to a project.
  app.get<{ Params: IdParams }>(
    '/projects/:id/users',
    { preHandler: requirePermission('ProjectView') },
    async (request) => {
      const project = await visibleProjectOr404(
        db,
        currentUser(request),
        projectId(request.params),
      );
      const rows = await listProjectUsers(db, project.id);
      return {
        data: rows.map(toProjectUser),
        meta: { total: rows.length, page: 1, perPage: rows.length },
      };
    },
  );

  // POST /projects/{id}/users: link a user of the same customer.
  app.post<{ Params: IdParams }>(
    '/projects/:id/users',
    { preHandler: requirePermission('ProjectUserLinkCreate') },
    async (request, reply) => {
      const id = projectId(request.params);
      const input = projectUserLinkSchema.parse(request.body);
      await linkProjectUser(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return reply.code(201).send({ data: toProjectUser(await linkedUser(db, id, input.id)) });
    },
  );

  // PUT /projects/{id}/users: change a link (canManage).
  app.put<{ Params: IdParams }>(
    '/projects/:id/users',
    { preHandler: requirePermission('ProjectUserLinkUpdate') },
    async (request) => {
      const id = projectId(request.params);
      const input = projectUserLinkSchema.parse(request.body);
      await updateProjectUser(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return { data: toProjectUser(await linkedUser(db, id, input.id)) };
    },
  );

  // DELETE /projects/{id}/users: unlink a user (never an admin).
  app.delete<{ Params: IdParams }>(
    '/projects/:id/users',
    { preHandler: requirePermission('ProjectUserUnlink') },
    async (request, reply) => {
      const id = projectId(request.params);
      const input = projectUserUnlinkSchema.parse(request.body);
      await unlinkProjectUser(
        db,
        currentUser(request),
        id,
        input.id,
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );
}

async function linkedUser(db: Db, projectId: string, userId: string) {
  const rows = await listProjectUsers(db, projectId);
  const row = rows.find((candidate) => candidate.id === userId);
  if (!row) throw new Error('link vanished right after it was written');
  return row;
}
