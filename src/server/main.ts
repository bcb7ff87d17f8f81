import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, configFromEnv, type ServerConfig } from './config';
import { createPool, migrateAsOwner } from './db/client';
import { runPrimary, workerCount } from './http/cluster';
import { DEFAULT_SHUTDOWN, exitOnStopSignal, installGracefulShutdown } from './http/graceful-shutdown';
import { processLogger } from './http/process-log';
import { startTracing } from './http/tracing';

/**
 * Production entry: every setting from the environment (see README). Stateless, so it scales out
 * behind a load balancer. DATABASE_URL is the runtime role; when DATABASE_MIGRATION_URL (the owner) is set,
 * migrations run with it at start (idempotent), else `npm run migrate` runs them beforehand.
 * SIGTERM (or SIGINT) drains and stops gracefully and exits 0 (see http/graceful-shutdown.ts).
 * WEB_CONCURRENCY > 1 (or auto: one per core): a primary migrates once and runs that many workers on the port.
 */
const role = cluster.isPrimary ? 'primary' : 'worker';
let config: ServerConfig;
try {
  config = configFromEnv();
} catch (err) {
  // Every problem at once, each naming its variable: one fix round, not one per restart. Whatever LOG_LEVEL says.
  processLogger(role, 'info').fatal(
    { problems: err instanceof ConfigError ? err.problems : [(err as Error).message] },
    'configuration refused: not starting',
  );
  process.exit(1);
}
const log = processLogger(role, config.logLevel);
const workers = workerCount(process.env.WEB_CONCURRENCY);
if (cluster.isPrimary && process.env.DATABASE_MIGRATION_URL) await migrateAsOwner(process.env.DATABASE_MIGRATION_URL);
if (cluster.isPrimary && workers > 1) {
  log.info({ workers }, 'starting workers');
  runPrimary(workers, (msg) => log.warn(msg));
} else {
  // Traces only when an exporter is configured (before the app loads: the instrumentation patches its modules).
  if (config.otelEndpoint) await startTracing(config.otelEndpoint);
  // The stop handlers come before the app is built: a SIGTERM while it is being built is kept, and the worker stops
  // once the build is done instead of listening.
  let stopping = false;
  const startup = (async () => {
    const pool = createPool(config.databaseUrl, config.databasePoolSize);
    const app = await buildApp({ config, pool });
    // The job queue joins these closers once there is one.
    const shutdown = installGracefulShutdown(app, config.shutdown ?? DEFAULT_SHUTDOWN, [() => pool.end()]);
    if (!stopping) await app.listen({ host: config.host, port: config.port });
    return shutdown;
  })();
  exitOnStopSignal(
    async () => {
      stopping = true;
      return (await startup).run();
    },
    (err) => log.error({ err: { message: (err as Error).message } }, 'shutdown failed'),
  );
  await startup;
}
