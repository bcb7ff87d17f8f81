import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../src/server/launcher/ports';
import { apiHeaders, env } from '../helpers';

/** The production entry (src/server/main.ts) in its own process, in local mode against the run's identity emulator. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote to stderr (for failure messages). */
  stderr(): string;
}

export async function startApiProcess(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const c = env().cognito;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PORTAL_MODE: 'local',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '10',
      COGNITO_REGION: c.region,
      COGNITO_USER_POOL_ID: c.userPoolId,
      COGNITO_CLIENT_ID: c.clientId,
      COGNITO_LOCAL_ENDPOINT: c.endpoint,
      COGNITO_ISSUER: c.issuer,
      COGNITO_JWKS_URL: c.jwksUrl,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '1000000',
      OBJECT_STORAGE_DIR: path.join(tmpdir(), `durability-objects-${port}`),
      FILE_URL_SECRET: 'test-only-secret',
      ...extraEnv,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API process did not become healthy: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, stderr: () => stderr };
}

export interface HttpAnswer {
  status: number;
  body: any;
}

/** One real HTTP call with the spec's headers; a network failure rejects. */
export async function httpCall(
  baseUrl: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${baseUrl}${url}`, { method, headers: apiHeaders(url, payload, token, headers), body: payload });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
