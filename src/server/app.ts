// Builds the whole application (API, scan service, dashboard) without listening, so tests and
// server.ts use the very same app.
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { createMailer, type Mailer } from './mail.js';
import { createScanRecorder, scanPlugin } from './scan/plugin.js';
import { startScanMaintenance } from './services/scanMaintenance.js';
import { DEFAULT_HEALTH_OPTIONS, DestinationHealthChecker } from './services/destinationHealth.js';
import type { JobTimer } from './services/jobTimer.js';
import type { RecorderOptions, ScanRecorder } from './scan/recorder.js';
import { API_BASE } from '../shared/constants.js';
import type { ApiErrorBody } from '../shared/errors.js';
import { clientTypePlugin } from './api/plugins/clientType.js';
import { dashboardPlugin } from './api/plugins/dashboard.js';
import { errorsPlugin } from './api/plugins/errors.js';
import { jsonBodyPlugin } from './api/plugins/jsonBody.js';
import { sessionPlugin } from './api/plugins/session.js';
import { analyticsRoutes } from './api/routes/analytics.js';
import { actionRoutes } from './api/routes/actions.js';
import { advertisementRoutes } from './api/routes/advertisements.js';
import { auditLogRoutes } from './api/routes/auditLogs.js';
import { authRoutes } from './api/routes/auth.js';
import { converterRoutes } from './api/routes/converter.js';
import { customerRoutes } from './api/routes/customers.js';
import { fileRoutes } from './api/routes/files.js';
import { projectRoutes } from './api/routes/projects.js';
import { qrCodeRoutes } from './api/routes/qrCodes.js';
import { qrCodeTemplateRoutes } from './api/routes/qrCodeTemplates.js';
import { registrationRoutes } from './api/routes/registration.js';
import { selfRoutes } from './api/routes/self.js';
import { themeRoutes } from './api/routes/themes.js';
import { shortLinkRoutes } from './api/routes/shortLinks.js';
import { labelRoutes } from './api/routes/labels.js';
import { trashRoutes } from './api/routes/trash.js';
import { userRoutes } from './api/routes/users.js';
import { inviteRoutes } from './api/routes/invites.js';
import { bulkRoutes } from './api/routes/bulk.js';
import { pageRoutes } from './api/routes/pages.js';
import { pageAnalyticsRoutes } from './api/routes/pageAnalytics.js';
import { apiKeyRoutes } from './api/routes/apiKeys.js';
import { webhookRoutes } from './api/routes/webhooks.js';
import { importRoutes } from './api/routes/imports.js';
import { ImportJobs } from './import/jobs.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhooks/dispatcher.js';
import { itemPresenter } from './services/webhookPayloads.js';
import { PageAnalyticsSettings } from './services/pageAnalytics.js';
import { WhiteLabelHosts, WhiteLabelService } from './services/whiteLabel.js';
import { whiteLabelRoutes } from './api/routes/whiteLabel.js';
import { billingRoutes } from './api/routes/billing.js';
import { limitRoutes } from './api/routes/limits.js';
import { ScanLimitNotices } from './services/limits.js';
import { stripeWebhookRoutes } from './api/routes/stripeWebhook.js';
import { accountGuardPlugin } from './api/plugins/accountGuard.js';
import { openApiPlugin, schemaValidationPlugin } from './api/openapi.js';
import { BillingService } from './services/billing.js';
import { paymentProviderOf } from './services/payments.js';
import { VatChecker } from './services/vatCheck.js';
import { pageAnalyticsOrigin } from '../shared/schemas/pageAnalytics.js';
import { createMetrics } from './ops/metrics.js';
import { opsRoutes, recordRequestMetrics, type ReadinessCheck } from './ops/routes.js';
import { EventBus } from './events/bus.js';
import { eventChannelOf, RedisEventRelay } from './events/redisRelay.js';
import { RedisLiveCounts, type LiveMinute } from './scan/liveCounts.js';
import { DailySeed, RedisSeedStore } from './scan/dailySeed.js';
import { WritePath } from './services/unitOfWork.js';
import { registerRateLimits } from './rateLimits.js';
import { FONT_PATH, fontRoutes } from './fonts.js';
import { ReadPool, type ReadPoolOptions } from './services/readPool.js';
import { restoreFastStringPrototype } from './v8Shapes.js';

/** One route of the app, as registered (path parameters as `:name`). */
export interface RouteEntry {
  method: string;
  url: string;
  /** Its declared answers by status code (the zod schemas of openapi.ts), when it has any. */
  response?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this app registered: for the API's own checks (fuzzing, documentation). */
    routeTable: RouteEntry[];
    /** The app's domain events (published after each committed change). */
    events: EventBus;
    /** The only way to change data: units of work that audit and publish. */
    writePath: WritePath;
    /** Buffers scans and writes them in batches (flush() writes what is pending now). */
    scanRecorder: ScanRecorder;
    /** The live view: counted scans per minute of the last minutes, of every process. */
    liveScans: (projectId: string) => Promise<LiveMinute[]>;
    /** Mails customer admins at 80 % and 100 % of their scans (check() runs on a timer). */
    scanNotices: ScanLimitNotices;
    /** Queues webhook deliveries after each committed change and sends them on its own timer. */
    webhooks: WebhookDispatcher;
    /** Checks link destinations in the background (issue 16 part 5; runNow() for tests). */
    destinationHealth: JobTimer & { checker: DestinationHealthChecker };
    /** Statistics and list reads, off the scan path's thread on SQLite (services/readPool.ts). */
    reads: ReadPool;
  }
}

/** How often the scan limit mails are checked. */
const SCAN_NOTICE_INTERVAL_MS = 5 * 60 * 1000;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Outgoing mail; defaults to SMTP_URL or the log. Tests pass a recorder. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** How the scan recorder batches (tests write at once). */
  recorder?: RecorderOptions;
  /** How often webhooks are sent and retried (tests shorten it). */
  webhooks?: WebhookDispatcherOptions;
  /** The statistics readers (tests read at their own priority: on a busy machine nice 19 waits). */
  reads?: ReadPoolOptions;
}

/** The path part of the scan base URL ('/s' by default); '' when scans own a host of their own. */
export function scanPrefixOf(scanBaseUrl: string): string {
  try {
    return new URL(scanBaseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '/s';
  }
}

export async function buildApp({
  config,
  db,
  mailer,
  logger = false,
  recorder,
  webhooks,
  reads: readerOptions,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Every module the app imports is loaded by now, ioredis among them.
  restoreFastStringPrototype();
  const scanPrefix = scanPrefixOf(config.scanBaseUrl);
  // A white-label hostname serves scans at its root: https://brand.example/{code} is the scan
  // service's {scan prefix}/{code}. Operations endpoints stay where they are.
  const whiteLabelHosts = new WhiteLabelHosts(db);
  await whiteLabelHosts.load();
  const app = Fastify({
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      if (!scanPrefix || url.startsWith(`${scanPrefix}/`)) return url;
      const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      if (!whiteLabelHosts.has(host) || /^\/(healthz|readyz|metrics)\b/.test(url)) return url;
      // A landing page's font is ours on every host.
      if (FONT_PATH.test(url)) return url;
      return `${scanPrefix}${url}`;
    },
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path that cannot be decoded, or an id longer than any of ours, names nothing we have:
    // answer like any unknown id, in the API's error body, instead of the router's own.
    frameworkErrors: (_error, _request, reply: FastifyReply) =>
      reply
        .code(404)
        .send({ errors: [{ code: 'not_found', detail: 'Not found' }] } satisfies ApiErrorBody),
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          response: route.schema?.response as RouteEntry['response'],
        });
    }
  });
  const deps = { db, config, mailer: mailer ?? createMailer(config.smtpUrl, app.log) };

  // The write path and its events: subscribers keep caches right after every committed change,
  // and with Redis the changes of every other process arrive too.
  const events = new EventBus((error) => app.log.error({ err: error }, 'event subscriber failed'));
  app.decorate('events', events);
  app.decorate('writePath', new WritePath(db, events));
  const reads = new ReadPool(db, readerOptions);
  app.decorate('reads', reads);
  app.addHook('onReady', async () => reads.warm());
  app.addHook('onClose', () => reads.close());
  // Customer admins hear once when their scans reach 80 % and 100 % (scans never stop a redirect).
  const scanNotices = new ScanLimitNotices(
    db,
    app.writePath,
    deps.mailer,
    config.publicUrl,
    config.environment,
  );
  app.decorate('scanNotices', scanNotices);
  const scanNoticeTimer = setInterval(() => {
    scanNotices
      .check()
      .catch((error) => app.log.error({ err: error }, 'scan limit notices failed'));
  }, SCAN_NOTICE_INTERVAL_MS);
  scanNoticeTimer.unref();
  app.addHook('onClose', async () => clearInterval(scanNoticeTimer));
  const readinessChecks: ReadinessCheck[] = [];
  let relay: RedisEventRelay | null = null;
  if (config.redisUrl) {
    const started = await RedisEventRelay.start(config.redisUrl, events, {
      channel: eventChannelOf(config),
      onError: (error) => app.log.warn({ err: error }, 'redis: event relay'),
    });
    relay = started;
    app.addHook('onClose', () => started.close());
    readinessChecks.push({ name: 'redis', check: () => started.ping() });
  }
  // One seed a day for every visitor hash (unique visitors, A/B splits), agreed through Redis so
  // every process gives a visitor the same split version (scan/dailySeed.ts).
  const seed = new DailySeed(
    relay ? new RedisSeedStore(relay.commands, eventChannelOf(config)) : null,
    (error) => app.log.warn({ err: error }, 'redis: daily seed'),
  );
  await seed.start();
  app.addHook('onClose', async () => seed.stop());
  const logReloadError = (error: unknown) =>
    app.log.error({ err: error }, 'could not reload after a change');
  whiteLabelHosts.follow(events, logReloadError);

  errorsPlugin(app);
  jsonBodyPlugin(app);

  // Liveness, readiness and metrics for operators, outside the API base (docs/deploy.md).
  const metrics = createMetrics();
  opsRoutes(app, { db, metrics, readinessChecks, metricsToken: config.metricsToken });

  // The scan service is the hot public path: it sets its own security headers (each landing page
  // has its own CSP), reads no cookies, and scans are recorded in the database, so it stays outside
  // the dashboard's plugins and logs only warnings instead of two lines per request.
  // Enumeration limits (unknown codes, wrong tokens), shared through Redis when configured.
  await registerRateLimits(app, config.redisUrl);

  // Webhooks leave from the committed changes and the written scans, on the dispatcher's timer.
  const webhookDispatcher = new WebhookDispatcher(
    db,
    {
      allowPrivate: config.webhookAllowPrivate,
      metrics,
      onError: (error, what) => app.log.error({ err: error }, `webhooks: ${what} failed`),
      present: itemPresenter(db, config),
    },
    webhooks,
  );
  app.decorate('webhooks', webhookDispatcher);
  const stopFollowing = webhookDispatcher.start(events);
  app.addHook('onClose', async () => {
    stopFollowing();
    await webhookDispatcher.close();
  });

  // Import jobs run in the background of this instance; closing stops them between rows.
  const importJobs = new ImportJobs();
  app.decorate('imports', importJobs);
  app.addHook('onClose', () => importJobs.close());

  // With Redis the live view counts the scans of every process (scan/liveCounts.ts).
  const liveCounts = relay
    ? new RedisLiveCounts(relay.commands, eventChannelOf(config), (error) =>
        app.log.warn({ err: error }, 'redis: live counts'),
      )
    : null;
  const scanRecorder = createScanRecorder(db, {
    seed,
    onError: (error) => {
      metrics.scanBufferDepth.set(scanRecorder.pending);
      app.log.error({ err: error }, 'scan recorder: write failed, will retry');
    },
    onWritten: (rows) => {
      metrics.scansRecorded.inc(rows.length);
      metrics.scanBufferDepth.set(scanRecorder.pending);
      webhookDispatcher.scansWritten(rows);
      liveCounts?.written(rows);
    },
    ...recorder,
  });
  app.decorate('scanRecorder', scanRecorder);
  app.decorate('liveScans', async (projectId: string) => {
    const window = scanRecorder.recentMinutes(projectId);
    if (!liveCounts) return window;
    // Redis unreachable: this process's own scans rather than an error.
    return liveCounts.minutes(projectId, window).catch((error: unknown) => {
      app.log.warn({ err: error }, 'redis: live counts');
      return window;
    });
  });
  // A project's zone changed (here or in another process): its next scans count in the new one.
  events.subscribe((changes) => {
    for (const change of changes) {
      if (change.type === 'project' && change.action === 'updated') {
        for (const id of change.ids) scanRecorder.forgetTimeZone(id);
      }
    }
  });
  // Daily: raw scans past each customer's retention go, in small batches (rollups stay).
  const scanMaintenance = startScanMaintenance(db, (error) =>
    app.log.error({ err: error }, 'scan retention failed, will retry tomorrow'),
  );
  app.addHook('onClose', async () => scanMaintenance.stop());
  // Hourly: link destinations are checked, never on the scan path; a failing one warns and mails.
  const healthChecker = new DestinationHealthChecker(db, app.writePath, deps.mailer, {
    ...DEFAULT_HEALTH_OPTIONS,
    allowPrivate: config.linkCheckAllowPrivate,
    publicUrl: config.publicUrl,
    environment: config.environment,
    onError: (error) => app.log.warn({ err: error }, 'destination check failed'),
  });
  const healthTimer = healthChecker.start();
  app.decorate('destinationHealth', { ...healthTimer, checker: healthChecker });
  app.addHook('onClose', async () => healthTimer.stop());
  await app.register(scanPlugin, {
    prefix: scanPrefix,
    db,
    config,
    events,
    recorder: scanRecorder,
    metrics,
    logLevel: 'warn',
  });

  // The theme fonts landing pages use, from our own origin (no request to Google).
  fontRoutes(app, {
    cacheDir: path.join(config.dataDir, 'fonts'),
    googleFontsUrl: config.googleFontsUrl,
  });

  // The dashboard's page-view tracker, read before the first page so its CSP can name it.
  const pageAnalytics = new PageAnalyticsSettings(db);
  await pageAnalytics.load();
  pageAnalytics.follow(events, logReloadError);

  // Dashboard and API: security headers, cookies, the API routes and the built files.
  await app.register(async (web) => {
    await web.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The QR scan test decodes in the browser with WebAssembly (zxing-wasm); this allows
          // compiling wasm, not JavaScript eval.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // emotion (MUI) injects <style> elements at run time. The theme editor's preview (a
          // srcdoc frame, which inherits this policy) loads the theme's font from our /fonts/.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Page views go to the tracker a platform admin configured, and nowhere when none is.
          connectSrc: [
            () => ["'self'", pageAnalyticsOrigin(pageAnalytics.cached())].filter(Boolean).join(' '),
          ],
          // On plain http (a LAN install) upgrading would break every subresource.
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies ? undefined : false,
    });
    await web.register(fastifyCookie);
    // The OpenAPI document and its reference page describe the routes registered after this.
    await openApiPlugin(web);
    // Latency by route for the dashboard and API; the scan path counts scans instead, so its hot
    // loop pays for no histogram.
    recordRequestMetrics(web, metrics);

    const billing = new BillingService(
      db,
      await paymentProviderOf(config),
      new VatChecker(db, config.viesUrl),
      config.publicUrl,
    );
    stripeWebhookRoutes(web, deps, billing);

    await web.register(
      async (api) => {
        clientTypePlugin(api);
        sessionPlugin(api, deps);
        accountGuardPlugin(api, deps);
        // After the account guard: a route's schema refuses bad input after its permission check.
        schemaValidationPlugin(api);
        authRoutes(api, deps);
        selfRoutes(api, deps);
        registrationRoutes(api, deps);
        projectRoutes(api, deps);
        customerRoutes(api, deps);
        userRoutes(api, deps);
        inviteRoutes(api, deps);
        auditLogRoutes(api, deps);
        analyticsRoutes(api, deps);
        actionRoutes(api, deps);
        qrCodeRoutes(api, deps);
        qrCodeTemplateRoutes(api, deps);
        trashRoutes(api, deps);
        shortLinkRoutes(api, deps);
        labelRoutes(api, deps);
        fileRoutes(api, deps);
        converterRoutes(api, deps);
        themeRoutes(api, deps);
        advertisementRoutes(api, deps);
        bulkRoutes(api, deps);
        pageRoutes(api, deps);
        pageAnalyticsRoutes(api, deps, pageAnalytics);
        apiKeyRoutes(api, deps);
        webhookRoutes(api, deps);
        importRoutes(api, deps);
        whiteLabelRoutes(api, deps, new WhiteLabelService(db, config, whiteLabelHosts));
        billingRoutes(api, deps, billing);
        limitRoutes(api, deps);
        api.setNotFoundHandler((_request, reply) =>
          reply
            .code(404)
            .send({ errors: [{ code: 'not_found', detail: 'Not found' }] } satisfies ApiErrorBody),
        );
      },
      { prefix: API_BASE },
    );

    await dashboardPlugin(web, { dashboardDir: config.dashboardDir, scanPrefix });
  });
  return app;
}
