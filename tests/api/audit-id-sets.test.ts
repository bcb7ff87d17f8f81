import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogRows } from '../../src/server/access-log/repository';
import { verifyAuditChain } from '../../src/server/audit/chain';
import { auditIdSetHash } from '../../src/server/audit/hash';
import { ID_SET_MIN } from '../../src/server/audit/id-sets';
import { DEMO, startApi, type AuditLogRow, type TestApi } from './helpers';
import { restQuery } from './rest-list';

/**
 * Long id lists (migration 0035): a read that returns many records names its lists by hash, stored once in
 * audit_id_sets. Nothing of the audit may change for it: the resolved row, the access log's filters, the verifier.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const DAY = 86_400_000;
const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
// The widest calendar range (45 days) as the auditor (nothing masked): every booking of the demo data in it.
const WIDE = `/secure/booking/v1/bookings?from=${iso(Date.now() - 22 * DAY)}&to=${iso(Date.now() + 22 * DAY)}&view=events`;

/** The calendar read and its one audit row, resolved (audit_rows) and as stored (audit_log). */
async function wideRead() {
  const { res, rows } = await api.audited(() => api.call('GET', WIDE, { as: DEMO.auditor, headers: { 'cache-control': 'no-cache' } }));
  expect(res.status).toBe(200);
  expect(rows).toHaveLength(1);
  const stored = (await api.pool.query('SELECT entity_ids, patient_ids, id_set FROM audit_log WHERE id = $1', [rows[0].id])).rows[0];
  return { body: res.body as Array<{ id: string }>, row: rows[0] as AuditLogRow & { id_set: string | null }, stored };
}

describe('an audit row with a long id list', () => {
  it('names its lists by hash; the view gives the row with every id; the same read again stores no second list', async () => {
    const first = await wideRead();
    expect(first.row.entity_ids.length + first.row.patient_ids.length).toBeGreaterThanOrEqual(ID_SET_MIN);
    expect([...first.row.entity_ids].sort()).toEqual(first.body.map((e) => e.id).sort());
    expect(first.stored).toMatchObject({ entity_ids: [], patient_ids: [] });
    expect(first.stored.id_set).toBe(auditIdSetHash(first.row.entity_ids, first.row.patient_ids));

    const again = await wideRead();
    expect(again.stored.id_set).toBe(first.stored.id_set);
    expect((await api.pool.query('SELECT count(*)::int AS n FROM audit_id_sets WHERE hash = $1', [first.stored.id_set])).rows[0].n).toBe(1);
  });

  it("sealing merges the lists' GIN pending lists too, so no request insert has to", async () => {
    // A list not stored yet: a range one day shorter.
    const { rows } = await api.audited(() => api.call('GET', WIDE.replace(/from=[^&]+/, `from=${iso(Date.now() - 21 * DAY)}`), { as: DEMO.auditor }));
    expect((await api.pool.query('SELECT id_set FROM audit_log WHERE id = $1', [rows[0].id])).rows[0].id_set).not.toBeNull();
    await api.pool.query('SELECT audit_seal(5000)');
    for (const index of ['audit_id_sets_patient_ids_idx', 'audit_id_sets_entity_ids_idx']) {
      const { rows: left } = await api.ownerPool().query('SELECT gin_clean_pending_list($1::regclass) AS pages', [index]);
      expect(Number(left[0].pages), index).toBe(0);
    }
  });

  it('a short list stays in the row itself', async () => {
    const { rows } = await api.audited(() => api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=5', { as: DEMO.clinician }));
    const stored = (await api.pool.query('SELECT id_set, cardinality(entity_ids) AS n FROM audit_log WHERE id = $1', [rows[0].id])).rows[0];
    expect(stored.id_set).toBeNull();
    expect(stored.n).toBe(rows[0].entity_ids.length);
  });

  it('the PHI access log finds the row by a patient and by a record in its list, before and after sealing', async () => {
    const { row } = await wideRead();
    const patientId = row.patient_ids[row.patient_ids.length - 1];
    const entityId = row.entity_ids[0];
    const found = async (filter: { patientId?: string; entityId?: string }) =>
      (await api.call('GET', `/secure/auditLog?${restQuery({ filter, range: [0, 199] })}`, { as: DEMO.auditor })).body as Array<{
        id: string;
        patientIds: string[];
        entityIds: string[];
      }>;
    for (const sealed of [false, true]) {
      if (sealed) await api.pool.query('SELECT audit_seal(5000)');
      for (const q of [{ patientId }, { entityId }, { patientId, entityId }]) {
        const hit = (await found(q)).find((i) => i.id === String(row.id));
        expect(hit, `${JSON.stringify(q)}, sealed ${sealed}`).toBeDefined();
        expect(hit!.patientIds).toContain(patientId);
        expect(hit!.entityIds).toHaveLength(row.entity_ids.length);
      }
      expect((await found({ patientId, entityId: 'NO-SUCH-RECORD' })).some((i) => i.id === String(row.id))).toBe(false);
    }
    // The export reads in batches, keyset inside both halves of the patient filter: the same rows as one batch.
    const ids = async (batch: number) => {
      const out: string[] = [];
      for await (const r of accessLogRows(api.pool, { patientId }, 10_000, batch)) out.push(r.id);
      return out;
    };
    const all = await ids(10_000);
    expect(all).toContain(String(row.id));
    expect(await ids(1)).toEqual(all);
  });

  it('pages of the access log interleave inline rows and rows naming a list in time order, both ways, page after page', async () => {
    const { row } = await wideRead();
    const patientId = row.patient_ids[0];
    // Inline rows for the same patient between and after list rows: the patient's own detail, read twice.
    for (let i = 0; i < 2; i++) {
      expect((await api.call('GET', `/secure/patient/detailsBySubId/${patientId}`, { as: DEMO.auditor })).status).toBe(200);
      await wideRead();
    }
    const all: string[] = [];
    for await (const r of accessLogRows(api.pool, { patientId }, 10_000)) all.push(r.id);
    const kinds = await api.pool.query(
      'SELECT count(*) FILTER (WHERE id_set IS NULL)::int AS inline, count(*) FILTER (WHERE id_set IS NOT NULL)::int AS listed FROM audit_log WHERE id = ANY($1::bigint[])',
      [all],
    );
    expect(kinds.rows[0].inline).toBeGreaterThanOrEqual(2);
    expect(kinds.rows[0].listed).toBeGreaterThanOrEqual(3);
    for (const order of ['DESC', 'ASC'] as const) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
        const q = restQuery({ filter: { patientId }, range: [(page - 1) * 2, page * 2 - 1], sort: ['at', order] });
        const res = await api.call('GET', `/secure/auditLog?${q}`, { as: DEMO.auditor });
        paged.push(...res.body.map((i: { id: string }) => i.id));
      }
      // Rows are written in time order, so id order is time order here.
      const expected = [...all].sort((a, b) => Number(a) - Number(b));
      expect(paged).toEqual(order === 'ASC' ? expected : expected.reverse());
    }
  });

  it('the verifier names the first row whose stored list an owner edited, and passes once it is put back', async () => {
    const { row, stored } = await wideRead();
    const owner = await api.ownerPool().connect();
    const edit = async (entityIds: string[]) => {
      await owner.query('BEGIN');
      await owner.query('ALTER TABLE audit_id_sets DISABLE TRIGGER USER');
      await owner.query('UPDATE audit_id_sets SET entity_ids = $2 WHERE hash = $1', [stored.id_set, entityIds]);
      await owner.query('ALTER TABLE audit_id_sets ENABLE TRIGGER USER');
      await owner.query('COMMIT');
    };
    try {
      const firstNaming = (await api.pool.query('SELECT min(id) AS id FROM audit_log WHERE id_set = $1', [stored.id_set])).rows[0].id;
      await edit(row.entity_ids.slice(1));
      const broken = await verifyAuditChain(api.pool);
      expect(broken).toMatchObject({ ok: false, rowId: Number(firstNaming) });
      if (!broken.ok) expect(broken.problem).toMatch(/content does not match/);
      await edit(row.entity_ids);
      expect((await verifyAuditChain(api.pool)).ok).toBe(true);
    } finally {
      owner.release();
    }
  });
});
