import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../src/server/audit/chain';
import { createPool, migrateDatabase } from '../../../src/server/db/client';
import { seedDemoData } from '../../../src/server/db/seed/demo';
import { describeDurability, startEmbeddedPostgres, type EmbeddedDb } from '../../../src/server/launcher/postgres';
import { DEMO, env, tokenFor } from '../helpers';
import { startApiProcess, type ApiProcess } from './api-process';
import { CrashWorker, findLosses, findUnaudited, prepareFixtures, send, type Acknowledged, type User } from './crash-writes';

/*
 * Crash safety: a client sends ~1,000 writes of four kinds through the API (src/server/main.ts in its own process)
 * to its own PostgreSQL cluster with the durable settings; at a random moment the API process and every PostgreSQL
 * process get SIGKILL. Both restart without any repair (PostgreSQL replays its WAL), the client goes on to 1,000
 * acknowledged writes, and then every write it saw acknowledged must be there, each record must agree with its
 * history, the acknowledged writes must be audited, and the audit chain must verify.
 *
 * What it cannot show: a process kill leaves the operating system's page cache intact, so it proves crash
 * consistency (WAL, atomic commits, recovery), not survival of a power cut; that is what fsync=on is for, and the
 * test asserts the cluster runs with it.
 */

const TARGET = 1_000;
const WORKERS = 8;

let dir: string;
let pgServer: EmbeddedDb;
let owner: pg.Pool;
let api: ApiProcess | null = null;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-crash-'));
  await chmod(dir, 0o755); // as root PostgreSQL runs as the 'postgres' user
  pgServer = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  await pgServer.ensureDatabase('portal');
  owner = createPool(pgServer.urlFor('portal'), 4);
  await migrateDatabase(owner);
  await seedDemoData(owner, env().cognito.subs);
}, 120_000);
afterAll(async () => {
  if (api?.child.exitCode === null) api.child.kill('SIGKILL');
  await owner?.end();
  await pgServer?.stop().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** SIGKILL to the postmaster and all its processes at once (as a crash leaves them: no shutdown checkpoint). */
async function killPostgres(dataDir: string): Promise<number> {
  const postmaster = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === postmaster) children.push(Number(entry));
  }
  for (const pid of [postmaster, ...children]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  return children.length + 1;
}

describe('crash safety: SIGKILL to the API server and PostgreSQL under a stream of writes', () => {
  it('every acknowledged write is there after the restart, consistent with its history, audited; the chain verifies', async () => {
    expect(await describeDurability(owner)).toContain('the durable defaults');
    const subs = { clinician: env().cognito.subs[DEMO.clinician], superAdmin: env().cognito.subs[DEMO.superAdmin] };
    const fx = await prepareFixtures(owner, WORKERS, subs);
    const tokens: Record<User, string> = { clinician: await tokenFor(DEMO.clinician), superAdmin: await tokenFor(DEMO.superAdmin) };
    const runtimeUrl = pgServer.runtimeUrlFor('portal');
    api = await startApiProcess(runtimeUrl);

    const acked: Acknowledged = { chartNotes: [], bookingNotes: [], assigns: [], statuses: [] };
    const refused: unknown[] = [];
    let ackedTotal = 0;
    let unknown = 0;
    const killAt = 250 + Math.floor(Math.random() * 500);
    const crash = { ackedAtKill: 0, inFlight: 0, pgProcesses: 0, recoveredMs: 0 };
    let up: Promise<void> = Promise.resolve();
    const inFlight = new Set<number>();

    const crashAndRestart = async () => {
      const killedAt = Date.now();
      Object.assign(crash, { ackedAtKill: ackedTotal, inFlight: inFlight.size });
      api!.child.kill('SIGKILL');
      crash.pgProcesses = await killPostgres(path.join(dir, 'pg'));
      await api!.exited;
      pgServer = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: pgServer.port }); // crash recovery, no repair
      api = await startApiProcess(runtimeUrl);
      crash.recoveredMs = Date.now() - killedAt;
    };

    const worker = async (w: number) => {
      const me = new CrashWorker(w, fx, acked, owner);
      for (let seq = 0; ackedTotal < TARGET; seq += 1) {
        await up;
        if (me.dirty) await me.resync();
        const id = w * 1_000_000 + seq;
        inFlight.add(id);
        const outcome = await send(api!.url, tokens, me.next());
        inFlight.delete(id);
        if (outcome === 'acked') {
          ackedTotal += 1;
          if (ackedTotal === killAt) up = crashAndRestart();
        } else {
          me.dirty = true;
          if (outcome === 'unknown') unknown += 1;
          else refused.push(outcome);
        }
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await up;

    const losses = await findLosses(owner, acked);
    const unaudited = await findUnaudited(owner, acked);
    const chain = await verifyAuditChain(owner);
    console.log(
      `crash test: ${ackedTotal} writes acknowledged (${acked.chartNotes.length} chart notes, ${acked.bookingNotes.length} booking notes, ` +
        `${acked.assigns.length} assignments, ${acked.statuses.length} status changes), ${ackedTotal - losses.length} found intact, ` +
        `${losses.length} lost; SIGKILL after ${crash.ackedAtKill} acknowledged writes with ${crash.inFlight} in flight (${unknown} unanswered), ` +
        `${crash.pgProcesses} PostgreSQL processes killed, back in ${crash.recoveredMs} ms; audit chain ${chain.ok ? `verified (${chain.rows} rows)` : 'BROKEN'}; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    expect(crash.ackedAtKill).toBe(killAt);
    expect(crash.pgProcesses).toBeGreaterThan(1);
    expect(ackedTotal).toBeGreaterThanOrEqual(TARGET);
    expect(losses).toEqual([]);
    expect(refused).toEqual([]);
    expect(unaudited).toEqual([]);
    expect(chain).toMatchObject({ ok: true });
    // The checks are not blind: a lost note and a record out of step with its history (in a rolled-back transaction).
    const probe = await owner.connect();
    try {
      await probe.query('BEGIN');
      await probe.query(`DELETE FROM chart_notes WHERE id = $1`, [acked.chartNotes[0].id]);
      await probe.query(`UPDATE bookings SET status = 'COMPLETED' WHERE id = $1`, [acked.statuses[0].bookingId]);
      expect(await findLosses(probe, acked)).toEqual([
        `chart note ${acked.chartNotes[0].id} missing or changed`,
        expect.stringMatching(new RegExp(`^booking ${acked.statuses[0].bookingId} is COMPLETED, its last history row says `)),
      ]);
    } finally {
      await probe.query('ROLLBACK');
      probe.release();
    }
    const health = await fetch(`${api!.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
  }, 120_000);
});
