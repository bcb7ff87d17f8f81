import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerCount } from '../../src/server/http/cluster';
import { freePort } from '../../src/server/launcher/ports';
import { cloneTemplateDatabase, env } from './helpers';

/** WEB_CONCURRENCY: the production entry runs that many workers on one port and stops them all gracefully. */
const run = promisify(execFile);
let databaseUrl: string;
let migrationUrl: string;

beforeAll(async () => {
  const db = await cloneTemplateDatabase();
  databaseUrl = db.databaseUrl;
  migrationUrl = env().ownerUrlTemplate.replace('{db}', db.dbName);
}, 60_000);

const productionEnv = (port: number, workers: string) => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  DATABASE_MIGRATION_URL: migrationUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  WEB_CONCURRENCY: workers,
  DATABASE_POOL_SIZE: '3',
  COGNITO_USER_POOL_ID: 'us-east-1_prodtest',
  COGNITO_CLIENT_ID: 'prodtest',
  LOG_LEVEL: 'silent',
  STORAGE_PROVIDER: 'local',
  OBJECT_STORAGE_DIR: path.join(tmpdir(), `cluster-objects-${port}`),
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

/** `npm run serve:production`'s entry with that many workers on a free port; `exited` is its exit code. */
async function startPrimary(workers: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: productionEnv(port, String(workers)), stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { port, child, exited, stderr: () => stderr };
}

/** The primary's children that run the server (tsx may add its own helper process); none once it has exited. */
async function workerPids(primary: number | undefined): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(primary)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .filter((l) => l.includes('src/server/main.ts'))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

describe('WEB_CONCURRENCY', () => {
  it('reads a number of workers or auto (one per core); refuses nonsense', () => {
    expect(workerCount(undefined)).toBe(1);
    expect(workerCount('3')).toBe(3);
    expect(workerCount('auto')).toBeGreaterThanOrEqual(1);
    expect(() => workerCount('many')).toThrow(/WEB_CONCURRENCY/);
    expect(() => workerCount('0')).toThrow(/WEB_CONCURRENCY/);
  });

  it('runs two workers on one port, both answering, and stops them all on SIGTERM with exit code 0', async () => {
    const { port, child, exited, stderr } = await startPrimary(2);
    try {
      let ok = 0;
      for (let i = 0; i < 300 && ok < 20; i += 1) {
        const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
        if (res?.status === 200) ok += 1;
        else await new Promise((r) => setTimeout(r, 100));
      }
      expect(ok, stderr()).toBe(20);
      expect(await workerPids(child.pid)).toHaveLength(2);
      expect((await fetch(`http://127.0.0.1:${port}/secure/kit/testCompendium`)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr()).toBe(0);
  }, 60_000);

  it('stops with exit code 0 on a SIGTERM that comes while the workers are still starting, leaving no process', async () => {
    const { port, child, exited, stderr } = await startPrimary(2);
    const alive = (pids: number[]) =>
      pids.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
    let pids: number[] = [];
    try {
      for (let i = 0; i < 200 && pids.length < 2; i += 1) {
        pids = await workerPids(child.pid);
        if (pids.length < 2) await new Promise((r) => setTimeout(r, 25));
      }
      expect(pids, stderr()).toHaveLength(2);
      // Both workers exist and neither is listening yet: they are loading or building the app.
      expect(
        await fetch(`http://127.0.0.1:${port}/health`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      child.kill('SIGTERM');
      expect(await exited, stderr()).toBe(0);
      expect(alive(pids)).toEqual([]);
    } finally {
      // A failed run leaves nothing behind.
      for (const pid of alive([child.pid ?? 0, ...pids].filter(Boolean))) process.kill(pid, 'SIGKILL');
    }
  }, 60_000);
});
