import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, inRolledBackTx, startApi, type TestApi } from './helpers';

/**
 * The dashboard's counters (dashboard_counts, migration 0017) are kept by triggers: after every kind of write they
 * equal the counts recomputed from the tables, and the summary's counts follow the writes at once.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

/** The counters recomputed from the tables, exactly as the migration fills them. */
const RECOMPUTED = `
  SELECT 'result' AS source, status, COALESCE(care_location, '') AS care_location, COALESCE(patient_state, '') AS patient_state, '' AS clinician_key, count(*)::int AS n
    FROM test_results GROUP BY 2, 3, 4
  UNION ALL SELECT 'kit', status, COALESCE(care_location, ''), COALESCE(patient_state, ''), '', count(*)::int FROM kits GROUP BY 2, 3, 4
  UNION ALL SELECT 'order', o.status, COALESCE(o.care_location, ''), COALESCE(p.state, ''), '', count(*)::int
    FROM orders o LEFT JOIN patients p ON p.id = o.patient_id GROUP BY 2, 3, 4
  UNION ALL SELECT 'message', 'UNREAD', '', COALESCE(p.state, ''), COALESCE(m.to_clinician_id::text, ''), count(*)::int
    FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.unread AND m.from_actor_type = 'P' GROUP BY 2, 3, 4, 5`;

async function expectCountersRight(db: Pick<PoolClient, 'query'>, what: string) {
  const kept = await db.query(`SELECT source, status, care_location, patient_state, clinician_key, n::int AS n FROM dashboard_counts
    WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5`);
  const real = await db.query(`SELECT * FROM (${RECOMPUTED}) r ORDER BY 1, 2, 3, 4, 5`);
  expect(kept.rows, what).toEqual(real.rows);
  expect(kept.rows.length, what).toBeGreaterThan(10);
}

/** Writes checked inside a transaction that is rolled back. */
const inTx = (fn: (c: PoolClient) => Promise<void>) => inRolledBackTx(api.pool, fn);

const oneKit = async (c: PoolClient, status: string) =>
  (await c.query(`SELECT kit_id, patient_id FROM kits WHERE status = $1 AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 1`, [status])).rows[0];

describe('dashboard counters', () => {
  it('start equal to the tables', async () => {
    await expectCountersRight(api.pool, 'after the seed');
  });

  it('follow inserts, updates (status, care location, patient state) and deletes of test results and kits', async () => {
    await inTx(async (c) => {
      const kit = await oneKit(c, 'REGISTERED');
      await c.query(`UPDATE kits SET status = 'REJECTED' WHERE kit_id = $1`, [kit.kit_id]);
      await expectCountersRight(c, 'kit status');
      await c.query(`UPDATE kits SET care_location = 'ONLINE', patient_state = 'TX' WHERE status = 'PENDING_RESULTS'`);
      await expectCountersRight(c, 'many kits moved');
      await c.query(
        `INSERT INTO kits (kit_id, patient_id, patient_state, product_name, lab_name, requisition_id, status, care_location, created_at)
        SELECT 'KTC' || i, $1, 'NV', 'HPV', 'CDD', 'REQ-C' || i, 'PENDING_RESULTS', 'DENVER_CAREHUB_01', now() FROM generate_series(1, 3) i`,
        [kit.patient_id],
      );
      await expectCountersRight(c, 'kits inserted');
      await c.query(`INSERT INTO test_results (kit_id, status, patient_state, care_location, results, created_at, updated_at)
        VALUES ('KTC1', 'NEEDS_CLINICIAN_REVIEW', 'NV', 'DENVER_CAREHUB_01', '[]', now(), now())`);
      await expectCountersRight(c, 'result inserted');
      await c.query(`UPDATE test_results SET status = 'INCONCLUSIVE' WHERE status = 'NEEDS_CLINICIAN_REVIEW' AND patient_state = 'CO'`);
      await c.query(`UPDATE test_results SET patient_state = NULL, care_location = NULL WHERE kit_id = 'KTC1'`);
      await expectCountersRight(c, 'results updated');
      await c.query(`DELETE FROM test_results WHERE kit_id = 'KTC1'`);
      await c.query(`DELETE FROM kits WHERE kit_id LIKE 'KTC%'`);
      await expectCountersRight(c, 'deleted');
    });
  });

  it('are not written, and announce no change to the response cache, when no count moves', async () => {
    await inTx(async (c) => {
      const generation = async () =>
        Number((await c.query(`SELECT COALESCE(sum(n), 0) AS n FROM data_generation WHERE table_name = 'dashboard_counts'`)).rows[0].n);
      const at = await generation();
      const kit = await oneKit(c, 'REGISTERED');
      await c.query(`UPDATE kits SET status = status, care_location = care_location WHERE kit_id = $1`, [kit.kit_id]);
      await c.query(`UPDATE test_results SET notes_need_review = notes_need_review WHERE status = 'NEEDS_CLINICIAN_REVIEW'`);
      const sent = await c.query(`UPDATE messages SET subject = subject WHERE from_actor_type = 'C'`); // clinicians' messages count nowhere
      expect(sent.rowCount).toBeGreaterThan(0);
      expect(await generation()).toBe(at);
      await c.query(`UPDATE kits SET status = 'REJECTED' WHERE kit_id = $1`, [kit.kit_id]);
      expect(await generation()).toBeGreaterThan(at);
      await expectCountersRight(c, 'after the moves');
    });
  });

  it('follow orders and unread messages, and a patient moving to another state', async () => {
    await inTx(async (c) => {
      const kit = await oneKit(c, 'REGISTERED');
      await c.query(
        `INSERT INTO orders (id, kit_id, patient_id, status, email, vendor, care_location, created_at)
        VALUES ('ORD-C1', $1, $2, 'PENDING_SHIPMENT', 'c1@example.com', 'SHOPIFY', 'ONLINE', now())`,
        [kit.kit_id, kit.patient_id],
      );
      await expectCountersRight(c, 'order inserted');
      await c.query(
        `UPDATE orders SET status = 'SHIPPED' WHERE id IN (SELECT id FROM orders WHERE status = 'PENDING_SHIPMENT' ORDER BY id LIMIT 20)`,
      );
      await expectCountersRight(c, 'orders shipped');
      await c.query(
        `INSERT INTO messages (id, patient_id, to_clinician_id, subject, content, message_type, from_actor_type, unread, status, created_at)
        VALUES (gen_random_uuid(), $1, NULL, 's', '<p>x</p>', 'MESSAGE', 'P', true, 'NEEDS_REVIEW', now()),
               (gen_random_uuid(), $1, $2, 's', '<p>x</p>', 'MESSAGE', 'P', true, 'NEEDS_REVIEW', now()),
               (gen_random_uuid(), $1, $2, 's', '<p>x</p>', 'MESSAGE', 'C', true, 'NEEDS_REVIEW', now())`,
        [kit.patient_id, env().cognito.subs[DEMO.clinician]],
      );
      await expectCountersRight(c, 'messages inserted');
      await c.query(`UPDATE messages SET unread = false WHERE id IN (SELECT id FROM messages WHERE unread ORDER BY id LIMIT 30)`);
      await expectCountersRight(c, 'messages read');
      await c.query(`UPDATE patients SET state = CASE state WHEN 'NV' THEN 'TX' ELSE state END WHERE id = $1 OR state = 'NV'`, [kit.patient_id]);
      await expectCountersRight(c, 'patients moved');
      await c.query(`UPDATE patients SET first_name = first_name WHERE id = $1`, [kit.patient_id]);
      for (const t of ['message_reads', 'message_annotations', 'message_attachments']) {
        await c.query(`DELETE FROM ${t} WHERE message_id IN (SELECT id FROM messages WHERE patient_id = $1)`, [kit.patient_id]);
      }
      await c.query(`DELETE FROM messages WHERE patient_id = $1`, [kit.patient_id]);
      await c.query(`DELETE FROM orders WHERE id = 'ORD-C1'`);
      await expectCountersRight(c, 'deleted');
    });
  });

  it("today's appointments count the bookings starting today in the reader's zone, by patient state and care location, after a patient moves", async () => {
    const count = async (query: string) =>
      (await api.call('GET', `/secure/dashboard/summary?${query}`, { as: DEMO.clinician })).body.cards.find(
        (c: { key: string }) => c.key === 'todaysAppointments',
      ).count as number;
    const recomputed = (states: string[] | null, location: string | null) =>
      api.pool
        .query<{ n: number }>(
          `
      SELECT count(*)::int AS n FROM bookings b JOIN patients p ON p.id = b.patient_id,
             (SELECT COALESCE(timezone, 'UTC') AS tz FROM clinicians WHERE email = $3) z
       WHERE b.start_at >= date_trunc('day', now() AT TIME ZONE z.tz) AT TIME ZONE z.tz
         AND b.start_at < (date_trunc('day', now() AT TIME ZONE z.tz) + interval '1 day') AT TIME ZONE z.tz
         AND ($1::text[] IS NULL OR p.state = ANY($1)) AND ($2::text IS NULL OR b.care_location = $2)`,
          [states, location, DEMO.clinician],
        )
        .then((r) => r.rows[0].n);
    const MY = ['CA', 'CO', 'NV', 'NY'];
    const expectFollowed = async (what: string) => {
      expect(await count('stateMode=MY'), what).toBe(await recomputed(MY, null));
      expect(await count('stateMode=ALL&careLocation=DENVER_CAREHUB_01'), what).toBe(await recomputed(null, 'DENVER_CAREHUB_01'));
    };
    await expectFollowed('after the seed');
    expect(await recomputed(MY, null)).toBeGreaterThan(0);
    // A patient of one of today's bookings in My States moves out of them, and its booking to another care location.
    const {
      rows: [moved],
    } = await api.pool.query(
      `SELECT b.id, b.care_location, p.id AS patient_id, p.state FROM bookings b
      JOIN patients p ON p.id = b.patient_id WHERE p.state = ANY($1) AND b.start_at >= now() - interval '12 hours'
       AND b.start_at < now() + interval '12 hours' ORDER BY b.start_at, b.id LIMIT 1`,
      [MY],
    );
    try {
      await api.pool.query(`UPDATE patients SET state = 'TX' WHERE id = $1`, [moved.patient_id]);
      await api.pool.query(
        `UPDATE bookings SET care_location = CASE WHEN care_location = 'DENVER_CAREHUB_01' THEN 'ONLINE' ELSE 'DENVER_CAREHUB_01' END
        WHERE id = $1`,
        [moved.id],
      );
      await expectFollowed('after the move');
    } finally {
      await api.pool.query(`UPDATE patients SET state = $2 WHERE id = $1`, [moved.patient_id, moved.state]);
      await api.pool.query(`UPDATE bookings SET care_location = $2 WHERE id = $1`, [moved.id, moved.care_location]);
    }
    await expectFollowed('after the move back');
  });

  it('the summary count follows a write through the API (override of an automatic release)', async () => {
    const summary = async () =>
      (await api.call('GET', '/secure/dashboard/summary?stateMode=MY', { as: DEMO.clinician })).body.cards.find(
        (c: { key: string }) => c.key === 'needingReview',
      ).count as number;
    const before = await summary();
    const { rows } = await api.pool.query(
      `SELECT kit_id FROM test_results WHERE status = 'AUTO_RELEASE_SCHEDULED'
      AND patient_state = ANY($1) ORDER BY kit_id LIMIT 1`,
      [['CA', 'CO', 'NV', 'NY']],
    );
    const res = await api.call('POST', `/secure/testResult/overrideForManualClinicianReview/${rows[0].kit_id}`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(await summary()).toBe(before + 1);
    await expectCountersRight(api.pool, 'after the API write');
  });
});
