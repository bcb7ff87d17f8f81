import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/domain/shared/headers';
import { B, bookingFixtures } from '../booking-helpers';
import { DEMO, env, startApi, type TestApi } from '../helpers';

/**
 * Issue 23: every creation a user can double-submit answers once per Idempotency-Key. Each is sent twice at once
 * with one key: one record, and both answers the same (the second one a replay).
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);

const jane = () => env().cognito.subs[DEMO.clinician];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const count = async (sql: string, params: unknown[]) => (await one(sql, params)).n as number;

/** The same request twice at the same moment with one key: both answers, the first equal to the second. */
async function twiceAtOnce(method: 'POST', url: string, as: string, body?: unknown) {
  const key = randomUUID();
  const answers = await Promise.all([1, 2].map(() => api.call(method, url, { as, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })));
  expect(answers[0].status, JSON.stringify(answers[0].body)).toBeLessThan(300);
  expect(answers[1].status).toBe(answers[0].status);
  expect(answers[1].body).toEqual(answers[0].body);
  expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
  return answers[0];
}

describe('double-submitted creations with one Idempotency-Key', () => {
  it('lab order request: one kit and lab request', async () => {
    const patientId = (await one(`SELECT id FROM patients WHERE state = 'NV' AND gender_at_birth IS NOT NULL ORDER BY id LIMIT 1`)).id;
    const now = Math.floor(Date.now() / 1000);
    const reqEpochSec = now - 60 - Math.floor(Math.random() * 1000); // this test's own order
    const res = await twiceAtOnce('POST', '/secure/kit/labOrderRequest', DEMO.clinician, {
      reqEpochSec,
      collectionEpochSec: now - 3600,
      patientId,
      clinicianId: 'someone-else',
      labName: 'LIFESCAN',
      careLocation: 'Care Hub Las Vegas Charleston',
      panelTestSpecifications: [{ testOrPanelName: 'Performer Panel', panel: true, testCode: 'LSP104', editable: true }],
    });
    expect(res.status).toBe(201);
    expect(await count(`SELECT count(*)::int AS n FROM kits WHERE patient_id = $1 AND created_at > now() - interval '1 minute'`, [patientId])).toBe(
      1,
    );
    expect(await count(`SELECT count(*)::int AS n FROM lab_requests WHERE kit_id = $1`, [res.body.kitId])).toBe(1);
  });

  it('test result creation: one result', async () => {
    const { kit_id: kit } = await one(
      `SELECT lr.kit_id FROM lab_requests lr LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id
        WHERE lr.clinician_id = $1 AND lr.status = 'APPROVED' AND lr.patient_state IN ('NV','CO','CA','NY') AND tr.id IS NULL
        ORDER BY lr.kit_id LIMIT 1`,
      [jane()],
    );
    await twiceAtOnce('POST', '/secure/testResult', DEMO.clinician, {
      kitId: kit,
      resultData: [{ testName: 'Chlamydia trachomatis', testValue: 'Detected' }],
    });
    expect(await count(`SELECT count(*)::int AS n FROM test_results WHERE kit_id = $1`, [kit])).toBe(1);
  });

  it('lab patient message and appointment request: one secure message each', async () => {
    const row = await one(
      `SELECT id, kit_id FROM test_results WHERE clinician_id = $1 AND status = 'NEEDS_CLINICIAN_REVIEW'
      AND patient_state IN ('NV','CO','CA','NY') ORDER BY id LIMIT 1`,
      [jane()],
    );
    const text = `Please call us ${randomUUID()}`;
    await twiceAtOnce('POST', '/secure/testResult/patientMessage', DEMO.clinician, { kitId: row.kit_id, message: text });
    expect(await count(`SELECT count(*)::int AS n FROM messages WHERE content LIKE $1`, [`%${text}%`])).toBe(1);
    const appt = `Please book via {meetingLink} ${randomUUID()}`;
    await twiceAtOnce('POST', '/secure/testResult/appointmentRequest', DEMO.clinician, { testResultId: row.id, message: appt });
    expect(await count(`SELECT count(*)::int AS n FROM messages WHERE content LIKE $1`, [`%${appt.slice(-36)}%`])).toBe(1);
  });

  it('add product: one line on the booking', async () => {
    const id = await fx.booking({ state: 'NV' });
    const before = await count(`SELECT count(*)::int AS n FROM booking_products WHERE booking_id = $1`, [id]);
    const res = await twiceAtOnce('POST', `${B}/addProduct/${id}`, DEMO.staff, {
      id: 'pnl-vip',
      name: 'The VIP Panel',
      slug: 'the-vip-panel',
      variantId: null,
      unitPrice: 299,
    });
    expect(res.body.uniqueId).toBeTruthy();
    expect(await count(`SELECT count(*)::int AS n FROM booking_products WHERE booking_id = $1`, [id])).toBe(before + 1);
  });

  it('collect payment: paid once, both answers the success (no 409 "already paid" for the double click)', async () => {
    const id = await fx.booking({ state: 'CO' });
    await api.pool.query(`DELETE FROM booking_products WHERE booking_id = $1`, [id]);
    const line = await fx.product(id, false);
    const res = await twiceAtOnce('POST', `${B}/collectPayment/${id}`, DEMO.staff, {
      rows: [{ uniqueId: line, collected: 79, discount: 0, mode: 'Cash' }],
    });
    expect(res.status).toBe(200);
    expect(await one(`SELECT payment_status, paid_cents FROM booking_products WHERE unique_id = $1`, [line])).toEqual({
      payment_status: 'PAID_CASH',
      paid_cents: 7900,
    });
  });

  it('pay link, sign-up link and visit summary: one mail each', async () => {
    const id = await fx.booking({ state: 'NV', hasAccount: false });
    await fx.product(id, false);
    await twiceAtOnce('POST', `${B}/sendPayLink/${id}`, DEMO.staff);
    await twiceAtOnce('POST', `${B}/sendSignUpLink/${id}`, DEMO.staff);
    const mails = (await api.pool.query(`SELECT kind FROM mail_outbox WHERE booking_id = $1 ORDER BY kind`, [id])).rows.map((r) => r.kind);
    expect(mails).toEqual(['PAY_LINK', 'SIGN_UP_LINK']);
    const member = await fx.booking({ state: 'NV', hasAccount: true });
    await twiceAtOnce('POST', `${B}/sendPatientSummary/${member}`, DEMO.clinician, { summary: 'Your visit today' });
    expect(await count(`SELECT count(*)::int AS n FROM mail_outbox WHERE booking_id = $1 AND kind = 'PATIENT_SUMMARY'`, [member])).toBe(1);
  });

  it('licence and clinician template: one record each', async () => {
    const licenseId = `LIC-${randomUUID().slice(0, 8)}`;
    const res = await twiceAtOnce('POST', '/secure/license', DEMO.clinician, {
      state: 'UT',
      licenseId,
      expirationDate: '2031-05-05',
      goodStanding: true,
      acknowledgement: true,
    });
    expect(res.status).toBe(201);
    expect(await count(`SELECT count(*)::int AS n FROM licences WHERE license_id = $1`, [licenseId])).toBe(1);
    const name = `Template ${randomUUID()}`;
    await twiceAtOnce('POST', '/secure/clinician/template', DEMO.clinician, { name, description: '<p>Hello</p>' });
    expect(await count(`SELECT count(*)::int AS n FROM clinician_templates WHERE name = $1`, [name])).toBe(1);
  });
});
