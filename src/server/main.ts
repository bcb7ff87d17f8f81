import { buildApp } from './app';
import { configFromEnv } from './config';
import { createPool, migrateAsOwner } from './db/client';

/**
 * Production entry: every setting from the environment (see README). Stateless, so it scales out
 * behind a load balancer. DATABASE_URL is the runtime role; when DATABASE_MIGRATION_URL (the owner) is set,
 * migrations run with it at start (idempotent), else `npm run migrate` runs them beforehand.
 */
const config = configFromEnv();
if (process.env.DATABASE_MIGRATION_URL) await migrateAsOwner(process.env.DATABASE_MIGRATION_URL);
const pool = createPool(config.databaseUrl, config.databasePoolSize);
const app = await buildApp({ config, pool });
await app.listen({ host: config.host, port: config.port });

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
