import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DEMO, startApi, testConfig, type TestApi } from './helpers';

/** The runtime role the server connects as cannot change the audit trail; the owner is kept out of the server. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  await api.call('GET', '/secure/clinician/profile', { as: DEMO.clinician }); // at least one audit row
  await api.pool.query(`INSERT INTO record_history (entity_type, entity_id, action, actor_sub) VALUES ('probe', 'p1', 'TEST', 'test')`);
  await api.pool.query(`INSERT INTO audit_id_sets (hash, entity_ids, patient_ids) VALUES ('probe', '{BK1}', '{}')`);
});
afterAll(async () => {
  await api.close();
});

const PROTECTED = ['audit_log', 'audit_id_sets', 'record_history', 'audit_log_legacy'];
/** A change of content per append-only table (each has other columns). */
const EDIT: Record<string, string> = {
  audit_log: `SET action = 'EDITED'`,
  record_history: `SET action = 'EDITED'`,
  audit_id_sets: `SET entity_ids = '{BK2}'`,
};

describe('the runtime role (what the server connects as)', () => {
  it('is not the owner of the audit tables and not a superuser', async () => {
    const { rows } = await api.pool.query(`SELECT current_user AS me, r.rolsuper, pg_get_userbyid(c.relowner) AS owner
      FROM pg_class c, pg_roles r WHERE c.oid = 'audit_log'::regclass AND r.rolname = current_user`);
    expect(rows[0].rolsuper).toBe(false);
    expect(rows[0].owner).not.toBe(rows[0].me);
  });
  it('may INSERT and SELECT audit_log and record_history', async () => {
    await expect(
      api.pool.query(`INSERT INTO record_history (entity_type, entity_id, action, actor_sub) VALUES ('probe', 'p2', 'TEST', 'test')`),
    ).resolves.toBeTruthy();
    expect((await api.pool.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBeGreaterThan(0);
  });
  it.each(['audit_log', 'audit_id_sets', 'record_history'])('cannot UPDATE, DELETE or TRUNCATE %s', async (table) => {
    await expect(api.pool.query(`UPDATE ${table} ${EDIT[table]}`)).rejects.toThrow(/permission denied/);
    await expect(api.pool.query(`DELETE FROM ${table}`)).rejects.toThrow(/permission denied/);
    await expect(api.pool.query(`TRUNCATE ${table}`)).rejects.toThrow(/permission denied/);
  });
  it.each(['audit_log', 'audit_id_sets', 'record_history'])('cannot disable or drop the triggers of %s, nor alter it', async (table) => {
    const trigger = { audit_log: 'audit_log_append_only', audit_id_sets: 'audit_id_sets_append_only', record_history: 'record_history_no_update' }[
      table
    ];
    await expect(api.pool.query(`ALTER TABLE ${table} DISABLE TRIGGER ALL`)).rejects.toThrow(/must be owner/);
    await expect(api.pool.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`)).rejects.toThrow(/must be owner/);
    await expect(api.pool.query(`DROP TRIGGER ${trigger} ON ${table}`)).rejects.toThrow(/must be owner/);
    await expect(api.pool.query(`ALTER TABLE ${table} ADD COLUMN note text`)).rejects.toThrow(/must be owner/);
  });
  it('cannot replace the guard or the sealer, nor switch triggers off for its session', async () => {
    await expect(
      api.pool.query(`CREATE OR REPLACE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`),
    ).rejects.toThrow(/must be owner|permission denied/);
    await expect(
      api.pool.query(`CREATE OR REPLACE FUNCTION audit_seal(max_rows integer DEFAULT 1) RETURNS integer LANGUAGE sql AS $$ SELECT 0 $$`),
    ).rejects.toThrow(/must be owner|permission denied/);
    await expect(api.pool.query(`SET session_replication_role = replica`)).rejects.toThrow(/permission denied/);
  });
  it('cannot write through the view of resolved rows (audit_rows)', async () => {
    // PostgreSQL refuses a join view as not updatable before it looks at the (revoked) rights.
    await expect(api.pool.query(`UPDATE audit_rows SET action = 'EDITED'`)).rejects.toThrow(/permission denied|cannot update view/);
    await expect(api.pool.query(`DELETE FROM audit_rows`)).rejects.toThrow(/permission denied|cannot delete from view/);
  });
  it('cannot write the legacy audit rows at all', async () => {
    await expect(
      api.pool.query(`INSERT INTO audit_log_legacy (actor_sub, action, entity_type, outcome, request_id) VALUES ('x', 'x', 'x', 'SUCCESS', 'x')`),
    ).rejects.toThrow(/permission denied/);
  });
  it('has the ordinary rights on every other table, also those of later migrations (default privileges)', async () => {
    const { rows } = await api.pool.query<{ table: string; rights: boolean }>(
      `SELECT tablename AS table,
        has_table_privilege(format('public.%I', tablename), 'SELECT, INSERT, UPDATE, DELETE') AS rights
      FROM pg_tables WHERE schemaname = 'public' AND tablename <> ALL($1)`,
      [PROTECTED],
    );
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.filter((r) => !r.rights).map((r) => r.table)).toEqual([]);
  });
});

describe('defence in depth: the append-only triggers hold even for the owner', () => {
  it.each(['audit_log', 'audit_id_sets', 'record_history'])('%s refuses UPDATE, DELETE and TRUNCATE by the owner', async (table) => {
    const owner = api.ownerPool();
    await expect(owner.query(`UPDATE ${table} ${EDIT[table]}`)).rejects.toThrow(/append-only/);
    await expect(owner.query(`DELETE FROM ${table}`)).rejects.toThrow(/append-only/);
    await expect(owner.query(`TRUNCATE ${table}`)).rejects.toThrow(/append-only/);
  });
  it('the only update allowed is sealing: chain fields of an unsealed row, content unchanged', async () => {
    const owner = api.ownerPool();
    const { rows } = await owner.query(`INSERT INTO audit_log (at, actor_sub, action, method, outcome, request_id, content_hash)
      VALUES (now(), 'x', 'READ', 'GET', 'SUCCESS', 'r', repeat('a', 64)) RETURNING id`);
    await expect(
      owner.query(`UPDATE audit_log SET chain_seq = -1, prev_hash = 'p', row_hash = 'h', action = 'EDITED' WHERE id = $1`, [rows[0].id]),
    ).rejects.toThrow(/append-only/);
  });
});

describe('the server refuses to start as a role that can edit the audit trail', () => {
  it('an app on the owner connection does not start', async () => {
    const dbName = 'unused';
    const app = await buildApp({ config: testConfig('owner', dbName), pool: api.ownerPool(), logger: false });
    await expect(app.ready()).rejects.toThrow(/can change or delete audit rows/);
    await app.close();
  });
});
