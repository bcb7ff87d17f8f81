import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTemplateDatabase, DEMO, tokenFor } from '../helpers';
import { httpCall, startApiProcess, type ApiProcess } from './api-process';

/*
 * A rolling restart: two API instances (src/server/main.ts, each its own process) on one database, a client that
 * spreads a steady stream of reads and chart-note writes over the instances its health checks find up (as a load
 * balancer does), and SIGTERM to one of them mid-stream. Nothing the client sent may fail, and the stopped instance
 * exits 0.
 */

// Many health-check rounds, also on a loaded CI machine: the client stops routing to the instance before it stops listening.
const DRAIN_MS = 2_000;
const HEALTH_EVERY_MS = 50;
const WORKERS = 12;

interface Sent {
  instance: number;
  kind: 'read' | 'write';
  started: number;
  ended: number;
  status: number | 'network error';
  noteId?: string;
}

let databaseUrl: string;
let instances: ApiProcess[] = [];
beforeAll(async () => {
  ({ databaseUrl } = await cloneTemplateDatabase());
  const extra = { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: '10000' };
  instances = await Promise.all([startApiProcess(databaseUrl, extra), startApiProcess(databaseUrl, extra)]);
}, 90_000);
afterAll(() => {
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
});

describe('graceful shutdown during a rolling restart (two instances, one database)', () => {
  it('SIGTERM to one instance mid-stream: no request fails, the instance exits 0, the stream goes on on the other', async () => {
    const token = await tokenFor(DEMO.clinician);
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const personId = (await db.query(`SELECT id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`)).rows[0].id as string;

    const healthy = [true, true];
    let stopHealth = false;
    const healthLoop = (async () => {
      while (!stopHealth) {
        await Promise.all(
          instances.map(async (inst, i) => {
            healthy[i] = await fetch(`${inst.url}/health`).then(
              (r) => r.status === 200,
              () => false,
            );
          }),
        );
        await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
      }
    })();

    const sent: Sent[] = [];
    let next = 0;
    let stopAt = Infinity;
    const worker = async (w: number) => {
      for (let n = 0; Date.now() < stopAt; n += 1) {
        const up = [0, 1].filter((i) => healthy[i]);
        if (up.length === 0) throw new Error('no instance up');
        const instance = up[next++ % up.length];
        const kind = n % 2 === 0 ? 'write' : 'read';
        const started = Date.now();
        const res = await (
          kind === 'write'
            ? httpCall(instances[instance].url, 'POST', '/secure/chartNote', token, {
                personId,
                note: `<p>rolling ${w}-${n}</p>`,
                noteType: 'CLINICIAN_NOTE',
              })
            : httpCall(instances[instance].url, 'GET', '/secure/clinician/profile', token)
        ).catch(() => null);
        sent.push({ instance, kind, started, ended: Date.now(), status: res ? res.status : 'network error', noteId: res?.body?.id });
      }
    };
    const stream = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

    await new Promise((r) => setTimeout(r, 1_500));
    const sigtermAt = Date.now();
    instances[0].child.kill('SIGTERM');
    const exit = await instances[0].exited;
    const exitedAt = Date.now();
    stopAt = Date.now() + 1_000; // the stream goes on a while on the remaining instance
    await stream;
    stopHealth = true;
    await healthLoop;

    const onStopped = sent.filter((s) => s.instance === 0);
    const inFlightAtSigterm = onStopped.filter((s) => s.started <= sigtermAt && s.ended >= sigtermAt);
    const duringDrain = onStopped.filter((s) => s.started > sigtermAt);
    const failed = sent.filter((s) => s.status !== 200 && s.status !== 201);
    console.log(
      `rolling restart: ${sent.length} requests (${onStopped.length} on the stopped instance), ${inFlightAtSigterm.length} in flight at ` +
        `SIGTERM, ${duringDrain.length} sent to it while it drained, ${failed.length} failed; exit ${exit.code} after ${exitedAt - sigtermAt} ms`,
    );

    expect(exit).toEqual({ code: 0, signal: null });
    expect(inFlightAtSigterm.length).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    expect(sent.filter((s) => s.instance === 1 && s.started > exitedAt).length).toBeGreaterThan(0);
    // Every acknowledged write is there, once.
    const ids = sent.filter((s) => s.kind === 'write').map((s) => s.noteId);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM chart_notes WHERE id = ANY($1::uuid[])`, [ids]);
    expect(rows[0].n).toBe(ids.length);
    await db.end();
  });
});
