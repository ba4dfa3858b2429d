// Limits (issue 10): a customer admin's project limits and the scan forecast.
import type { FastifyInstance } from 'fastify';
import { projectLimitsSchema } from '../../../shared/schemas/limits.js';
import { accessibleCustomerOr404 } from '../../services/customers.js';
import { setProjectLimits, usageForecast } from '../../services/limits.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser } from '../plugins/session.js';
import { guarded, pathId, projectIdOf, type RouteDeps } from './helpers.js';
import { idParams, projectParams, withSchemas, dataOf } from '../openapi.js';
import { usageForecastSchema } from '../../../shared/schemas/responses.js';

export function limitRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  // PUT /projects/{pid}/limits: the project's limits, each within the customer's.
  api.put(
    '/projects/:pid/limits',
    guarded(['CustomerSettings', 'ProjectUpdate'], {
      params: projectParams,
      body: projectLimitsSchema,
      response: { 200: dataOf(projectLimitsSchema) },
    }),
    async (request) => {
      const projectId = projectIdOf(request.params);
      await setProjectLimits(
        db,
        currentUser(request),
        projectId,
        request.body,
        unitOfWorkOf(request, config),
      );
      return { data: request.body };
    },
  );

  // GET /customers/{id}/usage-forecast: when the scan limit is reached at the last 30 days' pace.
  api.get(
    '/customers/:id/usage-forecast',
    // Every user of the customer sees it on the start page.
    guarded('ProjectView', { params: idParams, response: { 200: dataOf(usageForecastSchema) } }),
    async (request) => {
      const customer = await accessibleCustomerOr404(
        db,
        currentUser(request),
        pathId(request.params.id, 'customer_not_found'),
      );
      return { data: await usageForecast(db, customer.id) };
    },
  );
}
