// The dashboard's page-view tracker (SPEC §2 /settings/analytics): platform admins set it, and
// every dashboard, signed in or not, reads where to send its page views.
import type { FastifyInstance } from 'fastify';
import { pageAnalyticsSchema } from '../../../shared/schemas/pageAnalytics.js';
import type { PageAnalyticsSettings } from '../../services/pageAnalytics.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { guarded, type RouteDeps } from './helpers.js';
import { withSchemas, dataOf } from '../openapi.js';

export function pageAnalyticsRoutes(
  app: FastifyInstance,
  { config }: RouteDeps,
  settings: PageAnalyticsSettings,
): void {
  const api = withSchemas(app);
  // GET /settings/analytics: the tracker setting (platform admins).
  api.get(
    '/settings/analytics',
    guarded('AnalyticsSettings', { response: { 200: dataOf(pageAnalyticsSchema) } }),
    async () => ({
      data: await settings.load(),
    }),
  );

  // PUT /settings/analytics: change the tracker (platform admins); audited.
  api.put(
    '/settings/analytics',
    guarded('AnalyticsSettings', {
      body: pageAnalyticsSchema,
      response: { 200: dataOf(pageAnalyticsSchema) },
    }),
    async (request) => {
      return { data: await settings.save(request.body, unitOfWorkOf(request, config)) };
    },
  );

  // GET /settings/analytics/tracker: where the dashboard sends page views; public, holds no secret.
  api.get(
    '/settings/analytics/tracker',
    { schema: { response: { 200: dataOf(pageAnalyticsSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await settings.load() };
    },
  );
}
