import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { createPool, migrateDatabase } from './db/client';
import { startEmbeddedPostgres } from './launcher/postgres';

/**
 * `npm run build:server`'s last step: writes dist-server/openapi.json, the API description of exactly the routes the
 * built server has. The app is built (never listening) on a throw-away migrated database, because building it checks
 * the runtime role and starts the job queue; the description itself comes from app.swagger().
 */
const out = path.resolve(process.argv[2] ?? 'dist-server/openapi.json');
const scratch = await mkdtemp(path.join(tmpdir(), 'portal-openapi-'));
const db = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'postgres'), unsafeNoDurabilityForTests: true });
try {
  await db.ensureDatabase('portal');
  const owner = createPool(db.urlFor('portal'), 1);
  await migrateDatabase(owner).finally(() => owner.end());
  const config = configFromEnv({
    PORTAL_MODE: 'local',
    COGNITO_USER_POOL_ID: 'openapi',
    COGNITO_CLIENT_ID: 'openapi',
    DATABASE_URL: db.runtimeUrlFor('portal'),
    OBJECT_STORAGE_DIR: path.join(scratch, 'objects'),
    IDENTITY_CACHE_MS: '0',
    LOG_LEVEL: 'silent',
  });
  const pool = createPool(config.databaseUrl, 2);
  const app = await buildApp({ config, pool, logger: false });
  await app.ready();
  await writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await pool.end();
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await db.stop();
  await rm(scratch, { recursive: true, force: true });
}
