// Webhooks of a project (issue 15): list, create, read, change, delete, and the delivery log with
// "send again". Customer admins only; an API key cannot reach them.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/common.js';
import { webhookInputSchema, webhookUpdateSchema } from '../../../shared/schemas/webhook.js';
import {
  createWebhook,
  deliveriesOfWebhook,
  editWebhook,
  removeWebhook,
  resendDelivery,
  webhookOfProject,
  webhooksOfProject,
} from '../../services/webhooks.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  listResponse,
  pathId,
  projectIdOf,
  projectItemIdsOf,
  type ProjectItemParams,
  removalRoute,
  type RouteDeps,
  sentFields,
  wholeList,
} from './helpers.js';
import {
  projectItemParams,
  projectParams,
  withSchemas,
  dataOf,
  listOf,
  noContent,
} from '../openapi.js';
import { webhookDeliverySchema, webhookSchema } from '../../../shared/schemas/responses.js';

export function webhookRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  const policy = { allowPrivate: config.webhookAllowPrivate };
  const guard = { preHandler: requirePermission('ProjectWebhooks') };
  const idsOf = (params: ProjectItemParams) => projectItemIdsOf(params, 'webhook_not_found');

  // GET /projects/{pid}/webhooks: the project's webhooks with their secrets.
  api.get(
    '/projects/:pid/webhooks',
    { schema: { params: projectParams, response: { 200: listOf(webhookSchema) } }, ...guard },
    async (request) => {
      const data = await webhooksOfProject(db, currentUser(request), projectIdOf(request.params));
      return wholeList(data, { perPage: Math.max(1, data.length) });
    },
  );

  // POST /projects/{pid}/webhooks: { url, events }; answers the webhook with its new secret.
  api.post(
    '/projects/:pid/webhooks',
    {
      schema: {
        params: projectParams,
        body: webhookInputSchema,
        response: { 201: dataOf(webhookSchema) },
      },
      ...guard,
    },
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const user = currentUser(request);
      const id = await createWebhook(
        db,
        user,
        projectId,
        request.body,
        policy,
        unitOfWorkOf(request, config),
      );
      return reply.code(201).send({ data: await webhookOfProject(db, user, projectId, id) });
    },
  );

  // GET /projects/{pid}/webhooks/{id}
  api.get(
    '/projects/:pid/webhooks/:id',
    { schema: { params: projectItemParams, response: { 200: dataOf(webhookSchema) } }, ...guard },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      return { data: await webhookOfProject(db, currentUser(request), projectId, id) };
    },
  );

  // PUT /projects/{pid}/webhooks/{id}: change the URL or the events sent.
  api.put(
    '/projects/:pid/webhooks/:id',
    {
      schema: {
        params: projectItemParams,
        body: webhookUpdateSchema,
        response: { 200: dataOf(webhookSchema) },
      },
      ...guard,
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const input = sentFields(request.body, request.sentBody);
      const user = currentUser(request);
      await editWebhook(db, user, projectId, id, input, policy, unitOfWorkOf(request, config));
      return { data: await webhookOfProject(db, user, projectId, id) };
    },
  );

  // DELETE /projects/{pid}/webhooks/{id}: the webhook and its delivery log.
  removalRoute(
    app,
    '/projects/:pid/webhooks/:id',
    guard.preHandler,
    'webhook_not_found',
    (request, { projectId, id }) =>
      removeWebhook(db, currentUser(request), projectId, id, unitOfWorkOf(request, config)),
  );

  // GET /projects/{pid}/webhooks/{id}/deliveries: the delivery log, newest first.
  api.get(
    '/projects/:pid/webhooks/:id/deliveries',
    {
      schema: {
        params: projectItemParams,
        querystring: listQuerySchema,
        response: { 200: listOf(webhookDeliverySchema) },
      },
      ...guard,
    },
    async (request) => {
      const { projectId, id } = idsOf(request.params);
      const query = request.query;
      const { rows, total } = await deliveriesOfWebhook(
        db,
        currentUser(request),
        projectId,
        id,
        query,
      );
      return listResponse(rows, total, query);
    },
  );

  // POST /projects/{pid}/webhooks/{id}/deliveries/{deliveryId}/resend: send the message again.
  api.post(
    '/projects/:pid/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        params: projectItemParams.extend({ deliveryId: z.string() }),
        response: { 202: noContent },
      },
      ...guard,
    },
    async (request, reply) => {
      const { projectId, id } = idsOf(request.params);
      const deliveryId = pathId(request.params.deliveryId, 'webhook_not_found');
      await resendDelivery(
        db,
        currentUser(request),
        projectId,
        id,
        deliveryId,
        unitOfWorkOf(request, config),
      );
      return reply.code(202).send();
    },
  );
}
