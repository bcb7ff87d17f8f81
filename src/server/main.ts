import { buildApp } from './app';
import { configFromEnv } from './config';
import { createPool, migrateDatabase } from './db/client';

/**
 * Production entry: every setting from the environment (see README). Stateless, so it scales out
 * behind a load balancer; migrations run at start (idempotent).
 */
const config = configFromEnv();
const pool = createPool(config.databaseUrl, config.databasePoolSize);
await migrateDatabase(pool);
const app = await buildApp({ config, pool });
await app.listen({ host: config.host, port: config.port });

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
