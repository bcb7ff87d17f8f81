import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { installJobQueue } from '../jobs/queue';
import * as schema from './schema';

// DATE columns come back as 'yyyy-mm-dd' strings, not JS Dates shifted by the local time zone.
pg.types.setTypeParser(1082, (v: string) => v);

/** The NOLOGIN group role of the server's runtime login role (created and granted by migration 0012). */
export const APP_GROUP_ROLE = 'portal_app';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * No parallel query: many users' requests already keep every core busy, and a parallel plan starts worker processes
 * for every run of a statement. With 50 users on 2 cores (`npm run bench`, mixed, 50 users) the same load answered
 * 14-20% more requests without it. A session setting given at connection start, so RESET keeps it.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export function createPool(databaseUrl: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, idleTimeoutMillis: 30_000, options: SESSION_OPTIONS });
  pool.on('error', () => undefined); // idle client errors are retried on the next checkout
  return pool;
}

export const drizzleOf = (pool: pg.Pool) => drizzle(pool, { schema });

/** Applies the drizzle migrations and installs the job queue's schema (idempotent). Run it as the owner role, never as
 * the server's runtime role. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  await migrate(drizzleOf(pool), { migrationsFolder: MIGRATIONS_DIR });
  await installJobQueue(pool);
}

/** Migrates with a short-lived owner connection (production start and `npm run migrate`). */
export async function migrateAsOwner(ownerUrl: string): Promise<void> {
  const owner = createPool(ownerUrl, 1);
  try {
    await migrateDatabase(owner);
  } finally {
    await owner.end();
  }
}
