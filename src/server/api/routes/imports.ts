// Bulk import and CSV export (issue 15, part 4): the file is the request body (text/csv, or an XLSX workbook),
// the options are query parameters, so a script can `curl --data-binary @links.csv` as easily as
// the dashboard uploads. Preview first, then one job whose progress the job route tells.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  importQuerySchema,
  type ImportQuery,
} from '../../../shared/schemas/import.js';
import type { PermissionKey } from '../../../shared/permissions.js';
import { forbidden, invalidField, notFound } from '../../domain/errors.js';
import { EXPORT_LISTS, exportList, type ExportList } from '../../services/exports.js';
import type { ImportJobs } from '../../import/jobs.js';
import {
  importJobOf,
  presentImportJob,
  previewForProject,
  startImport,
} from '../../services/imports.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, requirePermission, userCan } from '../plugins/session.js';
import {
  guarded,
  projectIdOf,
  projectItemIdsOf,
  projectOfRequest,
  type ProjectParams,
  type RouteDeps,
} from './helpers.js';
import {
  pathParams,
  projectItemParams,
  projectParams,
  withSchemas,
  dataOf,
  fileAnswer,
} from '../openapi.js';
import { importJobSchema, importPreviewSchema } from '../../../shared/schemas/responses.js';

/** The types a file arrives as besides JSON: CSV, XLSX, or none named (any bytes). */
const FILE_TYPES = [
  'text/csv',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const EXPORT_VIEW_KEY: Record<ExportList, PermissionKey> = {
  'qr-codes': 'QRCodeView',
  'short-links': 'ShortLinkView',
  actions: 'QRLinkView',
  labels: 'LabelView',
};

const CREATE_KEY: Record<(typeof IMPORT_KINDS)[number], PermissionKey> = {
  qr_code: 'QRCodeCreate',
  short_link: 'ShortLinkCreate',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Import jobs under way in this app instance. */
    imports: ImportJobs;
  }
}

export function importRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  const jobs = app.imports;

  /** The file and the options, for a user who may create what the file holds. */
  const requestOf = async (
    request: FastifyRequest & { params: ProjectParams; query: ImportQuery },
  ) => {
    // Another customer's project is not found, whatever the file.
    await projectOfRequest(db, request);
    const query = request.query;
    if (!userCan(currentUser(request), CREATE_KEY[query.kind])) throw forbidden();
    // text/plain arrives as text (the app's own parser), everything else as bytes.
    const file = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
    if (!Buffer.isBuffer(file) || file.length === 0)
      throw invalidField('import_file_empty', '/file', 'Send the file as the request body');
    const options = {
      kind: query.kind,
      format: query.format,
      keyColumn: query.keyColumn === undefined ? undefined : query.keyColumn || null,
    };
    return { projectId: projectIdOf(request.params), file, options };
  };

  app.register(async (scope) => {
    scope.addContentTypeParser(
      FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    // POST /projects/{pid}/imports/preview?kind=…: every row checked, nothing written.
    withSchemas(scope).post(
      '/projects/:pid/imports/preview',
      {
        // The body is the file itself (CSV or XLSX), not JSON.
        schema: {
          params: projectParams,
          querystring: importQuerySchema,
          response: { 200: dataOf(importPreviewSchema) },
        },
        preHandler: requirePermission('ProjectView'),
      },
      async (request) => {
        const { projectId, file, options } = await requestOf(request);
        return {
          data: await previewForProject(db, currentUser(request), projectId, file, options),
        };
      },
    );

    // POST /projects/{pid}/imports?kind=…: starts the job for the valid rows; 202 with the job.
    withSchemas(scope).post(
      '/projects/:pid/imports',
      {
        // The body is the file itself (CSV or XLSX), not JSON.
        schema: {
          params: projectParams,
          querystring: importQuerySchema,
          response: { 202: dataOf(importJobSchema) },
        },
        preHandler: requirePermission('ProjectView'),
      },
      async (request, reply) => {
        const { projectId, file, options } = await requestOf(request);
        const job = await startImport(
          db,
          currentUser(request),
          projectId,
          file,
          options,
          unitOfWorkOf(request, config),
          jobs,
        );
        return reply.code(202).send({ data: presentImportJob(job) });
      },
    );
  });

  // GET /projects/{pid}/exports/{list}: qr-codes, short-links, actions or labels as a CSV file.
  api.get(
    '/projects/:pid/exports/:list',
    guarded('ProjectView', {
      params: pathParams('pid', 'list').describe(EXPORT_LISTS.join(', ')),
      response: { 200: fileAnswer('text/csv', 'The list as a CSV file') },
    }),
    async (request, reply) => {
      const projectId = projectIdOf(request.params);
      const list = request.params.list as ExportList;
      if (!EXPORT_LISTS.includes(list)) throw notFound('not_found');
      if (!userCan(currentUser(request), EXPORT_VIEW_KEY[list])) throw forbidden();
      const csv = await exportList(db, currentUser(request), projectId, list);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${list}.csv"`)
        .send(csv);
    },
  );

  // GET /projects/{pid}/imports/{id}: the job's progress.
  api.get(
    '/projects/:pid/imports/:id',
    guarded('ProjectView', {
      params: projectItemParams,
      response: { 200: dataOf(importJobSchema) },
    }),
    async (request) => {
      const { projectId, id } = projectItemIdsOf(request.params, 'import_job_not_found');
      return { data: await importJobOf(db, currentUser(request), projectId, id) };
    },
  );
}
