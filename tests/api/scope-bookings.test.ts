import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B } from './booking-helpers';
import { DEMO, env, startApi, type TestApi } from './helpers';
import { CALLERS, expectFullyMasked, expectNoClinicalKeys, expectNoIdentifiers, JANE_STATES, outsidePatients, type Row } from './scope-helpers';

/**
 * Minimum necessary on bookings, chart notes and patient details (spec 1 §6, spec 2 §6, spec 3 §6), and the
 * writes that look a record up: outside the scope a record is 404, never 403 (security review F9).
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const DAY = 86_400_000;
const calendar = () =>
  `${B}/bookings?from=${encodeURIComponent(new Date(Date.now() - 20 * DAY).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 20 * DAY).toISOString())}`;
const search = { searchType: 'BOOKING_STATUS', bookingStatus: 'BOOKED_CONFIRMED', perPage: 500 };

/** A booking (with its patient and a kit of that patient) whose patient state is outside `states`. */
async function outsideBooking(states: readonly string[]) {
  return one(
    `SELECT b.id, b.patient_id AS "patientId", p.email, p.last_name AS "lastName", p.dob::text AS dob, p.phone,
      (SELECT k.kit_id FROM kits k JOIN test_results tr ON tr.kit_id = k.kit_id WHERE k.patient_id = p.id LIMIT 1) AS "kitId",
      (SELECT tr.id FROM kits k JOIN test_results tr ON tr.kit_id = k.kit_id WHERE k.patient_id = p.id LIMIT 1) AS "testResultId"
    FROM bookings b JOIN patients p ON p.id = b.patient_id
    WHERE NOT (p.state = ANY($1::text[])) AND p.phone IS NOT NULL
      AND EXISTS (SELECT 1 FROM kits k JOIN test_results tr ON tr.kit_id = k.kit_id WHERE k.patient_id = p.id)
    ORDER BY b.id LIMIT 1`,
    [states],
  );
}

describe.each(CALLERS)('bookings, chart notes and patients for $name', ({ who, states }) => {
  it('booking lists mask every row outside the valid licence states and name no out-of-scope patient', async () => {
    const outside = await outsidePatients(api, states);
    const lists = [
      { what: 'findBookings', res: await api.call('POST', `${B}/findBookings`, { as: who, body: search }), items: (b: any) => b.items },
      { what: 'calendar', res: await api.call('GET', calendar(), { as: who }), items: (b: any) => b },
    ];
    for (const { what, res, items } of lists) {
      expect(res.status, what).toBe(200);
      expect(items(res.body).length, what).toBeGreaterThan(0);
      expectNoIdentifiers(res.body, outside, what);
      for (const r of items(res.body) as Row[]) {
        if (r.masked) expectFullyMasked(r, `${what} ${r.id}`, ['id']);
        else expect(states, `${what} ${r.id}`).toContain(r.state);
      }
    }
    const csv = await api.call('POST', `${B}/findBookings/export`, { as: who, body: search });
    expect(csv.status).toBe(200);
    expectNoIdentifiers(String(csv.body), outside, 'findBookings/export');
  });

  it('a search by an out-of-scope patient e-mail, surname and birth date, or phone finds none of its bookings', async () => {
    const b = await outsideBooking(states);
    for (const body of [
      { searchType: 'EMAIL_ID', emailId: b.email },
      { searchType: 'LASTNAME_DOB', lastName: b.lastName, dob: b.dob },
      { searchType: 'MOBILE_NO', mobileNo: b.phone },
    ]) {
      const res = await api.call('POST', `${B}/findBookings`, { as: who, body });
      expect(res.status, body.searchType).toBe(200);
      expect(
        res.body.items.filter((r: Row) => r.masked || r.id === b.id),
        body.searchType,
      ).toEqual([]);
      expect(res.body.total, body.searchType).toBe(res.body.items.length);
      const auditor = await api.call('POST', `${B}/findBookings`, { as: DEMO.auditor, body });
      expect(
        auditor.body.items.map((r: Row) => r.id),
        body.searchType,
      ).toContain(b.id);
    }
  });

  it('single records of an out-of-scope patient are 404: booking detail and its parts, chart notes, patient details', async () => {
    const b = await outsideBooking(states);
    await api.pool.query(
      `INSERT INTO chart_notes (person_id, note, note_type, reference_id, reference_type, status, visibility, author_id, author_name)
      VALUES ($1, '<p>Scope test note</p>', 'CLINICIAN_NOTE', $2, 'BOOKING', 'DRAFT', 'INTERNAL_NOTE', $3, 'Jane Doe'),
             ($1, '<p>Scope test note</p>', 'CLINICIAN_NOTE', $4, 'KIT', 'PUBLISHED', 'INTERNAL_NOTE', $3, 'Jane Doe')`,
      [b.patientId, b.id, env().cognito.subs[who], b.kitId],
    );
    for (const url of [
      `${B}/get/${b.id}`,
      `${B}/onboardStatus/${b.id}`,
      `${B}/orderSummary/${b.id}`,
      `/api/booking/orderPaySummary?id=${b.id}`,
      `${B}/${b.id}/documents`,
      `${B}/outbox/${b.id}`,
      `${B}/patient/bookings/${b.patientId}`,
      `/secure/chartNote/patient/${b.patientId}`,
      `/secure/chartNote/booking/${b.id}`,
      `/secure/chartNote/kit/${b.kitId}`,
      `/secure/chartNote/testResult/${b.testResultId}`,
      `/secure/chartNote/latestDraft?personId=${b.patientId}&referenceId=${b.id}&referenceType=BOOKING`,
      `/secure/patient/detailsBySubId/${b.patientId}`,
    ]) {
      const res = await api.call('GET', url, { as: who });
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body), url).not.toMatch(/@example\.com|Scope test note/);
    }
    // The auditor reads the same records, so the 404s above are the scope, not missing data.
    for (const url of [`${B}/get/${b.id}`, `/secure/chartNote/booking/${b.id}`, `/secure/patient/detailsBySubId/${b.patientId}`]) {
      expect((await api.call('GET', url, { as: DEMO.auditor })).status, url).toBe(200);
    }
  });
});

describe('in scope, Jane reads her states in clear', () => {
  it('booking detail, patient bookings, chart notes and patient details of an NV patient', async () => {
    const b = await one(
      `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' ORDER BY b.id LIMIT 1`,
    );
    for (const url of [
      `${B}/get/${b.id}`,
      `${B}/patient/bookings/${b.patient_id}`,
      `/secure/chartNote/patient/${b.patient_id}`,
      `/secure/patient/detailsBySubId/${b.patient_id}`,
    ]) {
      const res = await api.call('GET', url, { as: DEMO.clinician });
      expect(res.status, url).toBe(200);
      expect(JSON.stringify(res.body), url).not.toContain('XXXXXX');
    }
  });
});

describe('staff and operation support never receive clinical fields', () => {
  it.each([DEMO.staff, DEMO.ops])('%s: booking lists, patient bookings and booking detail', async (who) => {
    const b = await one(`SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id
      WHERE p.medication IS NOT NULL AND p.symptoms IS NOT NULL AND p.allergies IS NOT NULL AND b.customer_notes IS NOT NULL ORDER BY b.id LIMIT 1`);
    await api.pool.query(`UPDATE bookings SET clinical_service_notes = 'Swab taken', closing_notes = 'Follow up in 2 weeks' WHERE id = $1`, [b.id]);
    await api.pool.query(
      `INSERT INTO booking_log (booking_id, kind, note, author_id, author_name) VALUES ($1, 'CLINICAL_NOTE', 'Rash on left arm', $2, 'Jane Doe')`,
      [b.id, env().cognito.subs[DEMO.clinician]],
    );
    const calls = [
      api.call('POST', `${B}/findBookings`, { as: who, body: { searchType: 'BOOKING_ID', bookingId: b.id } }),
      api.call('POST', `${B}/findBookings`, { as: who, body: search }),
      api.call('GET', calendar(), { as: who }),
      api.call('GET', `${B}/patient/bookings/${b.patient_id}`, { as: who }),
      api.call('GET', `${B}/get/${b.id}`, { as: who }),
      api.call('GET', '/secure/dashboard/summary?stateMode=ALL', { as: who }),
    ];
    for (const [i, res] of (await Promise.all(calls)).entries()) {
      expect(res.status, `call ${i}`).toBe(200);
      expectNoClinicalKeys(res.body, `call ${i}`);
      expect(JSON.stringify(res.body), `call ${i}`).not.toMatch(/Swab taken|Follow up in 2 weeks|Rash on left arm/);
    }
    // The super admin receives the same fields, so the checks above can fail.
    const admin = (await api.call('GET', `${B}/get/${b.id}`, { as: DEMO.superAdmin })).body;
    expect(admin).toMatchObject({
      medications: expect.any(String),
      allergies: expect.any(String),
      clinicalServiceNotes: 'Swab taken',
      closingNotes: 'Follow up in 2 weeks',
    });
    expect(admin.clinicalNotes.map((e: Row) => e.note)).toContain('Rash on left arm');
  });
});

describe('auditors and super admins read every state in clear', () => {
  it.each([DEMO.auditor, DEMO.superAdmin])('%s', async (who) => {
    const found = await api.call('POST', `${B}/findBookings`, { as: who, body: search });
    expect(found.body.items.filter((r: Row) => r.masked)).toEqual([]);
    const b = await outsideBooking(JANE_STATES);
    for (const url of [`${B}/get/${b.id}`, `${B}/patient/bookings/${b.patientId}`, `/secure/patient/detailsBySubId/${b.patientId}`]) {
      const res = await api.call('GET', url, { as: who });
      expect(res.status, url).toBe(200);
      expect(JSON.stringify(res.body), url).not.toContain('XXXXXX');
    }
  });
});

describe('writes that look a record up answer 404 outside the scope, like a record that does not exist', () => {
  it('lab assign, booking notes, chart note, PASS consent, as Jane on a patient in PA (no licence) and TX (expired)', async () => {
    for (const state of ['PA', 'TX']) {
      const kit = await one(`SELECT kit_id FROM lab_requests WHERE patient_state = $1 ORDER BY kit_id LIMIT 1`, [state]);
      const b = await one(
        `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id
        WHERE p.state = $1 AND b.status = 'BOOKED_CONFIRMED' ORDER BY b.id LIMIT 1`,
        [state],
      );
      const writes = [
        api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: kit.kit_id } }),
        api.call('PATCH', `${B}/addNotes/${b.id}`, { as: DEMO.clinician, body: { notes: 'x' } }),
        api.call('PATCH', `${B}/addTagOrLabel/${b.id}`, { as: DEMO.clinician, body: { label: 'x' } }),
        api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: { personId: b.patient_id, note: '<p>x</p>', noteType: 'CLINICIAN_NOTE' } }),
        api.call('PATCH', `/secure/patient/${b.patient_id}/passConsent`, { as: DEMO.clinician, body: { shareWIthPass: true } }),
      ];
      for (const [i, res] of (await Promise.all(writes)).entries()) expect(res.status, `${state} write ${i}: ${JSON.stringify(res.body)}`).toBe(404);
    }
  });
});
