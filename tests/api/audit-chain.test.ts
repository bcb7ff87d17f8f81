import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAuditChain, sealAuditChain, verifyAuditChain } from '../../src/server/audit/chain';
import { DEMO, startApi, type TestApi } from './helpers';

/** The hash chain over audit_log: sealed by the database, verified from the stored columns. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  for (const who of [DEMO.clinician, DEMO.staff, DEMO.auditor]) await api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=5', { as: who });
  await api.call('GET', '/secure/kit/status/PENDING_RESULTS');
});
afterAll(async () => {
  await api.close();
});

const maxId = async () => Number((await api.pool.query('SELECT max(id) AS id FROM audit_log')).rows[0].id);
/** Runs sql as the owner with the append-only triggers switched off: what an operator with owner rights could do. */
async function asOwnerWithoutTriggers(sql: string, params: unknown[] = []) {
  const owner = await api.ownerPool().connect();
  try {
    await owner.query('BEGIN');
    await owner.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
    await owner.query(sql, params);
    await owner.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
    await owner.query('COMMIT');
  } finally {
    owner.release();
  }
}
/** A sealed row from the middle of the chain. */
const sealedRow = async () =>
  (
    await api.pool.query(`SELECT * FROM audit_log WHERE chain_seq IS NOT NULL
  ORDER BY chain_seq OFFSET 1 LIMIT 1`)
  ).rows[0];

describe('verifyAuditChain', () => {
  it('seals every committed row and verifies the whole chain', async () => {
    const status = await verifyAuditChain(api.pool);
    const last = await maxId();
    expect(status).toMatchObject({ ok: true, lastId: last, unsealed: 0 });
    expect(describeAuditChain(status)).toMatch(new RegExp(`^verified up to row ${last} `));
    expect((await api.pool.query('SELECT count(*)::int AS n FROM audit_log WHERE chain_seq IS NULL OR row_hash IS NULL')).rows[0].n).toBe(0);
  });
  it("sealing also merges the patient-id and entity-id indexes' pending lists, so no request insert has to (migrations 0025, 0030)", async () => {
    for (const who of [DEMO.clinician, DEMO.staff]) await api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=5', { as: who });
    await api.pool.query('SELECT audit_seal(5000)');
    // What is still pending, merged now by the owner: nothing left to merge.
    for (const index of ['audit_log_patient_ids_idx', 'audit_log_entity_ids_idx']) {
      const { rows } = await api.ownerPool().query(`SELECT gin_clean_pending_list($1::regclass) AS pages`, [index]);
      expect(Number(rows[0].pages)).toBe(0);
    }
  });
  it('seals at most the batch asked for, oldest first, and the next call goes on from the head (migration 0036)', async () => {
    // The sealer's lock, held by this transaction, keeps the server's own sealer out until the end.
    const client = await api.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(727100, 1)');
      for (let i = 0; i < 5; i++) await api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=5', { as: DEMO.clinician });
      const unsealed = async () =>
        (await client.query<{ id: string }>('SELECT id FROM audit_log WHERE chain_seq IS NULL ORDER BY id')).rows.map((r) => r.id);
      const before = await unsealed();
      expect(before.length).toBeGreaterThanOrEqual(5);
      const head = Number((await client.query('SELECT max(chain_seq) AS s FROM audit_log')).rows[0].s);
      expect((await client.query('SELECT audit_seal(2) AS n')).rows[0].n).toBe(2);
      expect(await unsealed()).toEqual(before.slice(2));
      while ((await client.query('SELECT audit_seal(2) AS n')).rows[0].n > 0);
      const sealed = (await client.query<{ chain_seq: string }>('SELECT chain_seq FROM audit_log WHERE id = ANY($1) ORDER BY id', [before])).rows;
      expect(sealed.map((r) => Number(r.chain_seq))).toEqual(before.map((_, i) => head + 1 + i));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await verifyAuditChain(api.pool)).toMatchObject({ ok: true, unsealed: 0 });
  });
  it('the periodic sealer skips a round at once while another sealer holds the lock; the verifier waits for it', async () => {
    const client = await api.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(727100, 1)');
      await api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=5', { as: DEMO.clinician });
      const started = Date.now();
      // Not a connection queued on the lock: it answers "nothing sealed" without waiting.
      const skipped = await Promise.race([
        sealAuditChain(api.pool, { wait: false }),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 3000)),
      ]);
      expect(skipped).toBe(0);
      expect(Date.now() - started).toBeLessThan(2000);
      // The verifier seals everything before it checks: it waits until the lock is free.
      let verified = false;
      const verifying = verifyAuditChain(api.pool).then((status) => {
        verified = true;
        return status;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(verified).toBe(false);
      await client.query('COMMIT');
      expect(await verifying).toMatchObject({ ok: true, unsealed: 0 });
    } finally {
      client.release();
    }
  });

  it('names a sealed row whose content the owner edited, and passes again once it is put back', async () => {
    await verifyAuditChain(api.pool);
    const row = await sealedRow();
    await asOwnerWithoutTriggers(`UPDATE audit_log SET outcome = 'SUCCESS', actor_sub = 'someone-else' WHERE id = $1`, [row.id]);
    const broken = await verifyAuditChain(api.pool);
    expect(broken).toMatchObject({ ok: false, rowId: Number(row.id) });
    expect(describeAuditChain(broken)).toMatch(new RegExp(`^audit chain broken at row ${row.id} .*content does not match`));
    await asOwnerWithoutTriggers(`UPDATE audit_log SET outcome = $2, actor_sub = $3 WHERE id = $1`, [row.id, row.outcome, row.actor_sub]);
    expect((await verifyAuditChain(api.pool)).ok).toBe(true);
  });
  it('names the row after one the owner deleted', async () => {
    const row = await sealedRow();
    const next = (await api.pool.query('SELECT id FROM audit_log WHERE chain_seq = $1', [Number(row.chain_seq) + 1])).rows[0];
    await asOwnerWithoutTriggers('DELETE FROM audit_log WHERE id = $1', [row.id]);
    const broken = await verifyAuditChain(api.pool);
    expect(broken).toMatchObject({ ok: false, rowId: Number(next.id) });
    expect(broken.ok === false && broken.problem).toMatch(/chain position/);
    const columns = Object.keys(row);
    await asOwnerWithoutTriggers(
      `INSERT INTO audit_log (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((c) => row[c]),
    );
    expect((await verifyAuditChain(api.pool)).ok).toBe(true);
  });
  it('names a row whose chain link the owner rewrote', async () => {
    const row = await sealedRow();
    await asOwnerWithoutTriggers(`UPDATE audit_log SET row_hash = repeat('f', 64) WHERE id = $1`, [row.id]);
    const broken = await verifyAuditChain(api.pool);
    expect(broken).toMatchObject({ ok: false, rowId: Number(row.id) });
    expect(broken.ok === false && broken.problem).toMatch(/row_hash/);
    await asOwnerWithoutTriggers(`UPDATE audit_log SET row_hash = $2 WHERE id = $1`, [row.id, row.row_hash]);
    expect((await verifyAuditChain(api.pool)).ok).toBe(true);
  });
  it('50 concurrent requests: one row each, all in one verifiable chain', async () => {
    const before = await maxId();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.call('GET', `/secure/kit/status/PENDING_RESULTS?perPage=2&page=${(i % 10) + 1}`, { as: i % 2 ? DEMO.staff : DEMO.auditor }),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const { rows } = await api.pool.query('SELECT count(DISTINCT request_id)::int AS requests, count(*)::int AS n FROM audit_log WHERE id > $1', [
      before,
    ]);
    expect(rows[0]).toEqual({ requests: 50, n: 50 });
    const status = await verifyAuditChain(api.pool);
    expect(status).toMatchObject({ ok: true, lastId: await maxId() });
  });
});

describe('npm run audit:verify', () => {
  const run = promisify(execFile);
  const verify = () =>
    run('npx', ['tsx', 'src/server/launcher/verify-cli.ts'], {
      env: { ...process.env, DATABASE_URL: api.databaseUrl },
    });
  it('prints "verified up to row N" and exits 0; names the broken row and exits 1', async () => {
    const ok = await verify();
    expect(ok.stdout).toMatch(/^verified up to row \d+ /);
    const row = await sealedRow();
    await asOwnerWithoutTriggers(`UPDATE audit_log SET entity_ids = '{tampered}' WHERE id = $1`, [row.id]);
    const failed = await verify().then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(new RegExp(`^audit chain broken at row ${row.id} `));
  }, 60_000);
});
