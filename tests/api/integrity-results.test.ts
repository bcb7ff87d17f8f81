import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const jane = () => env().cognito.subs[DEMO.clinician];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const result = (kit: string) => one(`SELECT status, results, external_notes FROM test_results WHERE kit_id = $1`, [kit]);
const used = new Set<string>();

/**
 * A kit of Jane's (valid licence state) whose lab request is APPROVED and whose test result already exists in
 * NEEDS_CLINICIAN_REVIEW with notes to the patient saved: both Create Test Report and Send Results are open on it.
 * Set up as the owner role, outside the API.
 */
async function reviewedKit(): Promise<string> {
  const { rows } = await api.pool.query(
    `SELECT lr.kit_id FROM lab_requests lr JOIN kits k ON k.kit_id = lr.kit_id JOIN test_results tr ON tr.kit_id = lr.kit_id
      WHERE lr.patient_state IN ('NV','CO','CA','NY') AND k.patient_id IS NOT NULL AND NOT (lr.kit_id = ANY($1))
      ORDER BY lr.kit_id LIMIT 1`,
    [[...used]],
  );
  const kit = rows[0].kit_id as string;
  used.add(kit);
  const owner = api.ownerPool();
  await owner.query(`UPDATE lab_requests SET status = 'APPROVED', clinician_id = $2 WHERE kit_id = $1`, [kit, jane()]);
  await owner.query(
    `UPDATE test_results SET status = 'NEEDS_CLINICIAN_REVIEW', clinician_id = $2,
    results = '[{"testName":"HIV-1/2","result":"Non-Reactive","units":"","summaryStatus":null}]'::jsonb WHERE kit_id = $1`,
    [kit, jane()],
  );
  const saved = await api.call('POST', `/secure/testResult/${kit}/notes`, {
    as: DEMO.clinician,
    body: { noteType: 'external', notes: 'Your HIV test was non-reactive.' },
  });
  expect(saved.status).toBe(200);
  return kit;
}
const create = (kit: string, value = 'Reactive') =>
  api.call('POST', '/secure/testResult', {
    as: DEMO.clinician,
    body: {
      kitId: kit,
      resultData: [{ testName: 'HIV-1/2', testValue: value }],
      resultFileS3Url: null,
    },
  });
const release = (kit: string) => api.call('PUT', `/secure/testResult/${kit}/notes/release`, { as: DEMO.clinician });

describe('creating a test result never touches a released result', () => {
  it('refuses (409) to create a result over a RESULTS_RELEASED or COMPLETE one; nothing changes', async () => {
    for (const status of ['RESULTS_RELEASED', 'COMPLETE']) {
      const kit = await reviewedKit();
      await api.ownerPool().query(`UPDATE test_results SET status = $2 WHERE kit_id = $1`, [kit, status]);
      const before = await result(kit);
      const res = await create(kit);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ msg: 'Conflict', reason: `the test result is already ${status}` });
      expect(await result(kit)).toEqual(before);
      expect((await one(`SELECT status FROM lab_requests WHERE kit_id = $1`, [kit])).status).toBe('APPROVED');
    }
  });

  it('create versus release at the same time: exactly one wins, and the released values are never overwritten', async () => {
    for (let round = 0; round < 6; round += 1) {
      const kit = await reviewedKit();
      // Alternate who is sent first; the server decides the order under the kit lock.
      const [c, r] =
        round % 2 === 0 ? await Promise.all([create(kit), release(kit)]) : await Promise.all([release(kit), create(kit)]).then(([a, b]) => [b, a]);
      const winners = [c.status, r.status].filter((s) => s === 200);
      expect(winners, `create ${c.status} ${JSON.stringify(c.body)} / release ${r.status} ${JSON.stringify(r.body)}`).toHaveLength(1);
      expect([c.status, r.status].filter((s) => s === 409)).toHaveLength(1);
      const after = await result(kit);
      if (r.status === 200) {
        // The release won: the patient was told the values that are stored; the create changed nothing.
        expect(after.status).toBe('RESULTS_RELEASED');
        expect(after.results).toEqual([{ testName: 'HIV-1/2', result: 'Non-Reactive', units: '', summaryStatus: null }]);
        expect(c.body.reason).toBe('the test result is already RESULTS_RELEASED');
      } else {
        // The create won: the new values wait for review; notes written for the old values are not sent unseen.
        expect(after.status).toBe('NEEDS_CLINICIAN_REVIEW');
        expect(after.results).toEqual([{ testName: 'HIV-1/2', result: 'Reactive', units: '', summaryStatus: null }]);
        expect(after.external_notes).toBe('Your HIV test was non-reactive.');
        expect(r.body.reason).toBe('the results changed after the notes to the patient were written; review and save the notes again');
        expect(
          (
            await one(
              `SELECT count(*)::int AS n FROM messages WHERE message_type = 'TEST_RESULT' AND reference_id = (SELECT id::text FROM test_results WHERE kit_id = $1)`,
              [kit],
            )
          ).n,
        ).toBe(0);
      }
    }
  });

  it('after results change, saving the notes again makes Send Results possible', async () => {
    const kit = await reviewedKit();
    expect((await create(kit)).status).toBe(200);
    expect((await release(kit)).status).toBe(409);
    expect(
      (
        await api.call('POST', `/secure/testResult/${kit}/notes`, {
          as: DEMO.clinician,
          body: { noteType: 'external', notes: 'Your HIV test was reactive; please call us.' },
        })
      ).status,
    ).toBe(200);
    expect((await release(kit)).status).toBe(200);
    expect((await result(kit)).status).toBe('RESULTS_RELEASED');
  });
});

describe('Create Test Report takes each test once', () => {
  it('refuses the same test twice on one result (400, clear text); nothing is stored', async () => {
    const kit = await reviewedKit();
    const before = await result(kit);
    for (const names of [
      ['Chlamydia trachomatis', 'Chlamydia trachomatis'],
      ['Chlamydia trachomatis', '  chlamydia TRACHOMATIS '],
    ]) {
      const res = await api.call('POST', '/secure/testResult', {
        as: DEMO.clinician,
        body: {
          kitId: kit,
          resultData: [
            { testName: names[0], testValue: 'Reactive' },
            { testName: names[1], testValue: 'Detected' },
          ],
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Invalid request');
      expect(res.body.reason).toContain('Each test can be entered only once: Chlamydia trachomatis');
    }
    expect(await result(kit)).toEqual(before);
  });
});

describe('Cancel auto release follows the shared rule (unassigned or mine)', () => {
  it('refuses (403) to override a result assigned to another clinician; nothing changes', async () => {
    const row = await one(`SELECT kit_id FROM test_results WHERE status = 'AUTO_RELEASE_SCHEDULED' AND patient_state IN ('NV','CO','CA','NY')
      ORDER BY kit_id LIMIT 1`);
    const other = await one(`SELECT id FROM clinicians WHERE id <> $1 ORDER BY id LIMIT 1`, [jane()]);
    await api.ownerPool().query(`UPDATE test_results SET clinician_id = $2 WHERE kit_id = $1`, [row.kit_id, other.id]);
    const res = await api.call('POST', `/secure/testResult/overrideForManualClinicianReview/${row.kit_id}`, { as: DEMO.clinician });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('Assigned to another clinician OR license ineligible');
    expect(await one(`SELECT status, clinician_id FROM test_results WHERE kit_id = $1`, [row.kit_id])).toEqual({
      status: 'AUTO_RELEASE_SCHEDULED',
      clinician_id: other.id,
    });
  });
});

describe('a double-submitted lab action is answered once (Idempotency-Key)', () => {
  it('approve and release sent twice with one key: both answered 200 with the first answer, one transition, one message', async () => {
    const { randomUUID } = await import('node:crypto');
    const { rows } = await api.pool.query(
      `SELECT lr.kit_id FROM lab_requests lr WHERE lr.clinician_id = $1 AND lr.status = 'REGISTERED'
      AND lr.patient_state IN ('NV','CO','CA','NY') AND NOT (lr.kit_id = ANY($2)) ORDER BY lr.kit_id LIMIT 1`,
      [jane(), [...used]],
    );
    const kit = rows[0].kit_id as string;
    used.add(kit);
    const key = randomUUID();
    const twice = await Promise.all(
      [1, 2].map(() =>
        api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body: { kitId: kit }, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice[1].body).toEqual(twice[0].body);
    expect((await one(`SELECT count(*)::int AS n FROM record_history WHERE entity_id = $1 AND action = 'APPROVE'`, [kit])).n).toBe(1);

    const reviewed = await reviewedKit();
    const releaseKey = randomUUID();
    const sends = await Promise.all(
      [1, 2].map(() =>
        api.call('PUT', `/secure/testResult/${reviewed}/notes/release`, { as: DEMO.clinician, headers: { 'idempotency-key': releaseKey } }),
      ),
    );
    expect(sends.map((r) => r.status)).toEqual([200, 200]);
    expect(
      (
        await one(
          `SELECT count(*)::int AS n FROM messages WHERE message_type = 'TEST_RESULT' AND reference_id = (SELECT id::text FROM test_results WHERE kit_id = $1)`,
          [reviewed],
        )
      ).n,
    ).toBe(1);
  });
});
