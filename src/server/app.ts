import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { z } from 'zod';
import { accessLogRoutes } from './access-log/routes';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token';
import { secureScope, type DeclaredRoute } from './auth/secure-plugin';
import { dataAccess } from './data/access';
import { createIdentityCache } from './auth/identity-cache';
import { installAuditHooks } from './audit/hooks';
import { createObjectStorage } from './adapters/object-storage';
import { createNpiLookup } from './adapters/npi';
import { createPassAdapter } from './adapters/pass';
import { cspDirectives } from './http/csp';
import { installSecurityHeaders, sendsHsts } from './http/security-headers';
import { bookingRoutes } from './bookings/routes';
import { chartNoteRoutes } from './chart-notes/routes';
import { clinicianRoutes } from './clinician/routes';
import { templateRoutes } from './clinician/templates';
import { cmsContentService, localContentService } from './adapters/content';
import { dashboardRoutes } from './dashboard/routes';
import { fileRoutes } from './files/routes';
import { signedFileRoute } from './files/signed-route';
import { kitRoutes } from './kits/routes';
import { labRoutes } from './lab/routes';
import multipart from '@fastify/multipart';
import { MAX_RESULT_PDF_BYTES } from '../domain/files/files';
import { orderRoutes } from './orders/routes';
import { patientRoutes } from './patients/routes';
import type { ServerConfig } from './config';
import { installErrorHandlers } from './errors';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { installZodCompilers } from './http/validation';
import { installIdempotency } from './http/idempotency';
import { installRateLimit } from './http/rate-limit';
import { trustProxyHops } from './http/client-address';
import { createResponseCache, type ResponseCacheStats } from './http/response-cache';
import { registerCompression, registerPortalStatic } from './http/static-assets';
import { accountRoutes } from './clinician/account';
import { createMailer } from './adapters/mail';
import { createIdentityAdmin } from './adapters/identity';
import { signUpRoutes } from './clinician/sign-ups';
import { createTranscriptionEngine } from './adapters/transcription';
import { DEFAULT_AUDIO_RETENTION_DAYS, followUpCalendarUrls } from './config';
import { DEFAULT_SHUTDOWN } from './http/graceful-shutdown';
import { startJobQueue } from './jobs/queue';
import { transcriptionRoutes } from './transcription/routes';
import { messageRoutes } from './messages/routes';
import { createCommerce } from './adapters/commerce';
import { superAdminRoutes } from './super-admin/routes';
import { transcriptionWorker } from './transcription/worker';
import { DEFAULT_IDLE } from '../domain/shared/session';
import { tokenizerSettingsSchema } from '../domain/payments/payment';
import { createPaymentGateway, tokenizerSettings } from './adapters/payments';
import { paymentRoutes } from './payments/routes';
import { createPrescribing, localFillStepSeconds, prescribingPortalConfig, startLocalPharmacy } from './adapters/prescribing';
import { prescriptionRoutes } from './prescriptions/routes';
import { prescribingPortalConfigSchema } from '../domain/prescriptions/prescriptions';
import { createLiveHub } from './live/hub';
import { createDocumentsCache } from './bookings/documents-cache';
import { liveRoutes } from './live/routes';
import { breakGlassRoutes } from './break-glass/routes';
import { BREAK_GLASS } from '../domain/break-glass/break-glass';
import { clientErrorRoutes } from './client-errors/routes';
import { healthRoutes } from './http/health';
import { createMetrics, installMetrics } from './http/metrics';
import { installRequestTracing } from './http/tracing';

declare module 'fastify' {
  interface FastifyInstance {
    /** The secure scope's routes with their access declarations (the route matrix test walks them). */
    declaredRoutes: DeclaredRoute[];
    /** The response cache's hits and computed answers since start (http/response-cache.ts). */
    responseCacheStats: Readonly<ResponseCacheStats>;
  }
}

export interface AppDeps {
  config: ServerConfig;
  pool: Pool;
  verifier?: TokenVerifier;
  logger?: boolean;
  /** Where the log lines go when logging (standard output by default); tests read what the server logs. */
  logStream?: { write(line: string): void };
}

/** Builds the Fastify app: plugins, the /secure hooks, every feature's routes, and the portal's static files. */
export async function buildApp({ config, pool, verifier, logger = true, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          // Never log tokens, bodies or query strings (they can carry PHI).
          serializers: {
            req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url.split('?')[0], reqId: req.id }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
        }
      : false,
    genReqId: () => randomUUID(),
    trustProxy: trustProxyHops(config.trustProxyHops ?? 0), // req.ip: the socket's, or the one the trusted proxies saw
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  installZodCompilers(app);
  installErrorHandlers(app, !!config.staticDir);

  installSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    hsts: sendsHsts(config.mode),
  });
  // One budget per client (signed-in user, else address) shared by every instance, in PostgreSQL (http/rate-limit.ts).
  const countRequest = await installRateLimit(app, { pool, max: config.rateLimitPerMinute });
  // Metrics of every request (route pattern, never the URL); GET /metrics only with its token (http/metrics.ts).
  // Per-instance cache of list answers, never older than the database at the request's arrival (http/response-cache.ts).
  const responses = createResponseCache(pool);
  let liveSubscribers = () => 0;
  const metrics = createMetrics({ pool, liveSubscribers: () => liveSubscribers(), cacheStats: responses.stats });
  if (config.metricsToken) installMetrics(app, metrics, config.metricsToken);
  if (config.otelEndpoint) await installRequestTracing(app); // spans only when an exporter is configured
  await app.register(swagger, {
    openapi: {
      info: { title: 'Clinician portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await installAuditHooks(app, { pool });
  // The portal's files (pre-compressed twins, immutable hashed assets), before compression so that it leaves them alone;
  // then JSON above 1 KiB compressed, brotli or gzip, for every route registered after it (http/static-assets.ts).
  if (config.staticDir) await registerPortalStatic(app, config.staticDir);
  await registerCompression(app);

  app.get(
    '/config.json',
    {
      schema: { hide: true, response: { 200: portalConfigSchema } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        region: config.cognito.region,
        userPoolId: config.cognito.userPoolId,
        userPoolClientId: config.cognito.clientId,
        userPoolEndpoint: config.cognito.endpoint ?? undefined,
        // The emulator has no SRP: local mode signs in with the password flow.
        authFlowType: config.mode === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
        bookingPublicUrl: config.bookingPublicUrl,
        followUpCalendarUrls: config.followUpCalendarUrls ?? followUpCalendarUrls({}, config.bookingPublicUrl),
        idleTimeoutSeconds: (config.idle ?? DEFAULT_IDLE).timeoutSeconds,
        idleWarningSeconds: (config.idle ?? DEFAULT_IDLE).warningSeconds,
        payment: tokenizerSettings(config), // the card tokeniser (public Accept.js key only)
        prescribing: prescribingPortalConfig(config),
      };
    },
  );
  // The API description lists every internal route: published on the local stack only.
  if (config.mode === 'local') app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const storage = createObjectStorage(config);
  const gateway = createPaymentGateway(config);
  // Background jobs (transcription) on PostgreSQL; closing the app stops them (a running job may finish first).
  const jobs = await startJobQueue(pool, {
    onError: (err) => {
      metrics.jobQueueError();
      app.log.error({ err: { message: err.message } }, 'job queue error');
    },
  });
  app.addHook('onClose', async () => jobs.stop(config.shutdown?.timeoutMs ?? DEFAULT_SHUTDOWN.timeoutMs));
  const transcription = { pool, storage, engine: createTranscriptionEngine(config, storage), jobs };
  // E-prescribing: Photon, or the local service whose pharmacy moves orders on through the job queue.
  const prescribing = createPrescribing(config, fetch, jobs);
  if (prescribing.provider === 'local') await startLocalPharmacy({ pool, jobs, stepSeconds: localFillStepSeconds(config) });
  const tokens =
    verifier ??
    createTokenVerifier({
      issuer: config.cognito.issuer,
      jwksUrl: config.cognito.jwksUrl,
      audience: config.cognito.clientId,
    });
  // Every /secure, /api and /default route lives inside this one scope (auth/secure-plugin.ts).
  // Per-instance cache of revocation times and profiles, dropped on every instance by the database's notifications.
  const identities = createIdentityCache(pool, {
    ttlMs: config.identityCacheMs ?? 30_000,
    onError: (err) => app.log.warn({ err: { message: err.message } }, 'identity cache off until its notification connection is back'),
  });
  if ((config.identityCacheMs ?? 30_000) > 0) app.addHook('onReady', () => identities.start());
  app.addHook('onClose', () => identities.close());
  // Live updates: one LISTEN connection per instance, fanned out to the event streams it serves.
  // Its connection also carries the identity-document links' invalidations (bookings/documents-cache.ts).
  const documents = createDocumentsCache();
  const live = createLiveHub(pool, {
    onError: (err) => app.log.warn({ err: { message: err.message } }, 'live updates: notification connection lost'),
    channels: [documents.subscription],
  });
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', () => live.close()); // ends the open streams first: the server waits for open responses
  liveSubscribers = () => live.subscribers;
  app.addHook('onReady', () => responses.start());
  app.addHook('onClose', () => responses.close());
  // Liveness, readiness (database, migrations, every notification connection, job queue) and /health (http/health.ts).
  healthRoutes(app, {
    pool,
    jobs,
    listeners: { live, responses, ...((config.identityCacheMs ?? 30_000) > 0 ? { identity: identities } : {}) },
  });
  const secure = secureScope({ pool, verifier: tokens, identities, countRequest, dataAccess: dataAccess(pool) }, async (scope) => {
    responses.install(scope); // before the routes: lookup after the access checks, kept on a 200
    installIdempotency(scope, { pool }); // routes declaring config.idempotent answer a repeated Idempotency-Key once
    await scope.register(accountRoutes);
    await scope.register(clinicianRoutes);
    // Multipart parsing for every upload route of the scope (lab result PDFs, files, booking identity documents).
    await scope.register(multipart, { limits: { fileSize: MAX_RESULT_PDF_BYTES, files: 1, fields: 5 } });
    await scope.register(labRoutes, { storage });
    await scope.register(dashboardRoutes);
    await scope.register(chartNoteRoutes);
    await scope.register(patientRoutes, {
      storage,
      demoPictures: config.storage.kind === 'local' && config.mode === 'local' ? config.storage.root : null,
    });
    await scope.register(bookingRoutes, { storage, config, documents });
    await scope.register(templateRoutes, {
      npi: createNpiLookup(config),
      content: config.contentUrl ? cmsContentService(config.contentUrl, config.contentToken) : localContentService(pool),
    });
    await scope.register(kitRoutes, { storage, pass: createPassAdapter(config) });
    await scope.register(orderRoutes);
    await scope.register(fileRoutes, { storage });
    await scope.register(transcriptionRoutes, { storage, engine: transcription.engine, jobs });
    await scope.register(messageRoutes, { storage, mailer: createMailer(config) }); // secure messages
    await scope.register(accessLogRoutes); // the PHI access log
    await scope.register(superAdminRoutes, { storage, commerce: createCommerce(config, pool) }); // super-admin panel
    await scope.register(paymentRoutes, { gateway }); // checkout and pay
    await scope.register(prescriptionRoutes, { prescribing, mailer: createMailer(config) }); // e-prescribing
    await scope.register(signUpRoutes, { identity: createIdentityAdmin(config) }); // pending sign-ups into a group
    await scope.register(liveRoutes, { hub: live }); // live updates: GET /secure/events
    await scope.register(breakGlassRoutes, { minutes: config.breakGlassMinutes ?? BREAK_GLASS.defaultMinutes }); // break-glass access
    await scope.register(clientErrorRoutes);
  });
  secure.guardRoot(app);
  await app.register(secure.plugin);
  app.decorate('declaredRoutes', secure.routes);
  app.decorate('responseCacheStats', responses.stats);
  await app.register(signedFileRoute, { storage, pool });
  await transcriptionWorker({
    ...transcription,
    mailer: createMailer(config),
    audioRetentionDays: config.transcription?.audioRetentionDays ?? DEFAULT_AUDIO_RETENTION_DAYS,
    log: app.log,
  }).start();

  return app;
}

const portalConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  userPoolEndpoint: z.string().optional(),
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  bookingPublicUrl: z.string(),
  followUpCalendarUrls: z.object({ NV: z.string(), CO: z.string() }),
  idleTimeoutSeconds: z.number().int(),
  idleWarningSeconds: z.number().int(),
  payment: tokenizerSettingsSchema,
  prescribing: prescribingPortalConfigSchema,
});
