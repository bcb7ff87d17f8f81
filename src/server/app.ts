import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { z } from 'zod';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token';
import { installSecureHooks } from './auth/secure-plugin';
import { createObjectStorage } from './adapters/object-storage';
import { createPassAdapter } from './adapters/pass';
import { cspDirectives } from './http/csp';
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
import { orderRoutes } from './orders/routes';
import { patientRoutes } from './patients/routes';
import type { ServerConfig } from './config';
import { installErrorHandlers } from './errors';
import { installZodCompilers, zodToOpenApi } from './http/validation';

export interface AppDeps {
  config: ServerConfig;
  pool: Pool;
  verifier?: TokenVerifier;
  logger?: boolean;
}

/** Builds the Fastify app: plugins, the /secure hooks, every feature's routes, and the portal's static files. */
export async function buildApp({ config, pool, verifier, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? {
      level: config.logLevel,
      // Never log tokens, bodies or query strings (they can carry PHI).
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url.split('?')[0], reqId: req.id }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    } : false,
    genReqId: () => randomUUID(),
    trustProxy: config.mode === 'production',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  installZodCompilers(app);
  installErrorHandlers(app, !!config.staticDir);

  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    hsts: config.mode === 'production',
  });
  await app.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Clinician portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: zodToOpenApi,
  });

  installSecureHooks(app, { pool, verifier: verifier ?? createTokenVerifier({
    issuer: config.cognito.issuer, jwksUrl: config.cognito.jwksUrl, audience: config.cognito.clientId,
  }) });

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await pool.query('SELECT 1');
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', db: 'unreachable' });
    }
  });
  app.get('/config.json', {
    schema: { hide: true, response: { 200: portalConfigSchema } },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      region: config.cognito.region,
      userPoolId: config.cognito.userPoolId,
      userPoolClientId: config.cognito.clientId,
      userPoolEndpoint: config.cognito.endpoint ?? undefined,
      // The emulator has no SRP: local mode signs in with the password flow.
      authFlowType: config.mode === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
      bookingPublicUrl: config.bookingPublicUrl,
    };
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const storage = createObjectStorage(config);
  clinicianRoutes(app, { pool });
  await labRoutes(app, { pool, storage });
  dashboardRoutes(app, { pool });
  chartNoteRoutes(app, { pool });
  patientRoutes(app, { pool });
  await bookingRoutes(app, { pool, storage, config });
  templateRoutes(app, { pool, content: config.contentUrl ? cmsContentService(config.contentUrl, process.env.CONTENT_TOKEN) : localContentService(pool) });
  signedFileRoute(app, storage);
  kitRoutes(app, { pool, storage, pass: createPassAdapter(config) });
  orderRoutes(app, { pool, config, verifier });
  fileRoutes(app, { pool, storage });

  if (config.staticDir) {
    await app.register(fastifyStatic, { root: config.staticDir, index: ['index.html'], wildcard: false, maxAge: '1h', immutable: false });
  }
  return app;
}

const portalConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  userPoolEndpoint: z.string().optional(),
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  bookingPublicUrl: z.string(),
});
