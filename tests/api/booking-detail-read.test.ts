import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_CHECK_IN_STEPS } from '../../src/domain/booking-detail/booking-identity';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { B, bookingFixtures } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);
const get = (id: string, as: string = DEMO.clinician) => api.call('GET', `${B}/get/${id}`, { as });

describe('GET get/{id}: the BookingDetail', () => {
  it('answers the contract shape for a clinician licensed in the patient state, and audits the read', async () => {
    const res = await get(E2E_BOOKING_ID);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      id: E2E_BOOKING_ID,
      bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
      state: 'NV',
      isAssignedToMe: true,
      isUnAssigned: false,
      isReadOnly: false,
      readOnlyReason: null,
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: true,
      restrictClinicalDataAccessReason: null,
      hasPatientStateLicense: true,
      masked: false,
      primaryClinicianName: 'Jane Doe',
      careType: { name: 'STI_TESTING_VISIT', displayName: 'STI Testing Visit' },
      careLocation: { name: 'CHARLESTON_NV_89104', timezone: 'America/Los_Angeles' },
      isOnboardTbd: true,
      selfCheckInCompletedSteps: ['CREATE_ACC'],
      documentS3UrlMap: {},
      isSelfCheckInIdentityVerified: null,
    });
    expect(b.appntStartEpochSec).toBe(Math.floor(Date.parse(b.appntStart) / 1000));
    expect(b.appntStartEpochSec * 1000).toBeLessThan(Date.now()); // the e2e booking started 10 minutes before the seed, so it can be completed
    expect(b.products).toEqual([expect.objectContaining({ name: 'Check Me Out Panel', unitPrice: 149, qty: 1, paymentStatus: 'UNPAID' })]);
    for (const k of ['appntNotes', 'clinicalNotes', 'timeline', 'kitIds']) expect(Array.isArray(b[k])).toBe(true);
    const audit = await fx.one(
      `SELECT count(*)::int AS n FROM audit_log WHERE $1 = ANY(entity_ids) AND action = 'READ'
      AND patient_ids = ARRAY[(SELECT patient_id FROM bookings WHERE id = $1)]`,
      [E2E_BOOKING_ID],
    );
    expect(audit.n).toBe(1);
  });

  it('splits the log: clinical notes only with clinical access (never staff or operation support), the timeline holds re-assignments', async () => {
    const row = await fx.one(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id
      WHERE p.state = 'NV' AND EXISTS (SELECT 1 FROM booking_log l WHERE l.booking_id = b.id AND l.kind = 'CLINICAL_NOTE')
        AND EXISTS (SELECT 1 FROM booking_log l WHERE l.booking_id = b.id AND l.kind = 'REASSIGNED') LIMIT 1`);
    const clinician = (await get(row.id)).body;
    expect(clinician.clinicalNotes.length).toBeGreaterThan(0);
    expect(clinician.appntNotes.every((e: { kind: string }) => e.kind !== 'CLINICAL_NOTE')).toBe(true);
    expect(clinician.timeline[0]).toMatchObject({ kind: 'REASSIGNED', note: 'Patient Re-Assigned' });
    const staff = (await get(row.id, DEMO.staff)).body;
    expect(staff).not.toHaveProperty('clinicalNotes');
    expect(staff.appntNotes.every((e: { kind: string }) => e.kind !== 'CLINICAL_NOTE')).toBe(true);
    expect(staff.products.length).toBeGreaterThan(0);
    expect(staff).toMatchObject({ hasReadAccessToClinicalData: false, isReadOnly: false });
    const ops = (await get(row.id, DEMO.ops)).body;
    expect(ops.products).toEqual([]);
    expect(ops).not.toHaveProperty('clinicalNotes');
    expect((await get(row.id, DEMO.superAdmin)).body.clinicalNotes.length).toBeGreaterThan(0);
    expect((await get(row.id, DEMO.auditor)).body.clinicalNotes.length).toBeGreaterThan(0);
  });

  it('auditor reads clinical data but may not write it', async () => {
    const res = await get(E2E_BOOKING_ID, DEMO.auditor);
    expect(res.body).toMatchObject({
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: false,
      isReadOnly: true,
      readOnlyReason: 'Read-only role',
      masked: false,
    });
  });

  it('a booking outside the clinician valid licence states (TX expired, FL none) is 404, like an unknown one; the auditor reads it', async () => {
    for (const state of ['TX', 'FL']) {
      const id = await fx.booking({ state });
      const res = await get(id);
      expect(res.status, state).toBe(404);
      expect(res.body).toEqual({ msg: 'Not found', reason: `no booking ${id}` });
      expect((await get(id, DEMO.noLicence)).status, state).toBe(404);
      expect((await get(id, DEMO.auditor)).body).toMatchObject({ masked: false, state, hasReadAccessToClinicalData: true });
    }
  });

  it('unknown and malformed ids', async () => {
    expect((await get('BK999999')).status).toBe(404);
    expect((await get("x' OR '1'='1")).status).toBe(400);
  });
});

describe('other reads', () => {
  it('onboardStatus follows the patient account', async () => {
    const id = await fx.booking({ state: 'NV', hasAccount: false });
    expect((await api.call('GET', `${B}/onboardStatus/${id}`, { as: DEMO.staff })).body).toEqual({ isOnboardTbd: false });
    expect((await api.call('GET', `${B}/onboardStatus/${E2E_BOOKING_ID}`, { as: DEMO.staff })).body).toEqual({ isOnboardTbd: true });
  });

  it('documents: presigned URLs of the seeded identity documents that really serve the file', async () => {
    const row = await fx.one(
      `SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' AND b.document_keys ? 'SELFIE' LIMIT 1`,
    );
    const res = await api.call('GET', `${B}/${row.id}/documents`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toContain('SELFIE');
    const file = await api.app.inject({ method: 'GET', url: res.body.SELFIE });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // cached: the same URLs for 10 minutes
    expect((await api.call('GET', `${B}/${row.id}/documents`, { as: DEMO.clinician })).body).toEqual(res.body);
  });

  it("a patient's bookings, newest first", async () => {
    const b = await fx.one(`SELECT patient_id FROM bookings GROUP BY patient_id HAVING count(*) > 1 LIMIT 1`);
    const res = await api.call('GET', `${B}/patient/bookings/${b.patient_id}`, { as: DEMO.superAdmin });
    expect(res.body.length).toBeGreaterThan(1);
    const starts = res.body.map((r: { appntStart: string }) => Date.parse(r.appntStart));
    expect([...starts].sort((x, y) => y - x)).toEqual(starts);
    expect((await api.call('GET', `${B}/patient/bookings/not-a-uuid`, { as: DEMO.superAdmin })).status).toBe(400);
  });

  it('order summary and pay summary: product and order data access only', async () => {
    const res = await api.call('GET', `${B}/orderSummary/${E2E_BOOKING_ID}`, { as: DEMO.staff });
    expect(res.body).toMatchObject({
      paymentStatus: 'UNPAID',
      isRequirePayment: true,
      netTotalUnpaid: 149,
      taxUnPaid: 11.92,
      grossTotalUnpaid: 160.92,
      grossTotalPaid: 0,
      unpaidProducts: [{ slug: 'check-me-out-panel', name: 'Check Me Out Panel', qty: 1, unitPrice: 149 }],
    });
    expect((await api.call('GET', `${B}/orderSummary/${E2E_BOOKING_ID}`, { as: DEMO.ops })).status).toBe(403);
    const pay = await api.call('GET', `/api/booking/orderPaySummary?id=${E2E_BOOKING_ID}`, { as: DEMO.clinician });
    expect(pay.body).toEqual({ unpaidProducts: res.body.unpaidProducts, netTotalUnpaid: 149, taxUnPaid: 11.92, grossTotalUnpaid: 160.92 });
  });

  it('store calls need a signed-in member like /secure', async () => {
    expect((await api.call('GET', '/api/cms/bookingServices?stateCode=NV')).status).toBe(401);
    expect((await api.call('GET', '/api/booking/orderPaySummary?id=BK000001')).status).toBe(401);
    expect((await api.call('GET', '/api/cms/bookingServices?stateCode=NV', { as: DEMO.pending })).status).toBe(403);
    const res = await api.call('GET', '/api/cms/bookingServices?stateCode=NV', { as: DEMO.staff });
    expect(res.body.map((g: { title: string }) => g.title)).toEqual(['Consultations', 'STI Panels', 'At-home Kits']);
    const panels = res.body[1].bookingProducts.map((p: { title: string }) => p.title);
    expect(panels).toContain('The VIP Panel');
    expect(panels).toContain('PASS/ Spankchain MGen Program');
    const prep = (body: Array<{ bookingProducts: Array<{ id: string }> }>) =>
      body[0].bookingProducts.filter((p) => p.id.startsWith('svc-prep')).map((p) => p.id);
    expect(prep(res.body)).toEqual(['svc-prep-consult-nv']);
    expect(prep((await api.call('GET', '/api/cms/bookingServices?stateCode=NY', { as: DEMO.staff })).body)).toEqual([]);
  });

  it('seeded detail data: time zones by hub or patient state, check-in stages, patients without account', async () => {
    const zones = await api.pool.query(`SELECT DISTINCT timezone FROM bookings ORDER BY 1`);
    expect(zones.rows.map((r) => r.timezone)).toEqual(['America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/New_York']);
    const stages = await fx.one(`SELECT count(DISTINCT cardinality(self_check_in_steps))::int AS n FROM bookings`);
    expect(stages.n).toBe(SELF_CHECK_IN_STEPS.length + 1);
    expect((await fx.one(`SELECT count(*)::int AS n FROM patients WHERE NOT has_account`)).n).toBeGreaterThan(0);
    expect((await fx.one(`SELECT count(*)::int AS n FROM booking_products WHERE payment_status <> 'UNPAID'`)).n).toBeGreaterThan(0);
    expect((await fx.one(`SELECT count(*)::int AS n FROM bookings WHERE care_type = 'TELEMED_CONSULT' AND meeting_url IS NULL`)).n).toBe(0);
    // Nothing was booked in the future, even for appointments days ahead.
    expect((await fx.one(`SELECT count(*)::int AS n FROM bookings WHERE created_at > now()`)).n).toBe(0);
  });
});
