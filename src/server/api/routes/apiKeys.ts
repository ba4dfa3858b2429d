// API keys of a project (issue 15): create (the key is in this answer only), list, revoke.
import type { FastifyInstance } from 'fastify';
import { apiKeyInputSchema } from '../../../shared/schemas/apiKey.js';
import { apiKeysOfProject, createApiKey, revokeApiKey } from '../../services/apiKeys.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import {
  changeBy,
  guarded,
  projectIdOf,
  removalRoute,
  type RouteDeps,
  wholeList,
} from './helpers.js';
import { projectParams, withSchemas, dataOf, listOf } from '../openapi.js';
import { apiKeySchema, newApiKeySchema } from '../../../shared/schemas/responses.js';

export function apiKeyRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  // GET /projects/{pid}/api-keys: the project's keys, newest first (never the keys themselves).
  api.get(
    '/projects/:pid/api-keys',
    guarded('ProjectApiKeys', { params: projectParams, response: { 200: listOf(apiKeySchema) } }),
    async (request) => {
      const data = await apiKeysOfProject(db, currentUser(request), projectIdOf(request.params));
      return wholeList(data, { perPage: Math.max(1, data.length) });
    },
  );

  // POST /projects/{pid}/api-keys: a new key { name, scope, expiresAt? }; `key` is shown only here.
  api.post(
    '/projects/:pid/api-keys',
    guarded('ProjectApiKeys', {
      params: projectParams,
      body: apiKeyInputSchema,
      response: { 201: dataOf(newApiKeySchema) },
    }),
    async (request, reply) => {
      const { user, work } = changeBy(request, config);
      const data = await createApiKey(db, user, projectIdOf(request.params), request.body, work);
      return reply.code(201).header('cache-control', 'no-store').send({ data });
    },
  );

  // DELETE /projects/{pid}/api-keys/{id}: revoke; the key stops working at once.
  removalRoute(
    app,
    '/projects/:pid/api-keys/:id',
    requirePermission('ProjectApiKeys'),
    'api_key_not_found',
    (request, { projectId, id }) =>
      revokeApiKey(db, currentUser(request), projectId, id, unitOfWorkOf(request, config)),
  );
}
