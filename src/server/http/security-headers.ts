import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, COOP, CORP, nosniff, frame options ...) on every answer of `app`: routes, the
 * portal's files, 404s and errors. helmet's middleware is built once here. @fastify/helmet 13 builds it again for each
 * request (its CSP directives parsed every time), which the bench's CPU profile of a cached list read showed as about
 * 4% of the server's time.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}

/**
 * Whether answers carry Strict-Transport-Security: in production, known by the portal's mode (PORTAL_MODE other than
 * local) or by NODE_ENV=production (either one suffices, so a production build never runs without it). The local
 * stack serves plain HTTP on loopback, where browsers ignore the header anyway.
 */
export const sendsHsts = (mode: 'local' | 'production', nodeEnv: string | undefined = process.env.NODE_ENV): boolean =>
  mode === 'production' || nodeEnv === 'production';
