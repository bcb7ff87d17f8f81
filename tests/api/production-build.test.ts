import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/launcher/ports';
import { env } from './helpers';

const run = promisify(execFile);
let databaseUrl: string;
let migrationUrl: string;

beforeAll(async () => {
  await run('npm', ['run', 'build:server'], { cwd: process.cwd() });
  const dbName = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: env().adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)} TEMPLATE ${pg.escapeIdentifier(env().templateDb)}`);
  await admin.end();
  databaseUrl = env().urlTemplate.replace('{db}', dbName); // the runtime role
  migrationUrl = env().ownerUrlTemplate.replace('{db}', dbName);
}, 240_000); // the build also starts a throw-away PostgreSQL for openapi.json

/** Production settings with every vendor chosen explicitly (local ones where the test has no real vendor). */
const productionEnv = (port: number) => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  DATABASE_MIGRATION_URL: migrationUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  COGNITO_USER_POOL_ID: 'us-east-1_prodtest',
  COGNITO_CLIENT_ID: 'prodtest',
  LOG_LEVEL: 'silent',
  STORAGE_PROVIDER: 'local',
  OBJECT_STORAGE_DIR: path.join(tmpdir(), `prod-objects-${port}`),
  FILE_URL_SECRET: 'test-only-secret',
  MAIL_PROVIDER: 'local',
  PASS_PROVIDER: 'local',
  COMMERCE_PROVIDER: 'local',
  CONTENT_PROVIDER: 'local',
  NPI_PROVIDER: 'local',
  TRANSCRIPTION_PROVIDER: 'local',
  PAYMENT_PROVIDER: 'local',
  PRESCRIBING_PROVIDER: 'local',
  METRICS_TOKEN: 'test-only-metrics-token',
});

describe('the compiled production server (npm run build:server, npm run serve:production)', () => {
  it('starts from dist-server with node alone, migrates, answers /health, and guards the API', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['dist-server/main.js'], { env: productionEnv(port), stdio: 'pipe' });
    try {
      let health: Response | null = null;
      for (let i = 0; i < 400 && !health; i += 1) {
        // up to 40 s: a loaded CI machine loads the bundle slowly
        health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status).toBe(200);
      expect(await health?.json()).toEqual({ status: 'ok', db: 'ok' });
      expect((await fetch(`http://127.0.0.1:${port}/secure/kit/testCompendium`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/openapi.json`)).status).toBe(404); // published on the local stack only
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ok', failing: [] });
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer test-only-metrics-token' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^db_pool_connections \d+$/m);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  it('build:server also writes dist-server/openapi.json, the description of the built API', async () => {
    const description = JSON.parse(await readFile('dist-server/openapi.json', 'utf8'));
    expect(description.info.title).toBe('Clinician portal API');
    expect(Object.keys(description.paths)).toEqual(expect.arrayContaining(['/secure/kit/testCompendium', '/secure/booking/v1/{id}/documents']));
    expect(Object.keys(description.paths).some((p) => p.startsWith('/health') || p === '/metrics')).toBe(false);
  });

  it('the compiled audit:verify (dist-server/verify-cli.js) checks the chain as the runtime role', async () => {
    const { stdout } = await run(process.execPath, ['dist-server/verify-cli.js'], { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } });
    expect(stdout).toMatch(/^verified up to row \d+ /);
  });

  it('refuses to start half-configured and names the missing setting', async () => {
    const port = await freePort();
    const { STORAGE_PROVIDER: _s, PORT: _p, ...withoutStorage } = productionEnv(port);
    const child = spawn(process.execPath, ['dist-server/main.js'], { env: { ...withoutStorage, PORT: 'eighty' }, stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('Missing environment variable S3_BUCKET (or set STORAGE_PROVIDER=local');
    // Every problem at once, as one structured line.
    expect(code).toBe(1);
    const lines = stderr;
    const refusal = JSON.parse(
      lines
        .trim()
        .split('\n')
        .find((l) => l.includes('configuration refused')) ?? '{}',
    );
    expect(refusal.problems).toEqual(
      expect.arrayContaining(['PORT must be a port number from 1 to 65535', expect.stringMatching(/^Missing environment variable S3_BUCKET/)]),
    );
  }, 90_000);
});
