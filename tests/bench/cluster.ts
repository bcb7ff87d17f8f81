/**
 * The API as production runs it on one machine: the production entry (src/server/main.ts) with WEB_CONCURRENCY
 * workers sharing one port (node:cluster, src/server/http/cluster.ts), each with its own pool, identity cache and
 * response cache, on the bench stack's PostgreSQL and identity emulator. The other lines load the API the stack runs
 * inside the bench's own process: one Node process, which under many users is the first thing to run out of CPU.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../../src/server/config';
import { HEALTH_READY } from '../../src/server/http/health';
import { METRICS_PATH } from '../../src/server/http/metrics';
import type { ResponseCacheStats } from '../../src/server/http/response-cache';
import { freePort } from '../../src/server/launcher/ports';

export interface ClusteredApi {
  url: string;
  workers: number;
  /** The primary's process id (its workers are its children): the API's CPU is theirs (cpu.ts). */
  pid: number | undefined;
  /** The response cache's lookups summed over the workers (each has its own cache and its own /metrics). */
  cacheStats(): Promise<ResponseCacheStats>;
  stop(): Promise<void>;
  /** The last resort of an exiting bench: SIGTERM to the primary, which stops its workers; nothing awaited. */
  kill(): void;
}

const READY_TIMEOUT_MS = 60_000;

/** The environment of `npm run serve:production` in local mode, for the stack's own settings. */
function productionEnv(config: ServerConfig, port: number, workers: number, metricsToken: string): NodeJS.ProcessEnv {
  const { DATABASE_MIGRATION_URL: _owner, ...inherited } = process.env;
  if (config.storage.kind !== 'local') throw new Error('the bench stack stores files locally');
  return {
    ...inherited,
    PORTAL_MODE: 'local',
    HOST: '127.0.0.1',
    PORT: String(port),
    WEB_CONCURRENCY: String(workers),
    DATABASE_URL: config.databaseUrl,
    STATIC_DIR: config.staticDir ?? undefined,
    COGNITO_REGION: config.cognito.region,
    COGNITO_USER_POOL_ID: config.cognito.userPoolId,
    COGNITO_CLIENT_ID: config.cognito.clientId,
    COGNITO_LOCAL_ENDPOINT: config.cognito.endpoint ?? undefined,
    COGNITO_ISSUER: config.cognito.issuer,
    COGNITO_JWKS_URL: config.cognito.jwksUrl,
    STORAGE_PROVIDER: 'local',
    OBJECT_STORAGE_DIR: config.storage.root,
    FILE_URL_SECRET: config.storage.secret,
    RATE_LIMIT_PER_MINUTE: String(config.rateLimitPerMinute),
    BOOKING_PUBLIC_URL: config.bookingPublicUrl,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
  };
}

/** Starts the production entry with `workers` processes and waits until each answers ready. */
export async function startClusteredApi(config: ServerConfig, workers: number): Promise<ClusteredApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const metricsToken = randomBytes(24).toString('hex');
  // The bench runs under tsx: the fork (and the primary's own forks) inherit its loader through execArgv.
  const primary: ChildProcess = fork(fileURLToPath(new URL('../../src/server/main.ts', import.meta.url)), [], {
    // The flags of `npm run serve:production` (package.json).
    execArgv: [...process.execArgv, '--enable-source-maps', '--max-semi-space-size=64'],
    env: productionEnv(config, port, workers, metricsToken),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => primary.once('exit', () => resolve()));
  const kill = () => {
    if (primary.exitCode === null && primary.signalCode === null) primary.kill('SIGTERM');
  };
  const stop = async () => {
    kill();
    await exited;
  };
  try {
    // Readiness over fresh connections: the primary hands connections to the workers in turn, so `workers` ready
    // answers in a row are every worker's.
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (let ready = 0; ready < workers;) {
      if (primary.exitCode !== null) throw new Error(`the production server exited (${primary.exitCode})`);
      if (Date.now() > deadline) throw new Error('the production server did not become ready in time');
      const ok = await fetch(url + HEALTH_READY, { headers: { connection: 'close' } }).then(
        (r) => r.ok,
        () => false,
      );
      ready = ok ? ready + 1 : 0;
      if (!ok) await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    await stop();
    throw err;
  }

  async function cacheStats(): Promise<ResponseCacheStats> {
    const sum: ResponseCacheStats = { hits: 0, misses: 0, bypassed: 0 };
    const key = { hit: 'hits', miss: 'misses', bypass: 'bypassed' } as const;
    // One scrape per worker, each on its own connection (handed out in turn while nothing else connects).
    for (let i = 0; i < workers; i += 1) {
      const res = await fetch(url + METRICS_PATH, { headers: { authorization: `Bearer ${metricsToken}`, connection: 'close' } });
      if (!res.ok) throw new Error(`metrics answered ${res.status}`);
      for (const m of (await res.text()).matchAll(/^response_cache_lookups_total\{result="(hit|miss|bypass)"\} (\d+)/gm)) {
        sum[key[m[1] as keyof typeof key]] += Number(m[2]);
      }
    }
    return sum;
  }

  return { url, workers, pid: primary.pid, cacheStats, stop, kill };
}
