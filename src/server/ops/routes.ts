// Operations endpoints outside the API base: liveness, readiness and Prometheus metrics
// (docs/deploy.md). They answer plain text, read no session and are never cached.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { AppMetrics } from './metrics.js';

/** One dependency the process needs to serve traffic; it throws (or rejects) when unreachable. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface OpsOptions {
  db: Db;
  metrics: AppMetrics;
  /** Beyond the database, e.g. Redis when REDIS_URL is set. */
  readinessChecks?: ReadinessCheck[];
  /** When set, /metrics asks for `Authorization: Bearer {token}`. */
  metricsToken?: string;
}

const READINESS_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Records every answer's latency by route pattern; unmatched paths share one label. */
export function recordRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

export function opsRoutes(app: FastifyInstance, options: OpsOptions): void {
  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => sql`select 1`.execute(options.db) },
    ...(options.readinessChecks ?? []),
  ];

  // GET /healthz: the process is up and its event loop answers.
  app.get('/healthz', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').type('text/plain').send('ok\n');
  });

  // GET /readyz: every dependency answers; 503 names the ones that do not.
  app.get('/readyz', async (request, reply) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS);
          return { name, ok: true };
        } catch (error) {
          request.log.warn({ err: error, dependency: name }, 'readiness check failed');
          return { name, ok: false };
        }
      }),
    );
    const failed = results.filter((result) => !result.ok).map((result) => result.name);
    reply.header('cache-control', 'no-store').type('text/plain');
    if (failed.length) return reply.code(503).send(`not ready: ${failed.join(', ')}\n`);
    return reply.send('ready\n');
  });

  // GET /metrics: Prometheus text format.
  app.get('/metrics', async (request, reply) => {
    if (options.metricsToken && !tokenMatches(request.headers.authorization, options.metricsToken))
      return reply.code(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
    const body = await options.metrics.registry.metrics();
    return reply
      .header('cache-control', 'no-store')
      .type(options.metrics.registry.contentType)
      .send(body);
  });
}
