import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';
import { JANE_STATES } from './scope-helpers';

/**
 * A refused write whose targets come in its body (the messages of addAnnotationToMsgs, the kits of a Manage Lab
 * Order batch) names each of them in its audit row, as a refused request by id names the id of its path: the access
 * log finds the probe by any one of the records.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const rowsOf = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows;

describe('refused writes name the record ids of their body', () => {
  it('addAnnotationToMsgs on messages of a patient outside the licence states: 404, each message id in the DENIED row', async () => {
    const ids = (
      await rowsOf(
        `SELECT m.id FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE NOT (p.state = ANY($1::text[])) ORDER BY m.id LIMIT 2`,
        [JANE_STATES],
      )
    ).map((r) => r.id as string);
    expect(ids).toHaveLength(2);
    const { res, rows } = await api.audited(() =>
      api.call('POST', '/secure/message/addAnnotationToMsgs', {
        as: DEMO.clinician,
        body: { msgIds: ids.join(','), status: 'DONE', comment: 'probe' },
      }),
    );
    expect(res.status).toBe(404);
    expect(rows).toHaveLength(1);
    expect(rows[0].outcome).toBe('DENIED');
    expect([...rows[0].entity_ids].sort()).toEqual([...ids].sort());
  });

  it('addAnnotationToMsgs by a read-only role (403): the message ids in the row', async () => {
    const [{ id }] = await rowsOf(`SELECT id FROM messages ORDER BY id LIMIT 1`);
    const { res, rows } = await api.audited(() =>
      api.call('POST', '/secure/message/addAnnotationToMsgs', {
        as: DEMO.auditor,
        body: { msgIds: id, status: 'DONE', comment: 'probe' },
      }),
    );
    expect(res.status).toBe(403);
    expect(rows[0]).toMatchObject({ outcome: 'DENIED', entity_ids: [id] });
  });

  it('a kit batch action by a role without product-order access (403): each kit id in the row', async () => {
    const kits = (await rowsOf(`SELECT kit_id FROM kits ORDER BY kit_id LIMIT 2`)).map((r) => r.kit_id as string);
    const { res, rows } = await api.audited(() =>
      api.call('PATCH', '/secure/kit/cancelLabOrders', {
        as: DEMO.auditor,
        body: { kitIds: kits.join(','), comment: 'probe' },
      }),
    );
    expect(res.status).toBe(403);
    expect(rows[0].outcome).toBe('DENIED');
    expect([...rows[0].entity_ids].sort()).toEqual([...kits].sort());
  });

  it('a kit batch refused for a kit outside the licence states (409): each kit id in the row, findable one by one', async () => {
    const kits = (
      await rowsOf(
        `SELECT kit_id FROM kits WHERE status = 'SAMPLE_COLLECTED_PENDING_REVIEW' AND NOT (patient_state = ANY($1::text[]))
      AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 2`,
        [JANE_STATES],
      )
    ).map((r) => r.kit_id as string);
    expect(kits).toHaveLength(2);
    const { res, rows } = await api.audited(() =>
      api.call('PATCH', '/secure/kit/cancelLabOrders', {
        as: DEMO.clinician,
        body: { kitIds: kits.join(','), comment: 'probe' },
      }),
    );
    expect(res.status).toBe(409);
    expect(rows).toHaveLength(1);
    expect([...rows[0].entity_ids].sort()).toEqual([...kits].sort());
  });
});
