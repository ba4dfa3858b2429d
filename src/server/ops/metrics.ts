// Prometheus metrics for operators (`GET /metrics`). Each app instance owns its own registry, so
// tests can build several apps and nothing lives in module state; other parts of the app add
// their numbers through the objects created here.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  scansRecorded: Counter;
  /**
   * Scan-path cache lookups by result, counted as plain numbers and read at each scrape: a
   * labelled prom-client inc() hashes its labels on every call, and every scan looks up once.
   */
  scanCacheLookups: { hit: number; miss: number };
  /** Scans captured on the response path and not yet written; set by whoever owns the buffer. */
  scanBufferDepth: Gauge;
  /** Webhook deliveries waiting to be sent. */
  webhookQueueDepth: Gauge;
  /** Attempts to send a webhook delivery, by result (delivered, retry, failed). */
  webhookDeliveries: Counter<'result'>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const scanCacheLookups = { hit: 0, miss: 0 };
  new Counter({
    name: 'qrhub_scan_cache_lookups_total',
    help: 'Scan-path cache lookups, by result (hit or miss).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, scanCacheLookups.hit);
      this.inc({ result: 'miss' }, scanCacheLookups.miss);
    },
  });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern (not by path, to keep the series few).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    scansRecorded: new Counter({
      name: 'qrhub_scans_recorded_total',
      help: 'Scans written to the database.',
      registers: [registry],
    }),
    scanCacheLookups,
    scanBufferDepth: new Gauge({
      name: 'qrhub_scan_buffer_depth',
      help: 'Scans captured and waiting for the next batched write.',
      registers: [registry],
    }),
    webhookQueueDepth: new Gauge({
      name: 'qrhub_webhook_queue_depth',
      help: 'Webhook deliveries waiting to be sent.',
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'qrhub_webhook_deliveries_total',
      help: 'Attempts to send a webhook delivery, by result (delivered, retry, failed: given up).',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}
