import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/client';
import { usePhiKeyring } from './db/phi-column';
import { assertPhiKeysKnown, sealPhiColumns } from './db/phi-seal';
import { indexPhones } from './db/phone-index';
import { clinicianInvitationRoutes, clinicRoutes } from './features/clinicians';
import { adminInvitationRoutes } from './features/staff';
import { receiptFileRoutes } from './features/expenses';
import { adminRoutes } from './plugins/admin-api';
import { authRoutes } from './features/auth/routes';
import { billingRoutes } from './features/billing/routes';
import { createSandboxGateway } from './features/billing/sandbox-gateway';
import { mailAttachments } from './features/billing/receipts.service';
import { ensureBootstrapAdmin } from './features/auth/bootstrap-admin.service';
import { createCaptchaService } from './features/captcha';
import { accountDeletionRoutes } from './features/account-deletion';
import { contactRoutes } from './features/contact/routes';
import { createDataExportWorker, dataExportRoutes } from './features/data-export';
import { captchaRoutes } from './features/captcha/routes';
import { createGeoService } from './features/geo';
import { geoRoutes } from './features/geo/routes';
import { healthRoutes } from './features/health/routes';
import { healthHistoryRoutes } from './features/health-history/routes';
import { householdRoutes } from './features/household';
import { metricsRoutes } from './features/metrics/routes';
import { createMetrics, type Metrics } from './features/metrics/service';
import { createReadiness } from './features/health/service';
import { createMailDelivery } from './features/mail/delivery';
import { mailboxRoutes } from './features/mail/routes';
import { mailTemplates } from './features/mail/templates';
import { planRoutes } from './features/plans/routes';
import { smsRoutes } from './features/sms/routes';
import { createSmsGateway, createTextMessages } from './features/sms/service';
import { siteRoutes } from './features/site/routes';
import { userRoutes } from './features/users/routes';
import { clinicVisitRoutes, visitRoutes, visitSummaryRoutes } from './features/visits';
import { videoRoutes } from './features/video';
import { startAuditAnchorSchedule } from './jobs/audit-anchor';
import { startBillingSchedule } from './jobs/billing';
import { startHousekeepingSchedule } from './jobs/housekeeping';
import { startVisitSchedule } from './jobs/visits';
import { lazyChildLogger, loggerSettings, logTransport } from './lib/logging';
import { registerAuditTrail } from './plugins/audit';
import { fileAnchorStore, useAuditKey } from './features/audit';
import { createPhiKeyring } from './lib/phi-cipher';
import { openLimits, type Limits } from './lib/limits';
import { openLiveBus, type LiveBus } from './lib/live/bus';
import { isEventStream, registerEventStreams } from './lib/live/event-stream';
import { createObjectStorage, s3UploadOrigin } from './lib/storage/storage';
import { registerAuth } from './plugins/auth';
import { registerClientIp } from './plugins/client-ip';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp, webAppInlineSources } from './plugins/web-app';

export interface BuildOptions {
  /** Start the outbox worker loop (off in tests, which call deliverDue themselves). */
  startWorkers?: boolean;
  /** Serve the built web app from this folder; default apps/web/dist when it exists. */
  webDist?: string | null;
  /** Where logs go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Runs after the server has closed its database (tests drop their schema here). */
  onClose?: () => Promise<void>;
  /** Sees every route as it is added (tests walk the whole route list with it). */
  onRoute?: (route: RouteOptions) => void;
  /** A data directory for an embedded database in memory to start from (tests start each from one migrated copy). */
  pgliteStartFrom?: Blob;
}

export type App = FastifyInstance & {
  ctx: AppContext;
  /** The Prometheus endpoint's own server, for METRICS_PORT (server.ts listens on it), or null. */
  metricsServer: FastifyInstance | null;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The Fastify instance the server is built on, before any plugin or route: its trust in proxies, body
 * limit, timeouts, logger and the zod compilers. Tests of one plugin start their bare servers from it too
 * (test/bare-app.ts), so they see requests as the whole server does.
 */
export function createFastify(config: Config, logStream?: NodeJS.WritableStream) {
  const { trustProxy, timeouts } = config;
  const app = Fastify({
    // Fastify's types lack the hop count it accepts; the same rule as a function: believe that many hops.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 256 * 1024,
    // A client that sends its request or its headers too slowly gets 408 and loses the connection, so
    // a trickle cannot hold one open; an idle kept-alive connection is closed too.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node checks both timeouts on a timer, every 30 s by default: every tenth of the shorter one keeps them close.
      connectionsCheckingInterval: Math.ceil(Math.min(timeouts.headersMs, timeouts.requestMs) / 10),
    },
    // A request that arrives on an open connection while the server stops is answered (with
    // `Connection: close`) rather than refused: /health/ready then says not ready.
    return503OnClosing: false,
    // plugins/request-log.ts logs what matters instead of two lines per request.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    logger: {
      level: config.logLevel,
      // Secrets, card data and health data never reach the logs, whatever a route does.
      ...loggerSettings,
      ...(logStream ? { stream: logStream } : { transport: logTransport(config.env) }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Builds the whole server: database, services, routes and the web pages. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const webDist = options.webDist === undefined ? defaultWebDist : options.webDist;
  // Read before anything opens: a malformed build stops the start without touching the database.
  const inline = webAppInlineSources(webDist);
  const app = createFastify(config, options.logStream);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config, options.pgliteStartFrom);
  } catch (error) {
    await app.close();
    throw error;
  }
  const keyring = createPhiKeyring(config.phiKeys.current, config.phiKeys.older);
  usePhiKeyring(keyring);
  useAuditKey(config.auditKey);
  let limits: Limits;
  try {
    // A wrong key stops the start; rows written before encryption existed are sealed now.
    await assertPhiKeysKnown(handle.db, keyring);
    await sealPhiColumns(handle.db, keyring, 'plain');
    await indexPhones(handle.db);
    limits = await openLimits(
      config.redisUrl
        ? { kind: 'redis', url: config.redisUrl }
        : handle.kind === 'postgres'
          ? { kind: 'postgres', pool: handle.pool }
          : { kind: 'memory' },
      app.log,
    );
  } catch (error) {
    await handle.close();
    await app.close();
    throw error;
  }
  let live: LiveBus;
  try {
    // On the Postgres server every instance hears every other's events; PGlite is one process.
    live = await openLiveBus(
      handle.kind === 'postgres'
        ? { kind: 'postgres', db: handle.db, connectionString: config.databaseUrl! }
        : { kind: 'pglite', db: handle.db, client: handle.client },
      app.log,
    );
  } catch (error) {
    await limits.close();
    await handle.close();
    await app.close();
    throw error;
  }
  const metrics: Metrics | null =
    config.metricsPort === null
      ? null
      : createMetrics({
          db: handle.db,
          log: app.log,
          config,
          pools: handle.kind === 'postgres' ? { main: handle.pool, session: handle.sessionPool } : {},
          // Read on scrape: the streams are registered with the plugins, below.
          openEventStreams: () => app.eventStreams.count(),
        });
  const gateway = createSandboxGateway(handle.db, { latencyMs: config.sandboxLatencyMs, holdFile: config.sandboxHoldFile });
  const mail = createMailDelivery({
    db: handle.db,
    config,
    log: app.log,
    attachments: (letter) => mailAttachments({ db: handle.db, config }, letter),
  });
  const templates = mailTemplates(config.brand, config.appUrl);
  const storage = createObjectStorage(config);
  const ctx: AppContext = {
    config,
    db: handle.db,
    sessionDb: handle.sessionDb,
    log: app.log,
    mail,
    templates,
    sms: createTextMessages({ db: handle.db, gateway: createSmsGateway(config), config, log: app.log }),
    captcha: createCaptchaService({ config, db: handle.db }),
    geo: await createGeoService(),
    gateway: metrics ? metrics.countCharges(gateway) : gateway,
    limits,
    live,
    storage,
    auditAnchors: fileAnchorStore(config.dataDir),
    dataExports: createDataExportWorker({ db: handle.db, config, storage, mail, templates }, app.log),
  };
  app.decorate('ctx', ctx);
  const metricsServer = metrics ? createFastify(config, options.logStream) : null;
  app.decorate('metricsServer', metricsServer);
  app.addHook('onClose', async () => {
    await metricsServer?.close();
    await ctx.mail.stop();
    await ctx.sms.stop();
    await ctx.dataExports.stop();
    await limits.close();
    await live.close();
    await handle.close();
    await options.onClose?.();
  });

  // Third parties appear in the policy only when configured: reCAPTCHA, and the live-chat vendor.
  const recaptcha = config.captcha.mode === 'recaptcha' ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const chat = config.chatWidgetUrl ? [new URL(config.chatWidgetUrl).origin] : [];
  // With S3 storage the browser uploads receipts straight to the bucket's endpoint.
  const objectStore = config.s3 ? [s3UploadOrigin(config.s3)] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages' own inline loader and stylesheets are allowed by their hashes, and nothing else inline.
        scriptSrc: ["'self'", ...inline.scriptSrc, ...recaptcha, ...chat],
        styleSrc: ["'self'", ...inline.styleSrc, ...chat],
        // blob: for a visit's photos, fetched with the session and shown from an object URL of this page.
        imgSrc: ["'self'", 'data:', 'blob:', ...chat],
        connectSrc: ["'self'", ...chat, ...objectStore],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: recaptcha.length + chat.length > 0 ? [...recaptcha, ...chat] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.env === 'production',
  });
  registerErrorHandler(app);
  const readiness = createReadiness(ctx);
  // The first thing a shutdown does: answer not ready, so a load balancer stops sending requests.
  app.addHook('preClose', async () => readiness.drain());
  // Before the routes, and its close hook before the jobs': open streams end as the stop begins.
  registerEventStreams(app);
  registerRequestLog(app, config.slowRequestMs);
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      // A stream's duration is how long the client watched, not how long the server took to answer.
      if (!isEventStream(reply))
        metrics.observeRequest(request.method, request.routeOptions.url ?? null, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  registerClientIp(app);
  registerAuth(app, ctx);
  registerInputGuard(app);
  registerAuditTrail(app, ctx, metrics ? (rows) => metrics.auditWriteFailed(rows) : undefined);
  // The API description comes from the same zod schemas the routes validate with; it sees each route as it is added.
  await registerOpenApi(app, config);

  await app.register(healthRoutes, { readiness });
  await app.register(planRoutes);
  await app.register(siteRoutes, { ctx });
  await app.register(captchaRoutes, { ctx });
  await app.register(geoRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(healthHistoryRoutes, { ctx });
  await app.register(householdRoutes, { ctx });
  const visits = { ...ctx, visitEvents: ctx.live };
  await app.register(visitRoutes, { visits });
  await app.register(visitSummaryRoutes, { visits });
  await app.register(clinicVisitRoutes, { visits, prefix: '/api/clinic' });
  await app.register(videoRoutes, { video: ctx });
  await app.register(contactRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(adminRoutes, { ctx, prefix: '/api/admin' });
  await app.register(clinicianInvitationRoutes, { ctx });
  await app.register(adminInvitationRoutes, { ctx });
  await app.register(clinicRoutes, { ctx, prefix: '/api/clinic' });
  await app.register(receiptFileRoutes, { ctx });
  await app.register(mailboxRoutes, { ctx });
  await app.register(smsRoutes, { ctx });
  await app.register(dataExportRoutes, { ctx });
  await app.register(accountDeletionRoutes, { ctx });

  registerWebApp(app, webDist);

  await ensureBootstrapAdmin(ctx);
  if (options.startWorkers) {
    ctx.mail.start();
    ctx.sms.start();
    ctx.dataExports.start();
    const stopBilling = startBillingSchedule(ctx, metrics ? (summary) => metrics.billingRun(summary) : undefined);
    const stopHousekeeping = startHousekeepingSchedule(ctx);
    const stopAnchoring = startAuditAnchorSchedule(ctx);
    const stopVisits = startVisitSchedule(visits);
    // Told to stop as the shutdown begins, and waited for once the requests under way are answered
    // (this onClose runs before the one above that closes the database): the listener closes meanwhile.
    let jobsStopped: Promise<unknown> = Promise.resolve();
    app.addHook('preClose', async () => {
      jobsStopped = Promise.all([
        stopBilling(),
        stopHousekeeping(),
        stopAnchoring(),
        stopVisits(),
        ctx.mail.stop(),
        ctx.sms.stop(),
        ctx.dataExports.stop(),
      ]);
    });
    app.addHook('onClose', async () => {
      await jobsStopped;
    });
  }
  if (metricsServer && metrics) {
    registerErrorHandler(metricsServer);
    await metricsServer.register(metricsRoutes, { metrics });
    await metricsServer.ready();
  }
  await app.ready();
  return app as unknown as App;
}
