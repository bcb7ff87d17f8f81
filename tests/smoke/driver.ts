/**
 * The production smoke test's second half (tests/smoke/production.sh prepares the install and the database):
 * starts `node dist-server/main.js` from the production install exactly as the Dockerfile's CMD does, with
 * NODE_ENV=production, the runtime role and the settings a production start requires, then checks readiness, the
 * portal page, one signed-in write and one read through the real HTTP API, and a clean stop on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';
import { startFakeIssuer } from './fake-issuer';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`smoke driver: ${name} is not set`);
  return value;
};
const appDir = need('SMOKE_APP_DIR');
const workDir = need('SMOKE_WORK_DIR');
const databaseUrl = need('SMOKE_DATABASE_URL');
const SHUTDOWN_TIMEOUT_MS = 10_000;

const timings: [string, number][] = [];
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  timings.push([name, ms]);
  console.log(`smoke: ${name} (${(ms / 1000).toFixed(2)} s)`);
  return result;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
  });

const region = 'us-east-1';
const userPoolId = `${region}_Smoke${randomBytes(4).toString('hex')}`;
const clientId = randomBytes(13).toString('hex');
const issuer = await startFakeIssuer({
  region,
  userPoolId,
  clientId,
  certFile: path.join(workDir, 'issuer.crt'),
  keyFile: path.join(workDir, 'issuer.key'),
});
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const logFile = path.join(workDir, 'server.log');
const log = createWriteStream(logFile);

// What a production start requires (src/server/config.ts): every vendor either real or chosen local explicitly.
const metricsToken = randomBytes(24).toString('hex');
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  STATIC_DIR: path.join(appDir, 'dist'),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '5',
  COGNITO_REGION: region,
  COGNITO_USER_POOL_ID: userPoolId,
  COGNITO_CLIENT_ID: clientId,
  STORAGE_PROVIDER: 'local',
  OBJECT_STORAGE_DIR: path.join(workDir, 'objects'),
  FILE_URL_SECRET: randomBytes(32).toString('hex'),
  METRICS_TOKEN: metricsToken,
  MAIL_PROVIDER: 'local',
  CONTENT_PROVIDER: 'local',
  PASS_PROVIDER: 'local',
  COMMERCE_PROVIDER: 'local',
  PAYMENT_PROVIDER: 'local',
  PRESCRIBING_PROVIDER: 'local',
  TRANSCRIPTION_PROVIDER: 'local',
  NPI_PROVIDER: 'local',
  LOG_LEVEL: 'warn',
  SHUTDOWN_DRAIN_MS: '0',
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  // The issuer's keys come from "AWS" through the egress proxy (fake-issuer.ts); nothing else goes through it.
  NODE_USE_ENV_PROXY: '1',
  HTTPS_PROXY: issuer.proxyUrl,
  NO_PROXY: '127.0.0.1,localhost',
  NODE_EXTRA_CA_CERTS: path.join(workDir, 'ca.crt'),
};

let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
const server = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=64', 'dist-server/main.js'], {
  cwd: appDir,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);
const exit = new Promise<void>((resolve) =>
  server.once('exit', (code, signal) => {
    exited = { code, signal };
    resolve();
  }),
);

function fail(message: string): never {
  console.error(`smoke: FAILED: ${message}`);
  try {
    console.error(`--- server log (${logFile}) ---\n${readFileSync(logFile, 'utf8').slice(-6000)}`);
  } catch {
    /* no log yet */
  }
  if (!exited) server.kill('SIGKILL');
  void issuer.close();
  process.exit(1);
}

async function call(method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { [ADDRESSEE_TYPE_HEADER]: 'C', [API_KEY_HEADER]: deriveApiKey(url, payload) };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + url, { method, headers, body: payload });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, contentType: res.headers.get('content-type') ?? '' };
}

try {
  console.log(`smoke: node ${process.versions.node}, server on ${base}, log in ${logFile}`);
  await step('server ready (/health/ready)', async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (exited) fail(`the server exited before it was ready (${JSON.stringify(exited)})`);
      const res = await fetch(`${base}/health/ready`).catch(() => null);
      if (res?.status === 200) return;
      if (Date.now() > deadline) fail(`/health/ready not ready after 90 s (last status ${res?.status ?? 'no answer'})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  await step('portal page served', async () => {
    const res = await fetch(`${base}/`);
    const html = await res.text();
    if (res.status !== 200 || !html.includes('<div id="root">')) fail(`GET / answered ${res.status}, not the built portal`);
  });

  const email = `smoke.${randomUUID().slice(0, 8)}@example.com`;
  const token = await issuer.idToken({ email, givenName: 'Smoke', familyName: 'Test', groups: ['clinicians'] });

  await step('signed-in write (create the clinician profile)', async () => {
    const res = await call('POST', '/secure/clinician/profile/create', token, { firstName: 'Smoke', lastName: 'Test' });
    if (res.status !== 201) fail(`POST /secure/clinician/profile/create answered ${res.status} ${JSON.stringify(res.body)}`);
  });

  await step('signed-in read (the profile just written)', async () => {
    const res = await call('GET', '/secure/clinician/profile', token);
    if (res.status !== 200 || res.body?.email !== email) fail(`GET /secure/clinician/profile answered ${res.status} ${JSON.stringify(res.body)}`);
  });

  await step('refusal without a token', async () => {
    const res = await call('GET', '/secure/clinician/profile');
    if (res.status !== 401) fail(`GET /secure/clinician/profile without a token answered ${res.status}`);
  });
  await step('metrics behind their token', async () => {
    const refused = await fetch(`${base}/metrics`);
    if (refused.status !== 401) fail(`GET /metrics without the token answered ${refused.status}`);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('http_request_duration_seconds_count{route="/secure/clinician/profile"')) {
      fail(`GET /metrics answered ${res.status} without the profile route's request histogram`);
    }
  });
  if (issuer.jwksFetches() < 1) fail("the server never fetched the issuer's keys: the token was not verified against the issuer");

  await step('SIGTERM and a clean exit', async () => {
    server.kill('SIGTERM');
    const timer = setTimeout(() => fail(`still running ${SHUTDOWN_TIMEOUT_MS + 5000} ms after SIGTERM`), SHUTDOWN_TIMEOUT_MS + 5000);
    await exit;
    clearTimeout(timer);
    if (exited!.code !== 0) fail(`exit code ${exited!.code} (signal ${exited!.signal}) after SIGTERM`);
  });
} catch (err) {
  fail((err as Error).stack ?? String(err));
}
await issuer.close();
log.end();
for (const [name, ms] of timings) console.log(`smoke timing: ${name.padEnd(50)} ${(ms / 1000).toFixed(2)} s`);
// The checks passed, for production.sh's closing line (a failed check exits 1 before this).
writeFileSync(path.join(workDir, 'checks-passed'), String(timings.length));
console.log('smoke: production server passed');
