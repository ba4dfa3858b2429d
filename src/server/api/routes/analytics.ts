// Statistics: scans over time with totals and breakdowns, for a project or one of its items.
import type { FastifyInstance } from 'fastify';
import { isUlid } from '../../../shared/ids.js';
import { timeseriesQuerySchema } from '../../../shared/schemas/analytics.js';
import { ScanAggregator, type Timeseries } from '../../../shared/statsAggregation.js';
import { countedScanChunks, statisticsItemIds } from '../../repositories/analytics.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { notFound } from '../../domain/errors.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import type { RouteDeps } from './helpers.js';

export function analyticsRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  // GET /analytics/timeseries: buckets of scans and unique visitors, totals and breakdowns.
  app.get(
    '/analytics/timeseries',
    { preHandler: requirePermission('ProjectView') },
    async (request): Promise<Timeseries> => {
      const query = timeseriesQuerySchema.parse(request.query);
      if (!isUlid(query.projectId)) throw notFound('project_not_found');
      const project = await visibleProjectOr404(db, currentUser(request), query.projectId);
      const itemIds = query.itemId
        ? await statisticsItemIds(db, project.id, query.itemId)
        : undefined;
      const aggregator = new ScanAggregator(query.from, query.to);
      const chunks = countedScanChunks(db, {
        projectId: project.id,
        itemIds,
        from: query.from.toISOString(),
        to: query.to.toISOString(),
      });
      for await (const rows of chunks) aggregator.addAll(rows);
      return aggregator.result();
    },
  );
}
