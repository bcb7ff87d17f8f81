import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders, sendsHsts } from './security-headers';

async function appWith(hsts: boolean) {
  const app = Fastify();
  installSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameSrc: ['https://book.example.com'] } }, hsts });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

describe('installSecurityHeaders', () => {
  it('sets the configured policy on a route, a thrown error and a missing route', async () => {
    const app = await appWith(false);
    for (const [url, status] of [
      ['/ok', 200],
      ['/fails', 500],
      ['/missing', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy'], url).toMatch(/^default-src 'self';.*;frame-src https:\/\/book\.example\.com$/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('sends HSTS when asked (production)', async () => {
    const app = await appWith(true);
    const res = await app.inject({ method: 'GET', url: '/ok' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('HSTS in production: the production mode, or NODE_ENV=production', () => {
    expect(sendsHsts('production', undefined)).toBe(true);
    expect(sendsHsts('local', 'production')).toBe(true);
    expect(sendsHsts('local', 'test')).toBe(false);
    expect(sendsHsts('local', undefined)).toBe(false);
  });
});
