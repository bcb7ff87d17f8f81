import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit, writeAuditMany } from '../../src/server/audit/audit';
import { installAuditHooks } from '../../src/server/audit/hooks';
import { withTx } from '../../src/server/db/tx';
import { conflict, installErrorHandlers } from '../../src/server/errors';
import { startApi, type TestApi } from './helpers';

/**
 * The audit hooks on an encapsulated child instance (as inside the one secure plugin), with probe routes that
 * exercise what handlers do: several facts, transactions that commit, roll back or are swallowed.
 */
let api: TestApi;
let probe: FastifyInstance;
const patients = [randomUUID(), randomUUID(), randomUUID()];
const marker = () => `probe-${randomUUID()}`;
const markerExists = async (name: string) => (await api.pool.query('SELECT 1 FROM seed_state WHERE name = $1', [name])).rowCount === 1;

beforeAll(async () => {
  api = await startApi();
  probe = Fastify({ logger: false });
  installErrorHandlers(probe, false);
  probe.get('/outside', async (req) => {
    await writeAudit(api.pool, req, { action: 'READ', entityType: 'probe', entityId: 'o1', patientId: patients[0], outcome: 'SUCCESS' });
    return { ok: true };
  });
  await probe.register(async (secure) => {
    await installAuditHooks(secure, { pool: api.pool, sealEveryMs: 0 });
    secure.get('/secure/probe/list', async (req) => {
      await writeAuditMany(
        api.pool,
        req,
        'READ',
        'probe',
        patients.map((p, i) => ({ entityId: `r${i}`, patientId: p })),
      );
      await writeAudit(api.pool, req, { action: 'READ', entityType: 'probe', entityId: 'r0', patientId: patients[0], outcome: 'SUCCESS' });
      return { count: 3 };
    });
    secure.post<{ Body: { name: string; fail?: 'throw' | 'swallow' | 'afterCommit' } }>('/secure/probe/write', async (req) => {
      const change = () =>
        withTx(api.pool, async (client) => {
          await client.query('INSERT INTO seed_state (name, rows) VALUES ($1, 1)', [req.body.name]);
          await writeAudit(client, req, {
            action: 'CREATE',
            entityType: 'probe',
            entityId: req.body.name,
            patientId: patients[1],
            outcome: 'SUCCESS',
          });
          if (req.body.fail === 'throw' || req.body.fail === 'swallow') throw conflict('changed meanwhile');
        });
      if (req.body.fail !== 'swallow') await change();
      else await change().catch(() => undefined);
      if (req.body.fail === 'afterCommit') throw conflict('failed after the change');
      return { done: true };
    });
    secure.get('/secure/probe/unauditable', async (req) => {
      await writeAudit(api.pool, req, { action: 'READ', entityType: 'probe', patientId: 'not-a-uuid', outcome: 'SUCCESS' });
      return { secret: 'PHI-VALUE' };
    });
  });
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await api.close();
});

const inject = (method: 'GET' | 'POST', url: string, body?: object) => api.audited(() => probe.inject({ method, url, payload: body }));

describe('installAuditHooks on an encapsulated instance', () => {
  it('several facts of one request make one row with every id, distinct', async () => {
    const { res, rows } = await inject('GET', '/secure/probe/list');
    expect(res.statusCode).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'READ',
      entity_type: 'probe',
      entity_ids: ['r0', 'r1', 'r2'],
      patient_ids: patients,
      route: '/secure/probe/list',
      status_code: 200,
    });
  });
  it('a route outside the audited instance writes its row at once (nothing is dropped)', async () => {
    const { rows } = await inject('GET', '/outside');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_ids: ['o1'], patient_ids: [patients[0]], route: '/outside' });
  });
  it('the row is written before the response: when it cannot be written, the response is an error without the data', async () => {
    const { res, rows } = await inject('GET', '/secure/probe/unauditable');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('PHI-VALUE');
    expect(rows).toEqual([]);
  });
  it('concurrent reads (their rows share INSERTs): each response arrives after its own row is stored', async () => {
    const tag = randomUUID();
    const rowOf = async (ua: string) => (await api.pool.query('SELECT entity_ids, status_code FROM audit_log WHERE user_agent = $1', [ua])).rows;
    const seen = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const ua = `${tag}-${i}`;
        const res = await probe.inject({ method: 'GET', url: '/secure/probe/list', headers: { 'user-agent': ua } });
        return { status: res.statusCode, rows: await rowOf(ua) }; // read the moment the response is in
      }),
    );
    for (const { status, rows } of seen) {
      expect(status).toBe(200);
      expect(rows).toEqual([{ entity_ids: ['r0', 'r1', 'r2'], status_code: 200 }]);
    }
  });
  it('a row that cannot be stored among concurrent reads fails only its own response', async () => {
    const tag = randomUUID();
    const urls = Array.from({ length: 12 }, (_, i) => (i === 5 ? '/secure/probe/unauditable' : '/secure/probe/list'));
    const responses = await Promise.all(urls.map((url, i) => probe.inject({ method: 'GET', url, headers: { 'user-agent': `${tag}-${i}` } })));
    expect(responses.map((r) => r.statusCode)).toEqual(urls.map((u) => (u.endsWith('unauditable') ? 500 : 200)));
    expect(responses[5].body).not.toContain('PHI-VALUE');
    const { rows } = await api.pool.query('SELECT user_agent FROM audit_log WHERE user_agent LIKE $1 ORDER BY user_agent', [`${tag}-%`]);
    expect(rows.map((r) => r.user_agent).sort()).toEqual(
      urls
        .map((_, i) => `${tag}-${i}`)
        .filter((_, i) => i !== 5)
        .sort(),
    );
  });
});

describe('transactions', () => {
  it('a committed write: the change and one SUCCESS row, written in the transaction', async () => {
    const name = marker();
    const { res, rows } = await inject('POST', '/secure/probe/write', { name });
    expect(res.statusCode).toBe(200);
    expect(await markerExists(name)).toBe(true);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'CREATE', entity_ids: [name], patient_ids: [patients[1]], outcome: 'SUCCESS', status_code: null });
  });
  it('a write that rolls back: no change, no SUCCESS row, one FAILED row', async () => {
    const name = marker();
    const { res, rows } = await inject('POST', '/secure/probe/write', { name, fail: 'throw' });
    expect(res.statusCode).toBe(409);
    expect(await markerExists(name)).toBe(false);
    expect(rows.map((r) => [r.outcome, r.status_code])).toEqual([['FAILED', 409]]);
  });
  it('a rolled-back write whose error the handler swallows is still FAILED, not SUCCESS', async () => {
    const name = marker();
    const { res, rows } = await inject('POST', '/secure/probe/write', { name, fail: 'swallow' });
    expect(res.statusCode).toBe(200);
    expect(await markerExists(name)).toBe(false);
    expect(rows.map((r) => [r.outcome, r.entity_ids])).toEqual([['FAILED', [name]]]);
  });
  it('an error after the commit keeps the committed SUCCESS row and adds a FAILED continuation row of the same request', async () => {
    const name = marker();
    const { res, rows } = await inject('POST', '/secure/probe/write', { name, fail: 'afterCommit' });
    expect(res.statusCode).toBe(409);
    expect(await markerExists(name)).toBe(true);
    expect(rows.map((r) => [r.outcome, r.status_code])).toEqual([
      ['SUCCESS', null],
      ['FAILED', 409],
    ]);
    expect(rows[1].request_id).toBe(rows[0].request_id);
  });
});
