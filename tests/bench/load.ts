/**
 * HTTP load tests with autocannon, each in a forked process (load-child.ts) so that the load generator
 * and the API server do not share one event loop. The child inherits tsx's loader flags (process.execArgv).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';

/** One endpoint to load-test. `path` may carry a query string; the api-key is derived from its pathname (or the body). */
export interface Endpoint {
  name?: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable body (sent as application/json). */
  body?: unknown;
  /** Demo e-mail to sign in as; default the run's default user. */
  as?: string;
  /** More request headers (e.g. Cache-Control: no-cache, which makes the server compute a cached list afresh). */
  headers?: Record<string, string>;
}

export interface LoadJob {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** A sequence each connection sends in turn, cycling (a mixed load); url then only gives the origin. */
  requests?: Array<{ method: string; path: string; headers: Record<string, string>; body?: string }>;
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadSummary {
  durationS: number;
  requestsTotal: number;
  reqPerSecMean: number;
  /** Nearest-rank percentiles (ms) over every response's latency of the measured run. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  latencySamples: number;
  /** autocannon's own (integer-ms HDR histogram) figures, for cross-checking. */
  autocannonP50: number;
  autocannonP99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU time of the load generator's own process over the measured run (ms): what it takes from the shared cores. */
  loadGeneratorCpuMs: number;
}

const running = new Set<ChildProcess>();

/** Kills any load generator still running (used by the bench's cleanup). */
export function killLoadGenerators(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** The request an Endpoint stands for, with the three /secure headers. */
export function buildJob(baseUrl: string, ep: Endpoint, idToken: string, load: { connections: number; durationS: number; warmupS: number }): LoadJob {
  const body = ep.body === undefined ? undefined : JSON.stringify(ep.body);
  const pathname = new URL(ep.path, baseUrl).pathname;
  const headers: Record<string, string> = {
    authorization: `Bearer ${idToken}`,
    [ADDRESSEE_TYPE_HEADER]: ADDRESSEE_TYPE_CLINICIAN,
    [API_KEY_HEADER]: deriveApiKey(pathname, body),
    ...ep.headers,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { url: new URL(ep.path, baseUrl).toString(), method: ep.method ?? 'GET', headers, body, ...load };
}

/** Runs one job in a forked load generator and resolves with its summary; onMeasuring: the warm-up is over. */
export function runLoad(job: LoadJob, onMeasuring?: () => void): Promise<LoadSummary> {
  const child = fork(fileURLToPath(new URL('./load-child.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  running.add(child);
  return new Promise<LoadSummary>((resolve, reject) => {
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      running.delete(child);
      if (child.exitCode === null) child.kill();
      fn();
    };
    child.on('message', (msg: { measuring?: true; ok: boolean; summary?: LoadSummary; error?: string }) => {
      if (msg.measuring) return onMeasuring?.(); // the warm-up is over
      done(() => (msg.ok && msg.summary ? resolve(msg.summary) : reject(new Error(`load generator failed: ${msg.error}`))));
    });
    child.once('error', (err) => done(() => reject(err)));
    child.once('exit', (code, signal) => done(() => reject(new Error(`load generator exited early (code ${code}, signal ${signal})`))));
    child.send(job);
  });
}
