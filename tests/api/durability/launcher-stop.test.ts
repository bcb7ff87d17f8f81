import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/server/launcher/ports';
import { DEMO, signInAt } from '../helpers';
import { httpCall } from './api-process';

/*
 * `npm start` (src/server/launcher/start.ts) stopped with SIGTERM: the API drains, then the identity emulator and
 * PostgreSQL stop cleanly (PostgreSQL removes its postmaster.pid only on a clean shutdown), and the launcher exits 0.
 */

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm start on SIGTERM', () => {
  it('stops the API, the emulator and PostgreSQL cleanly and exits 0', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-launcher-'));
    await chmod(dir, 0o755); // as root PostgreSQL runs as the 'postgres' user
    const [port, cognitoPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/launcher/start.ts'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: path.join(dir, 'data'), PORT: String(port), COGNITO_LOCAL_PORT: String(cognitoPort), LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += String(d);
    });
    child.stderr.on('data', (d) => {
      output += String(d);
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Clinician portal: ') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(output).toContain(`Clinician portal: http://127.0.0.1:${port}`);
      const pidFile = path.join(dir, 'data', 'postgres', 'postmaster.pid');
      expect(existsSync(pidFile)).toBe(true);
      const url = `http://127.0.0.1:${port}`;
      const portal = (await (await fetch(`${url}/config.json`)).json()) as { userPoolEndpoint: string; userPoolClientId: string };
      const token = await signInAt(portal.userPoolEndpoint, portal.userPoolClientId, DEMO.clinician);

      // Requests in flight when the signal arrives must still be answered: PostgreSQL may stop only after the API.
      const sent: Array<{ started: number; ended: number; status: number | 'network error' }> = [];
      let signalledAt = Infinity;
      const stream = Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < signalledAt) {
            const started = Date.now();
            const status = await httpCall(url, 'GET', '/secure/clinician/profile', token).then(
              (a) => a.status,
              () => 'network error' as const,
            );
            sent.push({ started, ended: Date.now(), status });
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 800));
      signalledAt = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      await stream;
      const inFlight = sent.filter((r) => r.started <= signalledAt && r.ended >= signalledAt);
      expect(inFlight.length).toBeGreaterThan(0);
      expect(inFlight.filter((r) => r.status !== 200)).toEqual([]);
      expect(existsSync(pidFile)).toBe(false); // PostgreSQL shut down cleanly, nothing to recover on the next start
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
      await expect(fetch(`http://127.0.0.1:${cognitoPort}/`)).rejects.toThrow(); // the emulator is gone too
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);
});
