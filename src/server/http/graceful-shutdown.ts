import type { FastifyInstance } from 'fastify';

/** How one API instance stops (SHUTDOWN_DRAIN_MS, SHUTDOWN_TIMEOUT_MS). */
export interface ShutdownSettings {
  /** How long /health and /health/ready answer 503 while requests are still served, so a load balancer stops routing here first. */
  drainMs: number;
  /** How long requests in flight may take to finish once the listener is closed; after that they are cut. */
  timeoutMs: number;
}

export const DEFAULT_SHUTDOWN: ShutdownSettings = { drainMs: 0, timeoutMs: 10_000 };

export interface GracefulShutdown {
  readonly draining: boolean;
  /** Runs the shutdown once (later calls get the same promise); true when nothing had to be cut. */
  run(): Promise<boolean>;
}

/**
 * Graceful shutdown of one API instance (a rolling restart behind a load balancer, Ctrl-C on `npm start`):
 * 1. draining: /health and /health/ready answer 503 (/health/live still 200: the process is fine) and every response carries `Connection: close`, for `drainMs`, while requests are
 *    still served, so the balancer takes this instance out before it stops listening;
 * 2. `app.close()`: no new connections, idle keep-alive connections closed, requests in flight finish, then the
 *    app's onClose hooks (the audit sealer's last round; the job queue stops fetching, a running job may finish
 *    within `timeoutMs`, else it is failed and retried by the next instance);
 * 3. after `timeoutMs`, connections still open are cut (the answer is then false);
 * 4. `closers` run last, in order: the database pool.
 */
export function installGracefulShutdown(app: FastifyInstance, settings: ShutdownSettings, closers: Array<() => Promise<unknown>>): GracefulShutdown {
  let draining = false;
  let running: Promise<boolean> | null = null;

  app.addHook('onRequest', async (req, reply) => {
    if (!draining) return;
    if (req.routeOptions.url === '/health') return reply.code(503).send({ status: 'draining' });
    if (req.routeOptions.url === '/health/ready') return reply.code(503).send({ status: 'draining', failing: ['draining'] });
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  async function shutdown(): Promise<boolean> {
    draining = true;
    app.log.info({ drainMs: settings.drainMs, timeoutMs: settings.timeoutMs }, 'shutting down: draining');
    if (settings.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.drainMs));
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      app.log.warn('shutdown timeout: cutting the connections still open');
      app.server.closeAllConnections();
    }, settings.timeoutMs);
    try {
      await app.close();
    } finally {
      clearTimeout(deadline);
    }
    for (const close of closers) await close();
    app.log.info({ clean: !cut }, 'shut down');
    return !cut;
  }

  return {
    get draining() {
      return draining;
    },
    run: () => (running ??= shutdown()),
  };
}

/**
 * Calls `stop` on the first SIGTERM or SIGINT and exits with 0 when it reports a clean stop (1 otherwise, or when it
 * throws). A second signal while stopping exits at once with 1.
 */
export function exitOnStopSignal(stop: () => Promise<boolean>, onError: (err: unknown) => void = console.error): void {
  let stopping = false;
  const handle = () => {
    if (stopping) process.exit(1);
    stopping = true;
    stop().then(
      (clean) => process.exit(clean ? 0 : 1),
      (err) => {
        onError(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
