// Projects: list, create, read, edit, duplicate, trash, delete, limits, and user links.
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { currentUser, requireUser } from '../plugins/session.js';
import {
  changeBy,
  guarded,
  listResponse,
  noContentAnswer,
  pathId,
  type IdParams,
  type RouteDeps,
  thenNoContentAt,
  wholeList,
} from './helpers.js';
import { idParams, withSchemas, dataOf, listOf } from '../openapi.js';
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
  /** The project of the path, if the caller may see it (project_not_found otherwise). */
  const requestedProject = (request: FastifyRequest & { params: IdParams }) =>
    visibleProjectOr404(db, currentUser(request), projectId(request.params));
  const present = async (id: string, request: FastifyRequest) => {
    const project = await visibleProjectOr404(db, currentUser(request), id);
    return { data: (await presentProjects(db, [project]))[0] };
  };
  const linkAnswer = async (projectId: string, userId: string) => ({
    data: toProjectUser(await linkedUser(db, projectId, userId)),
  });

  // GET /projects: the projects this user may see (admins all, customer admins their customer's, users linked ones).
  api.get(
    '/projects',
    {
      schema: { querystring: listQuerySchema, response: { 200: listOf(projectSchema) } },
      preHandler: requireUser,
    },
    async (request) => {
      const { query } = request;
      const { rows, total } = await listProjects(db, projectScopeOf(currentUser(request)), query);
      return listResponse(await presentProjects(db, rows), total, query);
    },
  );

  // POST /projects: create a project (admins choose the customer).
  api.post(
    '/projects',
    guarded('ProjectCreate', {
      body: projectInputSchema,
      response: { 201: dataOf(projectSchema) },
    }),
    async (request, reply) => {
      const { user, work } = changeBy(request, config);
      const id = await createProject(db, user, request.body, work);
      return reply.code(201).send(await present(id, request));
    },
  );

  // GET /projects/{id}: one project with its usage.
  api.get(
    '/projects/:id',
    guarded('ProjectView', { params: idParams, response: { 200: dataOf(projectSchema) } }),
    async (request) => present(projectId(request.params), request),
  );

  // PUT /projects/{id}: edit name, description, access or tracking.
  api.put(
    '/projects/:id',
    guarded('ProjectUpdate', {
      params: idParams,
      body: projectUpdateSchema,
      response: { 200: dataOf(projectSchema) },
    }),
    async (request) => {
      const id = projectId(request.params);
      const { user, work } = changeBy(request, config);
      await editProject(db, user, id, request.body, work);
      return present(id, request);
    },
  );

  // POST /projects/{id}/duplicate: copy the project and its user links.
  api.post(
    '/projects/:id/duplicate',
    guarded('ProjectDuplicate', { params: idParams, response: { 201: dataOf(projectSchema) } }),
    async (request, reply) => {
      const { user, work } = changeBy(request, config);
      const copyId = await duplicateProject(db, user, projectId(request.params), work);
      return reply.code(201).send(await present(copyId, request));
    },
  );

  // DELETE /projects/{id}/trash: soft delete.
  api.delete(
    '/projects/:id/trash',
    guarded('ProjectTrash', { params: idParams, response: noContentAnswer }),
    thenNoContentAt(config, projectId, ({ user, work }, id) => trashProject(db, user, id, work)),
  );

  // DELETE /projects/{id}: hard delete of a trashed project.
  api.delete(
    '/projects/:id',
    guarded('ProjectDelete', { params: idParams, response: noContentAnswer }),
    thenNoContentAt(config, projectId, ({ user, work }, id) =>
      deleteTrashedProject(db, user, id, work),
    ),
  );

  // GET /projects/{id}/status: used and total per limit.
  api.get(
    '/projects/:id/status',
    guarded('ProjectView', { params: idParams, response: { 200: dataOf(limitStatusSchema) } }),
    async (request) => {
      const project = await requestedProject(request);
      const usage = await projectUsage(db, [project.id]);
      return { data: projectStatus(project, usage.get(project.id)!) };
    },
  );

  // GET /projects/{id}/utm-presets: the project's named UTM presets (issue 16).
  api.get(
    '/projects/:id/utm-presets',
    guarded('QRLinkView', { params: idParams, response: { 200: dataOf(utmPresetsSchema) } }),
    async (request) => ({
      data: await readUtmPresets(db, currentUser(request), projectId(request.params)),
    }),
  );

  // PUT /projects/{id}/utm-presets: replace the project's UTM presets with the list sent.
  api.put(
    '/projects/:id/utm-presets',
    guarded('QRLinkUpdate', {
      params: idParams,
      body: utmPresetsInputSchema,
      response: { 200: dataOf(utmPresetsSchema) },
    }),
    async (request) => {
      const id = projectId(request.params);
      const { user, work } = changeBy(request, config);
      return { data: await saveUtmPresets(user, id, request.body.presets, work) };
    },
  );

  // GET /projects/{id}/users: the users linked to a project.
  api.get(
    '/projects/:id/users',
    guarded('ProjectView', { params: idParams, response: { 200: listOf(projectUserSchema) } }),
    async (request) => {
      const project = await requestedProject(request);
      const rows = await listProjectUsers(db, project.id);
      return wholeList(rows.map(toProjectUser));
    },
  );

  // POST /projects/{id}/users: link a user of the same customer.
  api.post(
    '/projects/:id/users',
    guarded('ProjectUserLinkCreate', {
      params: idParams,
      body: projectUserLinkSchema,
      response: { 201: dataOf(projectUserSchema) },
    }),
    async (request, reply) => {
      const id = projectId(request.params);
      const { user, work } = changeBy(request, config);
      await linkProjectUser(db, user, id, request.body, work);
      return reply.code(201).send(await linkAnswer(id, request.body.id));
    },
  );

  // PUT /projects/{id}/users: change a link (canManage).
  api.put(
    '/projects/:id/users',
    guarded('ProjectUserLinkUpdate', {
      params: idParams,
      body: projectUserLinkSchema,
      response: { 200: dataOf(projectUserSchema) },
    }),
    async (request) => {
      const id = projectId(request.params);
      const { user, work } = changeBy(request, config);
      await updateProjectUser(db, user, id, request.body, work);
      return linkAnswer(id, request.body.id);
    },
  );

  // DELETE /projects/{id}/users: unlink a user (never an admin).
  api.delete(
    '/projects/:id/users',
    guarded('ProjectUserUnlink', {
      params: idParams,
      body: projectUserUnlinkSchema,
      response: noContentAnswer,
    }),
    thenNoContentAt(config, projectId, ({ user, work }, id, request) =>
      unlinkProjectUser(db, user, id, request.body.id, work),
    ),
  );
}

async function linkedUser(db: Db, projectId: string, userId: string) {
  const rows = await listProjectUsers(db, projectId);
  const row = rows.find((candidate) => candidate.id === userId);
  if (!row) throw new Error('link vanished right after it was written');
  return row;
}
