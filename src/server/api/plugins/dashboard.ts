// Serves the built dashboard and answers index.html for the SPA's own paths (history routing).
// Without a build the API still runs; the root answers a short note instead.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../../shared/constants.js';
import type { ApiErrorBody } from '../../../shared/errors.js';

/** Vite names every file under assets/ by its content hash: a changed file gets a new name. */
export const HASHED_ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function hasDashboardBuild(dashboardDir: string): boolean {
  return dashboardDir !== '' && fs.existsSync(path.join(dashboardDir, 'index.html'));
}

export async function dashboardPlugin(
  app: FastifyInstance,
  { dashboardDir, scanPrefix }: { dashboardDir: string; scanPrefix: string },
): Promise<void> {
  const isBuilt = hasDashboardBuild(dashboardDir);
  if (isBuilt) {
    const assetsDir = path.join(dashboardDir, HASHED_ASSETS_DIR) + path.sep;
    // Its own scope, so compression touches the dashboard's files only (API and scans unchanged).
    await app.register(async (files) => {
      // The build writes .br and .gz beside each file (vite.config.ts), served as they are; this
      // compresses what has none, at a brotli quality cheap enough to run per request.
      await files.register(fastifyCompress, {
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
      });
      // wildcard: false registers one route per built file, so unknown paths reach the not-found
      // handler below instead of a catch-all file route.
      await files.register(fastifyStatic, {
        root: dashboardDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (response, filePath) => {
          response.setHeader(
            'cache-control',
            filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : 'no-cache',
          );
        },
      });
    });
  }

  const isSpaNavigation = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0];
    return (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith(`${API_BASE}/`) &&
      pathname !== API_BASE &&
      !(scanPrefix && (pathname === scanPrefix || pathname.startsWith(`${scanPrefix}/`))) &&
      (request.headers.accept ?? '').includes('text/html')
    );
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (isSpaNavigation(request)) {
      if (isBuilt) {
        // Read per request: a new build replaces it while the server runs.
        const html = await fs.promises.readFile(path.join(dashboardDir, 'index.html'));
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(html);
      }
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The dashboard is not built yet: run `npm run build`. The API is available under /api.',
        );
    }
    return reply
      .code(404)
      .send({ errors: [{ code: 'not_found', detail: 'Not found' }] } satisfies ApiErrorBody);
  });
}
