// Statistics: scans over time with totals, breakdowns, heat map and top items for a project or
// one of its items (all from the rollups), their CSV export, a raw-scan CSV export, and the live
// count of the last minutes.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUlid } from '../../../shared/ids.js';
import {
  chartExportQuerySchema,
  liveQuerySchema,
  timeseriesQuerySchema,
  type TimeseriesQuery,
} from '../../../shared/schemas/analytics.js';
import { rangeIn } from '../../../shared/timeZone.js';
import { rawScanChunks, statisticsItemIds } from '../../repositories/analytics.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { chartCsv, rawScanCsv } from '../../services/statisticsCsv.js';
import type { Statistics } from '../../services/statistics.js';
import { notFound } from '../../domain/errors.js';
import { currentUser } from '../plugins/session.js';
import { guarded, type RouteDeps } from './helpers.js';
import { withSchemas, dataOf, fileAnswer } from '../openapi.js';
import { liveScansSchema, statisticsSchema } from '../../../shared/schemas/responses.js';

export function analyticsRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const api = withSchemas(app);
  /** The project (visible to the user), the rollup scopes and the range in its time zone. */
  async function scopeOf(request: FastifyRequest, query: TimeseriesQuery) {
    if (!isUlid(query.projectId)) throw notFound('project_not_found');
    const project = await visibleProjectOr404(db, currentUser(request), query.projectId);
    const itemIds = query.itemId
      ? await statisticsItemIds(db, project.id, query.itemId)
      : undefined;
    const { from, to } = rangeIn(query, project.timeZone);
    return { project, itemIds, from, to };
  }

  async function statistics(request: FastifyRequest, query: TimeseriesQuery): Promise<Statistics> {
    const { project, itemIds, from, to } = await scopeOf(request, query);
    // On a reader thread of its own (SQLite): a long range does not hold up the redirects.
    return app.reads.run(
      'statistics',
      {
        projectId: project.id,
        timeZone: project.timeZone,
        scopeIds: itemIds ?? [project.id],
        withTopItems: !itemIds,
      },
      from,
      to,
    );
  }

  const csv = (reply: FastifyReply, name: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`);

  // GET /analytics/timeseries: buckets of scans and unique visitors, totals and breakdowns.
  api.get(
    '/analytics/timeseries',
    guarded('ProjectQRCodesView', {
      querystring: timeseriesQuerySchema,
      response: { 200: statisticsSchema },
    }),
    async (request): Promise<Statistics> => statistics(request, request.query),
  );

  // GET /analytics/export: one chart's data as CSV, from the very answer the chart shows.
  api.get(
    '/analytics/export',
    guarded('ProjectQRCodesView', {
      querystring: chartExportQuerySchema,
      response: { 200: fileAnswer('text/csv', "The chart's data as a CSV file") },
    }),
    async (request, reply) => {
      const { chart, ...rest } = request.query;
      const query = timeseriesQuerySchema.parse(rest);
      const answer = await statistics(request, query);
      return csv(reply, `statistics-${chart}`).send(chartCsv(answer, chart));
    },
  );

  // GET /analytics/scans.csv: the raw scans of a range, streamed in chunks, at most
  // MAX_RAW_EXPORT_ROWS rows (the last line says so when the range held more).
  api.get(
    '/analytics/scans.csv',
    guarded('ProjectQRCodesView', {
      querystring: timeseriesQuerySchema,
      response: { 200: fileAnswer('text/csv', 'Every counted scan in the range as a CSV file') },
    }),
    async (request, reply) => {
      const query = request.query;
      const { project, itemIds, from, to } = await scopeOf(request, query);
      const filter = {
        projectId: project.id,
        itemIds,
        from: from.toISOString(),
        to: to.toISOString(),
      };
      // Each chunk on a reader thread: an export of a million rows never holds up the redirects.
      const chunks = rawScanChunks((after, limit) =>
        app.reads.run('rawScanChunk', filter, after, limit),
      );
      return csv(reply, 'scans').send(Readable.from(rawScanCsv(chunks, project.timeZone)));
    },
  );

  // GET /analytics/live: counted scans per minute of the last minutes, from the recorders'
  // memory (with Redis, the counters every process keeps there), so any number of viewers
  // polling costs no database read.
  api.get(
    '/analytics/live',
    guarded('ProjectQRCodesView', {
      querystring: liveQuerySchema,
      response: { 200: dataOf(liveScansSchema) },
    }),
    async (request) => {
      const query = request.query;
      if (!isUlid(query.projectId)) throw notFound('project_not_found');
      const project = await visibleProjectOr404(db, currentUser(request), query.projectId);
      return { data: await app.liveScans(project.id) };
    },
  );
}
