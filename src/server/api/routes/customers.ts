// Customers: admins manage all of them; a customer admin may read and edit their own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PermissionKey } from '../../../shared/permissions.js';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import {
  customerInputSchema,
  customerLimitsSchema,
  customerUpdateSchema,
  registrationProgressSchema,
  userInputSchema,
} from '../../../shared/schemas/customer.js';
import type { CustomerRow } from '../../db/schema.js';
import { customerUsage, findCustomer, listCustomers } from '../../repositories/customers.js';
import { listProjects } from '../../repositories/projects.js';
import { findUserById, listCustomerUsers } from '../../repositories/users.js';
import {
  accessibleCustomerOr404,
  createCustomer,
  editCustomer,
  removeCustomer,
  setCustomerLimits,
  setRegistrationProgress,
} from '../../services/customers.js';
import {
  customerStatus,
  toCustomer,
  toProgress,
  toSubscription,
  toUser,
} from '../../services/presenters.js';
import { projectScopeOf } from '../../services/projects.js';
import { createCustomerUser } from '../../services/users.js';
import { notFound } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser } from '../plugins/session.js';
import {
  changeBy,
  guarded,
  listResponse,
  noContentAnswer,
  pathId,
  type IdParams,
  type RouteDeps,
  thenNoContentAt,
} from './helpers.js';
import { presentProjects } from './projects.js';
import { idParams, withSchemas, dataOf, listOf } from '../openapi.js';
import {
  customerSchema,
  limitStatusSchema,
  projectSchema,
  progressSchema,
  subscriptionSchema,
  userSchema,
} from '../../../shared/schemas/responses.js';

export function customerRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  const customerId = (params: IdParams) => pathId(params.id, 'customer_not_found');
  const present = async (id: string) => {
    const row = await findCustomer(db, id);
    if (!row) throw notFound('customer_not_found');
    return { data: toCustomer(row) };
  };
  /** The customer named by the path, if the caller may see it (404 otherwise). */
  const requestedCustomer = (request: FastifyRequest & { params: IdParams }) =>
    accessibleCustomerOr404(db, currentUser(request), customerId(request.params));
  /** GET of one view of the customer of the path (/customers/:id…). */
  const customerView = (
    path: string,
    permission: PermissionKey,
    schema: z.ZodType,
    view: (row: CustomerRow) => unknown,
  ) =>
    api.get(
      path,
      guarded(permission, { params: idParams, response: { 200: dataOf(schema) } }),
      async (request) => ({ data: await view(await requestedCustomer(request)) }),
    );

  // GET /customers: every customer (admins).
  api.get(
    '/customers',
    guarded('CustomersView', {
      querystring: listQuerySchema,
      response: { 200: listOf(customerSchema) },
    }),
    async (request) => {
      const { query } = request;
      const { rows, total } = await listCustomers(db, query);
      return listResponse(rows.map(toCustomer), total, query);
    },
  );

  // POST /customers: create a customer; it starts a 14-day trial.
  api.post(
    '/customers',
    guarded('CustomerCreate', {
      body: customerInputSchema,
      response: { 201: dataOf(customerSchema) },
    }),
    async (request, reply) => {
      const id = await createCustomer(db, request.body, unitOfWorkOf(request, config));
      return reply.code(201).send(await present(id));
    },
  );

  // GET /customers/{id}: one customer (customer admins: their own).
  customerView('/customers/:id', 'CustomerView', customerSchema, toCustomer);

  // PUT /customers/{id}: edit name, admin email, type or VAT number (customer admins: their own).
  api.put(
    '/customers/:id',
    guarded('CustomerUpdate', {
      params: idParams,
      body: customerUpdateSchema,
      response: { 200: dataOf(customerSchema) },
    }),
    async (request) => {
      const id = customerId(request.params);
      const { user, work } = changeBy(request, config);
      await editCustomer(db, user, id, request.body, work);
      return present(id);
    },
  );

  // DELETE /customers/{id}: remove a customer with its users and projects (admins).
  api.delete(
    '/customers/:id',
    guarded('CustomerDelete', { params: idParams, response: noContentAnswer }),
    thenNoContentAt(config, customerId, ({ user, work }, id) => removeCustomer(db, user, id, work)),
  );

  // PUT /customers/{id}/limits: the admin "manage" screen.
  api.put(
    '/customers/:id/limits',
    guarded('CustomerLimitsUpdate', {
      params: idParams,
      body: customerLimitsSchema,
      response: { 200: dataOf(customerSchema) },
    }),
    async (request) => {
      const id = customerId(request.params);
      const { user, work } = changeBy(request, config);
      await setCustomerLimits(db, user, id, request.body, work);
      return present(id);
    },
  );

  // GET /customers/{id}/subscription: plan, status and billing period.
  customerView(
    '/customers/:id/subscription',
    'SubscriptionView',
    subscriptionSchema,
    toSubscription,
  );

  // GET /customers/{id}/progress: trial end and whether registration is done.
  customerView('/customers/:id/progress', 'CustomerView', progressSchema, toProgress);

  // PUT /customers/{id}/progress: mark registration done (admins may also move the trial end).
  api.put(
    '/customers/:id/progress',
    guarded('CustomerUpdate', {
      params: idParams,
      body: registrationProgressSchema,
      response: { 200: dataOf(progressSchema) },
    }),
    async (request) => {
      const id = customerId(request.params);
      const { user, work } = changeBy(request, config);
      await setRegistrationProgress(db, user, id, request.body, work);
      const row = await accessibleCustomerOr404(db, user, id);
      return { data: toProgress(row) };
    },
  );

  // GET /customers/{id}/status: used and total per limit, for the whole customer.
  customerView('/customers/:id/status', 'CustomerView', limitStatusSchema, async (row) =>
    customerStatus(row, await customerUsage(db, row.id)),
  );

  // GET /customers/{id}/projects: the customer's projects this user may see.
  api.get(
    '/customers/:id/projects',
    guarded(['ProjectView', 'CustomerView'], {
      params: idParams,
      querystring: listQuerySchema,
      response: { 200: listOf(projectSchema) },
    }),
    async (request) => {
      const user = currentUser(request);
      const customer = await accessibleCustomerOr404(db, user, customerId(request.params));
      const { query } = request;
      const { rows, total } = await listProjects(db, projectScopeOf(user), query, {
        customerId: customer.id,
      });
      return listResponse(await presentProjects(db, rows), total, query);
    },
  );

  // GET /customers/{id}/users: the customer's users.
  api.get(
    '/customers/:id/users',
    guarded('UsersView', {
      params: idParams,
      querystring: listQuerySchema,
      response: { 200: listOf(userSchema) },
    }),
    async (request) => {
      const customer = await requestedCustomer(request);
      const { query } = request;
      const { rows, total } = await listCustomerUsers(db, customer.id, query);
      return listResponse(rows.map(toUser), total, query);
    },
  );

  // POST /customers/{id}/users: create a user of this customer (roles are checked).
  api.post(
    '/customers/:id/users',
    guarded('UserCreate', {
      params: idParams,
      body: userInputSchema,
      response: { 201: dataOf(userSchema) },
    }),
    async (request, reply) => {
      const id = customerId(request.params);
      const { user, work } = changeBy(request, config);
      const userId = await createCustomerUser(db, user, id, request.body, work);
      const row = await findUserById(db, userId);
      if (!row) throw notFound('user_not_found');
      return reply.code(201).send({ data: toUser(row) });
    },
  );
}
