import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILL_ALL_FIELDS_TEXT } from '../../src/domain/i18n/en/booking-detail';
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
const call = (method: 'PATCH' | 'POST' | 'DELETE', path: string, body: unknown, as: string = DEMO.clinician) =>
  api.call(method, `${B}${path}`, { as, body });
const status = async (id: string) => (await fx.one(`SELECT status FROM bookings WHERE id = $1`, [id])).status as string;

describe('notes', () => {
  it('appointment notes: logged with author and created time; empty refused', async () => {
    const id = await fx.booking({ state: 'NV' });
    const ok = await call('PATCH', `/addNotes/${id}`, { notes: 'Patient will be 10 minutes late' }, DEMO.staff);
    expect(ok.status).toBe(200);
    const detail = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.staff })).body;
    expect(detail.appntNotes[0]).toMatchObject({ note: 'Patient will be 10 minutes late', authorName: 'Sarah Kim', kind: 'APPOINTMENT_NOTE' });
    expect(Date.now() - Date.parse(detail.appntNotes[0].created)).toBeLessThan(60_000);
    await fx.refusedUnchanged(id, () => call('PATCH', `/addNotes/${id}`, { notes: '  ' }), 400, /Please enter Appointment Notes/);
  });

  it('clinical notes: clinicians and super admins only, in licence states only', async () => {
    const id = await fx.booking({ state: 'CO' });
    expect((await call('PATCH', `/addClinicalNotes/${id}`, { notes: 'Exam normal' })).status).toBe(200);
    expect((await fx.one(`SELECT kind FROM booking_log WHERE booking_id = $1 ORDER BY id DESC LIMIT 1`, [id])).kind).toBe('CLINICAL_NOTE');
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/addClinicalNotes/${id}`, { notes: 'x' }, DEMO.staff),
      403,
      /your role may not use this route/,
    );
    await fx.refusedUnchanged(id, () => call('PATCH', `/addClinicalNotes/${id}`, { notes: '' }), 400, /Please enter clinical notes/);
    // Outside the clinician's valid licence states (FL none, TX expired) the booking reads as unknown (404, never 403).
    const outside = await fx.booking({ state: 'FL' });
    await fx.refusedUnchanged(outside, () => call('PATCH', `/addClinicalNotes/${outside}`, { notes: 'x' }), 404, 'Not found');
    const masked = await fx.booking({ state: 'TX' });
    await fx.refusedUnchanged(masked, () => call('PATCH', `/addNotes/${masked}`, { notes: 'x' }), 404, 'Not found');
    expect((await call('PATCH', `/addClinicalNotes/${outside}`, { notes: 'covering' }, DEMO.superAdmin)).status).toBe(200);
  });
});

describe('the booking row moves with every write', () => {
  const updatedAt = async (id: string) => (await fx.one(`SELECT updated_at FROM bookings WHERE id = $1`, [id])).updated_at as Date;
  it('updated_at moves on a write that changes the booking (status, tag) and on one that only adds to it (a note)', async () => {
    const id = await fx.booking({ state: 'NV', status: 'BOOKED_PENDING_CONFIRMATION' });
    const writes: [string, () => Promise<{ status: number }>][] = [
      ['note', () => call('PATCH', `/addNotes/${id}`, { notes: 'Running late' }, DEMO.staff)],
      ['tag', () => call('PATCH', `/addTagOrLabel/${id}`, { label: 'Paid' }, DEMO.staff)],
      ['status', () => call('PATCH', `/updateStatus/${id}`, { bookingStatus: 'BOOKED_CONFIRMED', reasonOrComments: 'ok' }, DEMO.superAdmin)],
    ];
    for (const [what, write] of writes) {
      const before = await updatedAt(id);
      await new Promise((r) => setTimeout(r, 5));
      expect((await write()).status, what).toBe(200);
      expect((await updatedAt(id)).getTime(), what).toBeGreaterThan(before.getTime());
    }
  });
});

describe('auditor and terminal refusals', () => {
  it('the auditor is refused every write and nothing changes', async () => {
    const id = await fx.booking({ state: 'NV', status: 'BOOKED_PENDING_CONFIRMATION', startInMinutes: 10 });
    const writes: Array<['PATCH' | 'POST' | 'DELETE', string, unknown]> = [
      ['PATCH', `/addNotes/${id}`, { notes: 'x' }],
      ['PATCH', `/addClinicalNotes/${id}`, { notes: 'x' }],
      ['PATCH', `/markConfirmed/${id}`, { reasonOrComments: 'x' }],
      ['DELETE', `/cancel/${id}`, { reasonOrComments: 'x', isNoShow: false }],
      ['POST', '/markPreNoShowCancel', { bookingId: id, isNoShow: true, comments: 'x' }],
      ['POST', `/completeClinical/${id}`, { clinicalServiceMins: 5, ackPatientSummarySent: true, clinicalServiceNotes: 'x' }],
      ['POST', `/sendSignUpLink/${id}`, undefined],
      ['POST', `/sendPayLink/${id}`, undefined],
      ['POST', `/sendPatientSummary/${id}`, { summary: 'x' }],
      ['POST', `/deleteProduct/${id}`, { uniqueId: await fx.product(id, false) }],
      ['PATCH', '/selfCheckIn/verifyIdentity', { bookingId: id, reviewResult: 'ACCEPT' }],
    ];
    for (const [method, path, body] of writes) await fx.refusedUnchanged(id, () => call(method, path, body, DEMO.auditor), 403);
  });

  it('terminal bookings: the terminal-status refusal; cancel says already cancelled or completed', async () => {
    const id = await fx.booking({ state: 'NV', status: 'COMPLETED', startInMinutes: -60 });
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/addNotes/${id}`, { notes: 'late note' }),
      403,
      'Action not permitted. Booking reached terminal status: COMPLETED',
    );
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/markConfirmed/${id}`, { reasonOrComments: 'x' }),
      403,
      'Action not permitted. Booking reached terminal status: COMPLETED',
    );
    await fx.refusedUnchanged(
      id,
      () => call('DELETE', `/cancel/${id}`, { reasonOrComments: 'x', isNoShow: true }),
      409,
      'Booking already cancelled or completed',
    );
    await fx.refusedUnchanged(
      id,
      () => call('POST', '/markPreNoShowCancel', { bookingId: id, isNoShow: false, comments: 'x' }),
      409,
      'Booking already cancelled or completed',
    );
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/completeClinical/${id}`, { clinicalServiceMins: 5, ackPatientSummarySent: true, clinicalServiceNotes: 'x' }),
      403,
    );
  });
});

describe('confirm', () => {
  it('only from a pending status, with history and a log entry', async () => {
    const id = await fx.booking({ state: 'NV', status: 'PT_RESCHEDULED_PENDING_CONFIRMATION' });
    const ok = await call('PATCH', `/markConfirmed/${id}`, { reasonOrComments: 'Called patient' });
    expect(ok.body).toMatchObject({ id, bookingStatus: 'PT_RESCHEDULED_CONFIRMED' });
    expect(await fx.one(`SELECT from_status, to_status, comment FROM record_history WHERE entity_id = $1`, [id])).toEqual({
      from_status: 'PT_RESCHEDULED_PENDING_CONFIRMATION',
      to_status: 'PT_RESCHEDULED_CONFIRMED',
      comment: 'Called patient',
    });
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/markConfirmed/${id}`, { reasonOrComments: 'again' }),
      409,
      'Booking is not in pending confirmation status',
    );
    await fx.refusedUnchanged(id, () => call('PATCH', `/markConfirmed/${id}`, { reasonOrComments: '' }), 400);
  });

  it('of two concurrent confirmations exactly one wins', async () => {
    const id = await fx.booking({ state: 'NV', status: 'BOOKED_PENDING_CONFIRMATION' });
    const results = await Promise.all(
      [DEMO.clinician, DEMO.staff].map((as) => call('PATCH', `/markConfirmed/${id}`, { reasonOrComments: 'confirm' }, as)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await fx.one(`SELECT count(*)::int AS n FROM record_history WHERE entity_id = $1`, [id])).n).toBe(1);
  });
});

describe('cancel and no-show: the 40-minute rule', () => {
  it('inside the window (or past): cancel and no-show change the status', async () => {
    const soon = await fx.booking({ state: 'NV', startInMinutes: 30 });
    expect((await call('DELETE', `/cancel/${soon}`, { reasonOrComments: 'Patient called in sick', isNoShow: false }, DEMO.staff)).body).toMatchObject(
      { bookingStatus: 'CANCELLED' },
    );
    const past = await fx.booking({ state: 'NV', startInMinutes: -15 });
    expect((await call('DELETE', `/cancel/${past}`, { reasonOrComments: 'Did not show', isNoShow: true })).body).toMatchObject({
      bookingStatus: 'CANCELLED_NO_SHOW',
    });
    expect(await status(past)).toBe('CANCELLED_NO_SHOW');
    expect((await fx.one(`SELECT to_status FROM record_history WHERE entity_id = $1`, [past])).to_status).toBe('CANCELLED_NO_SHOW');
  });

  it('more than 40 minutes ahead: cancel refused; the pre-mark is recorded and the status kept', async () => {
    const later = await fx.booking({ state: 'NV', startInMinutes: 45, status: 'BOOKED_CONFIRMED' });
    await fx.refusedUnchanged(
      later,
      () => call('DELETE', `/cancel/${later}`, { reasonOrComments: 'x', isNoShow: false }),
      409,
      /more than 40 minutes/,
    );
    const ok = await call('POST', '/markPreNoShowCancel', { bookingId: later, isNoShow: true, comments: 'Pre mark No Show' });
    expect(ok.body).toMatchObject({ id: later, bookingStatus: 'BOOKED_CONFIRMED' });
    expect(await fx.one(`SELECT status, pre_marked_no_show FROM bookings WHERE id = $1`, [later])).toEqual({
      status: 'BOOKED_CONFIRMED',
      pre_marked_no_show: true,
    });
    expect((await fx.one(`SELECT note FROM booking_log WHERE booking_id = $1 ORDER BY id DESC LIMIT 1`, [later])).note).toContain('Pre mark No Show');
    const soon = await fx.booking({ state: 'NV', startInMinutes: 35 });
    await fx.refusedUnchanged(
      soon,
      () => call('POST', '/markPreNoShowCancel', { bookingId: soon, isNoShow: true, comments: 'x' }),
      409,
      /40 minutes or less/,
    );
  });
});

describe('completion', () => {
  const clinical = { clinicalServiceMins: 25, ackPatientSummarySent: true, clinicalServiceNotes: 'Swabs collected' };
  const complete = {
    actualAppntEnd: new Date().toISOString(),
    totalDurationMins: 35,
    ackPatientTbdAccCreated: true,
    ackPaymentCollected: true,
    paymentAmount: 49,
    paymentRefId: 'NA',
    paymentMode: 'Square Terminal',
    closingNotes: 'All done',
  };

  it('complete clinical service needs every field, then stores them', async () => {
    const id = await fx.booking({ state: 'CA', startInMinutes: -20 });
    for (const bad of [
      { ...clinical, clinicalServiceMins: 0 },
      { ...clinical, ackPatientSummarySent: false },
      { ...clinical, clinicalServiceNotes: ' ' },
    ]) {
      await fx.refusedUnchanged(id, () => call('POST', `/completeClinical/${id}`, bad), 400, new RegExp(FILL_ALL_FIELDS_TEXT.trim()));
    }
    await fx.refusedUnchanged(id, () => call('POST', `/completeClinical/${id}`, clinical, DEMO.staff), 403);
    expect((await call('POST', `/completeClinical/${id}`, clinical)).body).toMatchObject({ bookingStatus: 'CLINICAL_SERVICE_COMPLETED' });
    expect((await api.call('GET', `${B}/get/${id}`, { as: DEMO.clinician })).body).toMatchObject({
      clinicalServiceMins: 25,
      clinicalServiceNotes: 'Swabs collected',
    });
    await fx.refusedUnchanged(id, () => call('POST', `/completeClinical/${id}`, clinical), 409);
  });

  it('complete booking needs every field, then stores them and is terminal', async () => {
    const id = await fx.booking({ state: 'NV', startInMinutes: -20 });
    const { paymentMode: _m, ...noMode } = complete;
    for (const bad of [noMode, { ...complete, paymentRefId: '' }, { ...complete, ackPaymentCollected: false }, { ...complete, closingNotes: '' }]) {
      await fx.refusedUnchanged(id, () => call('POST', `/complete/${id}`, bad, DEMO.staff), 400, new RegExp(FILL_ALL_FIELDS_TEXT.trim()));
    }
    expect((await call('POST', `/complete/${id}`, complete, DEMO.staff)).body).toMatchObject({ bookingStatus: 'COMPLETED' });
    const asStaff = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.staff })).body;
    expect(asStaff).toMatchObject({
      bookingStatus: 'COMPLETED',
      paymentMode: 'Square Terminal',
      paymentAmount: 49,
      paymentRefId: 'NA',
      actualMins: 35,
    });
    // Closing notes are clinical: stored, and read back only with clinical access.
    expect(asStaff).not.toHaveProperty('closingNotes');
    expect((await api.call('GET', `${B}/get/${id}`, { as: DEMO.superAdmin })).body).toMatchObject({ closingNotes: 'All done' });
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/complete/${id}`, complete, DEMO.staff),
      403,
      'Action not permitted. Booking reached terminal status: COMPLETED',
    );
  });
});
