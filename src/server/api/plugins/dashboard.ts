// Serves the built dashboard and answers index.html for the SPA's own paths (history routing).
// Without a build the API still runs; the root answers a short note instead.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../../shared/constants.js';
import type { ApiErrorBody } from '../../../shared/errors.js';

export function hasDashboardBuild(dashboardDir: string): boolean {
  return dashboardDir !== '' && fs.existsSync(path.join(dashboardDir, 'index.html'));
}

export async function dashboardPlugin(
  app: FastifyInstance,
  { dashboardDir, scanPrefix }: { dashboardDir: string; scanPrefix: string },
): Promise<void> {
  const isBuilt = hasDashboardBuild(dashboardDir);
  if (isBuilt) {
    // wildcard: false registers one route per built file, so unknown paths reach the not-found
    // handler below instead of a catch-all file route.
    await app.register(fastifyStatic, { root: dashboardDir, wildcard: false, index: false });
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

  app.setNotFoundHandler((request, reply) => {
    if (isSpaNavigation(request)) {
      if (isBuilt) return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
