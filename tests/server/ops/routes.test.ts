// Operations endpoints: liveness, readiness (and its failure when the database is gone), and
// metrics in Prometheus' text format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createDatabase } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { linkQrCodeThroughApi } from '../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../helpers/testApp.js';

// The exposition format, line by line: comments (HELP/TYPE), and samples `name{labels} value`.
// Values follow Prometheus' parser (Go's ParseFloat), which takes NaN and Inf in any case.
const HELP_OR_TYPE =
  /^# (HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*|TYPE [a-zA-Z_:][a-zA-Z0-9_:]* (counter|gauge|histogram|summary|untyped))$/;
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|[nN][aA][nN]|[+-]?[iI][nN][fF])( -?[0-9]+)?$/;

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /healthz answers while the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok\n');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
  });

  it('GET /metrics is Prometheus text with request latencies by route pattern', async () => {
    await call(t.app, 'GET', '/api/self');
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const lines = response.body.split('\n').filter(Boolean);
    const malformed = lines.filter((line) => !HELP_OR_TYPE.test(line) && !SAMPLE.test(line));
    expect(malformed).toEqual([]);
    expect(response.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/self",status_code="401"} 1',
    );
    for (const name of [
      'qrhub_scans_recorded_total',
      'qrhub_scan_cache_lookups_total',
      'qrhub_scan_buffer_depth',
      'qrhub_webhook_queue_depth',
      'process_resident_memory_bytes',
    ])
      expect(response.body).toContain(`# TYPE ${name} `);
  });

  it('GET /metrics counts the scan path: cache misses and hits, and the scans written', async () => {
    const sample = async (name: string) => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = body.split('\n').find((row) => row.startsWith(`${name} `));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const cookie = await login(t.app, DEMO.customeradmin);
    const { code } = await linkQrCodeThroughApi(
      t.app,
      cookie,
      t.ids.projects.demoLinked,
      'https://example.com/metrics',
    );
    const recorded = await sample('qrhub_scans_recorded_total');
    const misses = await sample('qrhub_scan_cache_lookups_total{result="miss"}');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/s/${code}` })).statusCode).toBe(302);
    }
    await t.app.scanRecorder.flush();
    expect(await sample('qrhub_scans_recorded_total')).toBe(recorded + 3);
    expect(await sample('qrhub_scan_cache_lookups_total{result="miss"}')).toBe(misses + 1);
    expect(await sample('qrhub_scan_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(await sample('qrhub_scan_buffer_depth')).toBe(0);
  });
});

describe('readiness without a database', () => {
  it('answers 503 naming the database once it is gone, while /healthz still answers', async () => {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const app = await buildApp({ config: loadConfig({ DASHBOARD_DIR: '' }), db });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await db.destroy();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('not ready: database\n');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('readiness with Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL;

  it('answers 503 naming redis when REDIS_URL points at nothing, and starts all the same', async () => {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const config = loadConfig({ DASHBOARD_DIR: '', REDIS_URL: 'redis://127.0.0.1:1' });
    const app = await buildApp({ config, db });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('not ready: redis\n');
    await app.close();
    await db.destroy();
  }, 15_000);

  it.skipIf(!redisUrl)('answers 200 when the configured Redis answers', async () => {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const app = await buildApp({
      config: loadConfig({ DASHBOARD_DIR: '', REDIS_URL: redisUrl }),
      db,
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await app.close();
    await db.destroy();
  });
});

describe('metrics token', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const app = await buildApp({
      config: loadConfig({ DASHBOARD_DIR: '', METRICS_TOKEN: 's3cret-token' }),
      db,
    });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer s3cret-tokem' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer s3cret-token' },
    });
    expect(right.statusCode).toBe(200);
    await app.close();
    await db.destroy();
  });
});
