// Customers: admins manage all of them; a customer admin may read and edit their own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import {
  customerInputSchema,
  customerLimitsSchema,
  customerUpdateSchema,
  registrationProgressSchema,
  userInputSchema,
} from '../../../shared/schemas/customer.js';
import { customerUsage, findCustomer, listCustomers } from '../../repositories/customers.js';
import { listProjects, projectUsage } from '../../repositories/projects.js';
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
  toProject,
  toSubscription,
  toUser,
} from '../../services/presenters.js';
import { projectScopeOf } from '../../services/projects.js';
import { createCustomerUser } from '../../services/users.js';
import { notFound } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import { listResponse, pathId, type IdParams, type RouteDeps } from './helpers.js';
import { idParams, withSchemas, dataOf, listOf, noContent } from '../openapi.js';
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

  // GET /customers: every customer (admins).
  api.get(
    '/customers',
    {
      schema: { querystring: listQuerySchema, response: { 200: listOf(customerSchema) } },
      preHandler: requirePermission('CustomersView'),
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await listCustomers(db, query);
      return listResponse(rows.map(toCustomer), total, query);
    },
  );

  // POST /customers: create a customer; it starts a 14-day trial.
  api.post(
    '/customers',
    {
      schema: { body: customerInputSchema, response: { 201: dataOf(customerSchema) } },
      preHandler: requirePermission('CustomerCreate'),
    },
    async (request, reply) => {
      const input = request.body;
      const id = await createCustomer(db, input, unitOfWorkOf(request, config));
      return reply.code(201).send(await present(id));
    },
  );

  /** The customer named by the path, if the caller may see it (404 otherwise). */
  const requestedCustomer = (request: FastifyRequest & { params: IdParams }) =>
    accessibleCustomerOr404(db, currentUser(request), customerId(request.params));

  // GET /customers/{id}: one customer (customer admins: their own).
  api.get(
    '/customers/:id',
    {
      schema: { params: idParams, response: { 200: dataOf(customerSchema) } },
      preHandler: requirePermission('CustomerView'),
    },
    async (request) => {
      const row = await requestedCustomer(request);
      return { data: toCustomer(row) };
    },
  );

  // PUT /customers/{id}: edit name, admin email, type or VAT number (customer admins: their own).
  api.put(
    '/customers/:id',
    {
      schema: {
        params: idParams,
        body: customerUpdateSchema,
        response: { 200: dataOf(customerSchema) },
      },
      preHandler: requirePermission('CustomerUpdate'),
    },
    async (request) => {
      const id = customerId(request.params);
      const input = request.body;
      await editCustomer(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return present(id);
    },
  );

  // DELETE /customers/{id}: remove a customer with its users and projects (admins).
  api.delete(
    '/customers/:id',
    {
      schema: { params: idParams, response: { 204: noContent } },
      preHandler: requirePermission('CustomerDelete'),
    },
    async (request, reply) => {
      await removeCustomer(
        db,
        currentUser(request),
        customerId(request.params),
        unitOfWorkOf(request, config),
      );
      return reply.code(204).send();
    },
  );

  // PUT /customers/{id}/limits: the admin "manage" screen.
  api.put(
    '/customers/:id/limits',
    {
      schema: {
        params: idParams,
        body: customerLimitsSchema,
        response: { 200: dataOf(customerSchema) },
      },
      preHandler: requirePermission('CustomerLimitsUpdate'),
    },
    async (request) => {
      const id = customerId(request.params);
      const input = request.body;
      await setCustomerLimits(db, currentUser(request), id, input, unitOfWorkOf(request, config));
      return present(id);
    },
  );

  // GET /customers/{id}/subscription: plan, status and billing period.
  api.get(
    '/customers/:id/subscription',
    {
      schema: { params: idParams, response: { 200: dataOf(subscriptionSchema) } },
      preHandler: requirePermission('SubscriptionView'),
    },
    async (request) => {
      const row = await requestedCustomer(request);
      return { data: toSubscription(row) };
    },
  );

  // GET /customers/{id}/progress: trial end and whether registration is done.
  api.get(
    '/customers/:id/progress',
    {
      schema: { params: idParams, response: { 200: dataOf(progressSchema) } },
      preHandler: requirePermission('CustomerView'),
    },
    async (request) => {
      const row = await requestedCustomer(request);
      return { data: toProgress(row) };
    },
  );

  // PUT /customers/{id}/progress: mark registration done (admins may also move the trial end).
  api.put(
    '/customers/:id/progress',
    {
      schema: {
        params: idParams,
        body: registrationProgressSchema,
        response: { 200: dataOf(progressSchema) },
      },
      preHandler: requirePermission('CustomerUpdate'),
    },
    async (request) => {
      const id = customerId(request.params);
      const input = request.body;
      await setRegistrationProgress(
        db,
        currentUser(request),
        id,
        input,
        unitOfWorkOf(request, config),
      );
      const row = await accessibleCustomerOr404(db, currentUser(request), id);
      return { data: toProgress(row) };
    },
  );

  // GET /customers/{id}/status: used and total per limit, for the whole customer.
  api.get(
    '/customers/:id/status',
    {
      schema: { params: idParams, response: { 200: dataOf(limitStatusSchema) } },
      preHandler: requirePermission('CustomerView'),
    },
    async (request) => {
      const row = await requestedCustomer(request);
      return { data: customerStatus(row, await customerUsage(db, row.id)) };
    },
  );

  // GET /customers/{id}/projects: the customer's projects this user may see.
  api.get(
    '/customers/:id/projects',
    {
      schema: {
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: listOf(projectSchema) },
      },
      preHandler: requirePermission('ProjectView', 'CustomerView'),
    },
    async (request) => {
      const user = currentUser(request);
      const customer = await accessibleCustomerOr404(db, user, customerId(request.params));
      const query = request.query;
      const { rows, total } = await listProjects(db, projectScopeOf(user), query, {
        customerId: customer.id,
      });
      const usage = await projectUsage(
        db,
        rows.map((row) => row.id),
      );
      return listResponse(
        rows.map((row) => toProject(row, usage.get(row.id)!)),
        total,
        query,
      );
    },
  );

  // GET /customers/{id}/users: the customer's users.
  api.get(
    '/customers/:id/users',
    {
      schema: {
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: listOf(userSchema) },
      },
      preHandler: requirePermission('UsersView'),
    },
    async (request) => {
      const customer = await requestedCustomer(request);
      const query = request.query;
      const { rows, total } = await listCustomerUsers(db, customer.id, query);
      return listResponse(rows.map(toUser), total, query);
    },
  );

  // POST /customers/{id}/users: create a user of this customer (roles are checked).
  api.post(
    '/customers/:id/users',
    {
      schema: { params: idParams, body: userInputSchema, response: { 201: dataOf(userSchema) } },
      preHandler: requirePermission('UserCreate'),
    },
    async (request, reply) => {
      const id = customerId(request.params);
      const input = request.body;
      const userId = await createCustomerUser(
        db,
        currentUser(request),
        id,
        input,
        unitOfWorkOf(request, config),
      );
      const row = await findUserById(db, userId);
      if (!row) throw notFound('user_not_found');
      return reply.code(201).send({ data: toUser(row) });
    },
  );
}
