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
import { listResponse, pathId, type IdParams, type RouteDeps, wholeList } from './helpers.js';
import { idParams, withSchemas, dataOf, listOf, noContent } from '../openapi.js';
import {
  limitStatusSchema,
  projectSchema,
  projectUserSchema,
  utmPresetsSchema,
} from '../../../shared/schemas/responses.js';

/** Projects with their usage, in the order given. */
export async function presentProjects(db: Db, rows: ProjectRow[]) {
  const usage = await projectUsage(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toProject(row, usage.get(row.id)!));
}

export function projectRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  const projectId = (params: IdParams) => pathId(params.id, 'project_not_found');
  const present = async (id: string, request: Parameters<typeof currentUser>[0]) => {
    const project = await visibleProjectOr404(db, currentUser(request), id);
    return { data: (await presentProjects(db, [project]))[0] };
  };

  // GET /projects: the projects this user may see (admins all, customer admins their customer's, users linked ones).
  api.get(
    '/projects',
    {
      schema: { querystring: listQuerySchema, response: { 200: listOf(projectSchema) } },
      preHandler: requireUser,
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await listProjects(db, projectScopeOf(currentUser(request)), query);
      return listResponse(await presentProjects(db, rows), total, query);
    },
  );

  // POST /projects: create a project (admins choose the customer).
  api.post(
    '/projects',
    {
      schema: { body: projectInputSchema, response: { 201: dataOf(projectSchema) } },
      preHandler: requirePermission('ProjectCreate'),
    },
    async (request, reply) => {
      const input = request.body;
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
  api.get(
    '/projects/:id',
    {
      schema: { params: idParams, response: { 200: dataOf(projectSchema) } },
      preHandler: requirePermission('ProjectView'),
    },
    async (request) => present(projectId(request.params), request),
  );

  // PUT /projects/{id}: edit name, description, access or tracking.
  api.put(
    '/projects/:id',
    {
      schema: {
        params: idParams,
        body: projectUpdateSchema,
        response: { 200: dataOf(projectSchema) },
      },
      preHandler: requirePermission('ProjectUpdate'),
    },
    async (request) => {
      const id = projectId(request.params);
      const input = request.body;
      await editProject(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return present(id, request);
    },
  );

  // POST /projects/{id}/duplicate: copy the project and its user links.
  api.post(
    '/projects/:id/duplicate',
    {
      schema: { params: idParams, response: { 201: dataOf(projectSchema) } },
      preHandler: requirePermission('ProjectDuplicate'),
    },
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
  api.delete(
    '/projects/:id/trash',
    {
      schema: { params: idParams, response: { 204: noContent } },
      preHandler: requirePermission('ProjectTrash'),
    },
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
  api.delete(
    '/projects/:id',
    {
      schema: { params: idParams, response: { 204: noContent } },
      preHandler: requirePermission('ProjectDelete'),
    },
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
  api.get(
    '/projects/:id/status',
    {
      schema: { params: idParams, response: { 200: dataOf(limitStatusSchema) } },
      preHandler: requirePermission('ProjectView'),
    },
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
  api.get(
    '/projects/:id/utm-presets',
    {
      schema: { params: idParams, response: { 200: dataOf(utmPresetsSchema) } },
      preHandler: requirePermission('QRLinkView'),
    },
    async (request) => ({
      data: await readUtmPresets(db, currentUser(request), projectId(request.params)),
    }),
  );

  // PUT /projects/{id}/utm-presets: replace the project's UTM presets with the list sent.
  api.put(
    '/projects/:id/utm-presets',
    {
      schema: {
        params: idParams,
        body: utmPresetsInputSchema,
        response: { 200: dataOf(utmPresetsSchema) },
      },
      preHandler: requirePermission('QRLinkUpdate'),
    },
    async (request) => {
      const id = projectId(request.params);
      const { presets } = request.body;
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
  api.get(
    '/projects/:id/users',
    {
      schema: { params: idParams, response: { 200: listOf(projectUserSchema) } },
      preHandler: requirePermission('ProjectView'),
    },
    async (request) => {
      const project = await visibleProjectOr404(
        db,
        currentUser(request),
        projectId(request.params),
      );
      const rows = await listProjectUsers(db, project.id);
      return wholeList(rows.map(toProjectUser));
    },
  );

  // POST /projects/{id}/users: link a user of the same customer.
  api.post(
    '/projects/:id/users',
    {
      schema: {
        params: idParams,
        body: projectUserLinkSchema,
        response: { 201: dataOf(projectUserSchema) },
      },
      preHandler: requirePermission('ProjectUserLinkCreate'),
    },
    async (request, reply) => {
      const id = projectId(request.params);
      const input = request.body;
      await linkProjectUser(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return reply.code(201).send({ data: toProjectUser(await linkedUser(db, id, input.id)) });
    },
  );

  // PUT /projects/{id}/users: change a link (canManage).
  api.put(
    '/projects/:id/users',
    {
      schema: {
        params: idParams,
        body: projectUserLinkSchema,
        response: { 200: dataOf(projectUserSchema) },
      },
      preHandler: requirePermission('ProjectUserLinkUpdate'),
    },
    async (request) => {
      const id = projectId(request.params);
      const input = request.body;
      await updateProjectUser(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return { data: toProjectUser(await linkedUser(db, id, input.id)) };
    },
  );

  // DELETE /projects/{id}/users: unlink a user (never an admin).
  api.delete(
    '/projects/:id/users',
    {
      schema: { params: idParams, body: projectUserUnlinkSchema, response: { 204: noContent } },
      preHandler: requirePermission('ProjectUserUnlink'),
    },
    async (request, reply) => {
      const id = projectId(request.params);
      const input = request.body;
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
