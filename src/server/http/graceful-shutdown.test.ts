import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installGracefulShutdown, type ShutdownSettings } from './graceful-shutdown';

let open: FastifyInstance | null = null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real listening app with /health and a /slow route that answers after `ms`, its shutdown installed. */
async function slowApp(settings: ShutdownSettings, closers: Array<() => Promise<unknown>> = []) {
  const app = Fastify();
  const shutdown = installGracefulShutdown(app, settings, closers);
  app.get('/health', async () => ({ status: 'ok' }));
  app.get<{ Querystring: { ms: string } }>('/slow', async (req) => {
    await sleep(Number(req.query.ms));
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  open = app;
  return { shutdown, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

afterEach(async () => {
  if (open?.server.listening) await open.close();
  open = null;
});

describe('installGracefulShutdown', () => {
  it('lets a request in flight finish, refuses new connections, then runs the closers and reports a clean stop', async () => {
    const closed: string[] = [];
    const { shutdown, url } = await slowApp({ drainMs: 0, timeoutMs: 5_000 }, [
      async () => {
        closed.push('pool');
      },
    ]);
    const inFlight = fetch(`${url}/slow?ms=400`);
    await sleep(100);
    const stopping = shutdown.run();
    await sleep(50);
    await expect(fetch(`${url}/health`)).rejects.toThrow(); // the listener is closed
    expect(closed).toEqual([]); // not before the request in flight is done
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(await stopping).toBe(true);
    expect(closed).toEqual(['pool']);
    expect(shutdown.run()).toBe(stopping); // once
  });

  it('while draining still serves requests, answers /health with 503 and closes each connection after its answer', async () => {
    const { shutdown, url } = await slowApp({ drainMs: 400, timeoutMs: 5_000 });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const stopping = shutdown.run();
    expect(shutdown.draining).toBe(true);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'draining' });
    const served = await fetch(`${url}/slow?ms=10`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect(await stopping).toBe(true);
  });

  it('is bounded: a request still running after timeoutMs is cut and the stop is reported as not clean', async () => {
    const closed: string[] = [];
    const { shutdown, url } = await slowApp({ drainMs: 0, timeoutMs: 300 }, [
      async () => {
        closed.push('pool');
      },
    ]);
    const tooSlow = fetch(`${url}/slow?ms=3000`).then(
      (r) => r.status,
      () => 'cut',
    );
    await sleep(100);
    const started = Date.now();
    expect(await shutdown.run()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await tooSlow).toBe('cut');
    expect(closed).toEqual(['pool']); // the pool is closed all the same
  });
});
