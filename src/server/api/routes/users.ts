// Users: read, edit and delete within one's customer (admins: any), and a user's projects.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { userUpdateSchema } from '../../../shared/schemas/customer.js';
import { accountProjectsSchema } from '../../../shared/schemas/invitation.js';
import { findUserById } from '../../repositories/users.js';
import { listProjects } from '../../repositories/projects.js';
import { toUser } from '../../services/presenters.js';
import { projectScopeOf } from '../../services/projects.js';
import { accessibleUserOr404, editUser, removeUser } from '../../services/users.js';
import { listAccounts, setAccountActive, setAccountProjects } from '../../services/accounts.js';
import { forbidden, notFound } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, requireUser } from '../plugins/session.js';
import { presentProjects } from './projects.js';
import {
  changeBy,
  guarded,
  listResponse,
  pathId,
  type IdParams,
  type RouteDeps,
} from './helpers.js';
import { idParams, withSchemas, dataOf, listOf, noContent } from '../openapi.js';
import {
  accountSchema,
  projectSchema,
  seatsSchema,
  userSchema,
} from '../../../shared/schemas/responses.js';

/** Everyone may act on their own account; other accounts need the user-management key. */
function userIdFor(request: FastifyRequest & { params: IdParams }): string {
  const id = pathId(request.params.id, 'user_not_found');
  const user = currentUser(request);
  if (id !== user.id && !user.permissions.has('UsersView')) throw forbidden();
  return id;
}

export function userRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  // GET /users/{id}: one user.
  api.get(
    '/users/:id',
    {
      schema: { params: idParams, response: { 200: dataOf(userSchema) } },
      preHandler: requireUser,
    },
    async (request) => {
      const row = await accessibleUserOr404(db, currentUser(request), userIdFor(request));
      return { data: toUser(row) };
    },
  );

  // PUT /users/{id}: edit name, email, role or language.
  api.put(
    '/users/:id',
    guarded('UserUpdate', {
      params: idParams,
      body: userUpdateSchema,
      response: { 200: dataOf(userSchema) },
    }),
    async (request) => {
      const { user, work } = changeBy(request, config);
      const id = userIdFor(request);
      await editUser(db, user, id, request.body, work);
      const row = await findUserById(db, id);
      if (!row) throw notFound('user_not_found');
      return { data: toUser(row) };
    },
  );

  // DELETE /users/{id}: delete an account (never one's own).
  api.delete(
    '/users/:id',
    guarded('UserDelete', { params: idParams, response: { 204: noContent } }),
    async (request, reply) => {
      await removeUser(db, currentUser(request), userIdFor(request), unitOfWorkOf(request, config));
      return reply.code(204).send();
    },
  );

  // GET /customers/{id}/accounts: the accounts screen — each user with role, state, linked
  // projects, last sign-in and two-factor state, and the plan's seats.
  api.get(
    '/customers/:id/accounts',
    guarded('UsersView', {
      params: idParams,
      querystring: listQuerySchema,
      response: { 200: listOf(accountSchema, { seats: seatsSchema }) },
    }),
    async (request) => {
      const query = request.query;
      const { accounts, total, seats } = await listAccounts(
        db,
        currentUser(request),
        pathId(request.params.id, 'customer_not_found'),
        query,
      );
      const list = listResponse(accounts, total, query);
      return { ...list, meta: { ...list.meta, seats } };
    },
  );

  /** Deactivated accounts cannot sign in; nobody deactivates their own. */
  const setActive = (active: boolean) => async (request: FastifyRequest & { params: IdParams }) => {
    const id = userIdFor(request);
    await setAccountActive(db, currentUser(request), id, active, unitOfWorkOf(request, config));
    const row = await findUserById(db, id);
    if (!row) throw notFound('user_not_found');
    return { data: toUser(row) };
  };
  const activation = { preHandler: requirePermission('UserUpdate', 'UsersView') };
  // POST /users/{id}/deactivate and POST /users/{id}/activate
  api.post(
    '/users/:id/deactivate',
    { schema: { params: idParams, response: { 200: dataOf(userSchema) } }, ...activation },
    setActive(false),
  );
  api.post(
    '/users/:id/activate',
    { schema: { params: idParams, response: { 200: dataOf(userSchema) } }, ...activation },
    setActive(true),
  );

  // PUT /users/{id}/projects: link the account to exactly these projects of its customer.
  api.put(
    '/users/:id/projects',
    guarded(['ProjectUserLinkCreate', 'ProjectUserUnlink', 'UsersView'], {
      params: idParams,
      body: accountProjectsSchema,
      response: { 204: noContent },
    }),
    async (request, reply) => {
      const id = userIdFor(request);
      await setAccountProjects(
        db,
        currentUser(request),
        id,
        request.body,
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // GET /users/{id}/projects: the projects linked to that user, as far as the caller may see them.
  api.get(
    '/users/:id/projects',
    guarded('UserProjectsView', {
      params: idParams,
      querystring: listQuerySchema,
      response: { 200: listOf(projectSchema) },
    }),
    async (request) => {
      const actor = currentUser(request);
      const target = await accessibleUserOr404(db, actor, userIdFor(request));
      const query = request.query;
      const { rows, total } = await listProjects(db, projectScopeOf(actor), query, {
        linkedUserId: target.id,
      });
      return listResponse(await presentProjects(db, rows), total, query);
    },
  );
}
