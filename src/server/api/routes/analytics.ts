// Statistics: scans over time with totals, breakdowns, heat map and top items for a project or
// one of its items (all from the rollups), their CSV export, a raw-scan CSV export, and the live
// count of the last minutes.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUlid } from '../../../shared/ids.js';
import {
  chartExportQuerySchema,
  liveQuerySchema,
  MAX_RAW_EXPORT_ROWS,
  timeseriesQuerySchema,
  type TimeseriesQuery,
} from '../../../shared/schemas/analytics.js';
import { rangeIn } from '../../../shared/timeZone.js';
import { rawScanChunks, statisticsItemIds } from '../../repositories/analytics.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { chartCsv, csvLine, RAW_SCAN_CSV_COLUMNS } from '../../services/statisticsCsv.js';
import { statisticsOf, type Statistics } from '../../services/statistics.js';
import { notFound } from '../../domain/errors.js';
import { currentUser, requirePermission } from '../plugins/session.js';
import type { RouteDeps } from './helpers.js';

export function analyticsRoutes(app: FastifyInstance, { db }: RouteDeps): void {
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
    return statisticsOf(
      db,
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
  app.get(
    '/analytics/timeseries',
    { preHandler: requirePermission('ProjectQRCodesView') },
    async (request): Promise<Statistics> =>
      statistics(request, timeseriesQuerySchema.parse(request.query)),
  );

  // GET /analytics/export: one chart's data as CSV, from the very answer the chart shows.
  app.get(
    '/analytics/export',
    { preHandler: requirePermission('ProjectQRCodesView') },
    async (request, reply) => {
      const { chart, ...rest } = chartExportQuerySchema.parse(request.query);
      const query = timeseriesQuerySchema.parse(rest);
      const answer = await statistics(request, query);
      return csv(reply, `statistics-${chart}`).send(chartCsv(answer, chart));
    },
  );

  // GET /analytics/scans.csv: the raw scans of a range, streamed in chunks, at most
  // MAX_RAW_EXPORT_ROWS rows (the last line says so when the range held more).
  app.get(
    '/analytics/scans.csv',
    { preHandler: requirePermission('ProjectQRCodesView') },
    async (request, reply) => {
      const query = timeseriesQuerySchema.parse(request.query);
      const { project, itemIds, from, to } = await scopeOf(request, query);
      const chunks = rawScanChunks(db, {
        projectId: project.id,
        itemIds,
        from: from.toISOString(),
        to: to.toISOString(),
      });
      async function* lines() {
        yield csvLine(RAW_SCAN_CSV_COLUMNS);
        let written = 0;
        for await (const rows of chunks) {
          let text = '';
          for (const row of rows) {
            if (written >= MAX_RAW_EXPORT_ROWS) {
              yield `${text}# truncated at ${MAX_RAW_EXPORT_ROWS} rows\r\n`;
              return;
            }
            text += csvLine(RAW_SCAN_CSV_COLUMNS.map((column) => row[column]));
            written++;
          }
          yield text;
        }
      }
      return csv(reply, 'scans').send(Readable.from(lines()));
    },
  );

  // GET /analytics/live: counted scans per minute of the last minutes, from the recorder's
  // memory (what it wrote lately), so any number of viewers polling costs no database read.
  app.get(
    '/analytics/live',
    { preHandler: requirePermission('ProjectQRCodesView') },
    async (request) => {
      const query = liveQuerySchema.parse(request.query);
      if (!isUlid(query.projectId)) throw notFound('project_not_found');
      const project = await visibleProjectOr404(db, currentUser(request), query.projectId);
      return { data: app.scanRecorder.recentMinutes(project.id) };
    },
  );
}
