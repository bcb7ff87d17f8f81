import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const B = '/secure/booking/v1';
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const find = (body: Record<string, unknown>, as: string = DEMO.clinician) => api.call('POST', `${B}/findBookings`, { as, body });

describe('findBookings: each search mode', () => {
  it('booking id', async () => {
    const res = await find({ searchType: 'BOOKING_ID', bookingId: 'BK000010' });
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ id: 'BK000010' });
  });
  it('last name + date of birth finds the seeded booking', async () => {
    const b = await one(
      `SELECT b.id, p.last_name, p.dob::text AS dob FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' ORDER BY b.id LIMIT 1`,
    );
    const res = await find({ searchType: 'LASTNAME_DOB', lastName: b.last_name.toUpperCase(), dob: b.dob });
    expect(res.body.items.map((i: { id: string }) => i.id)).toContain(b.id);
    expect(res.body.items.every((i: { lastName: string; dob: string }) => i.lastName === b.last_name && i.dob === b.dob)).toBe(true);
  });
  it('date range, with the 15-day limit refused on the server', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const res = await find({ searchType: 'DATE_RANGE', fromDate: from, toDate: today, perPage: 500 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    // The total of a range of starts comes from the quarter-hour counters (migration 0042): the same as counting.
    const inRange = await one(
      `SELECT count(*)::int AS n FROM bookings WHERE (start_at AT TIME ZONE 'America/Los_Angeles')::date BETWEEN $1::date AND $2::date`,
      [from, today],
    );
    expect(res.body.total).toBe(inRange.n);
    const tooLong = await find({ searchType: 'DATE_RANGE', fromDate: '2026-10-01', toDate: '2026-10-20' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.reason).toContain('Date range cannot be more than 15 days');
  });
  it('mobile, e-mail, unassigned, status, today', async () => {
    const p = await one(`SELECT p.phone, p.email FROM bookings b JOIN patients p ON p.id = b.patient_id ORDER BY b.id LIMIT 1`);
    expect((await find({ searchType: 'MOBILE_NO', mobileNo: p.phone })).body.total).toBeGreaterThan(0);
    expect((await find({ searchType: 'EMAIL_ID', emailId: p.email.toUpperCase() })).body.total).toBeGreaterThan(0);
    const un = await find({ searchType: 'UNASSIGNED', perPage: 500 });
    expect(un.body.total).toBe((await one(`SELECT count(*)::int AS n FROM bookings WHERE clinician_id IS NULL`)).n);
    expect(un.body.items.every((i: { isUnAssigned: boolean | string }) => i.isUnAssigned === true || i.isUnAssigned === 'XXXXXX')).toBe(true);
    const st = await find({ searchType: 'BOOKING_STATUS', bookingStatus: 'CANCELLED' });
    expect(st.body.total).toBe((await one(`SELECT count(*)::int AS n FROM bookings WHERE status = 'CANCELLED'`)).n);
    const today = await find({ searchType: 'TODAY', perPage: 500 });
    expect(today.body.total).toBe(
      (
        await one(
          `SELECT count(*)::int AS n FROM bookings WHERE (start_at AT TIME ZONE 'America/Los_Angeles')::date = (now() AT TIME ZONE 'America/Los_Angeles')::date`,
        )
      ).n,
    );
    const self = await find({ searchType: 'TODAY', queryType: 'SELF', perPage: 500 });
    expect(self.body.items.every((i: { isAssignedToMe: boolean | string }) => i.isAssignedToMe === true || i.isAssignedToMe === 'XXXXXX')).toBe(true);
  });
  it('bad input is 400', async () => {
    for (const body of [
      { searchType: 'ZODIAC' },
      { searchType: 'MOBILE_NO', mobileNo: '12' },
      { searchType: 'BOOKING_ID', bookingId: "x' OR 1=1" },
      { searchType: 'TODAY', perPage: 1000 },
    ]) {
      expect((await find(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await find({ searchType: 'ZODIAC' })).body.reason).toContain('Unsupported search type');
  });
  it('exports every match as CSV', async () => {
    const res = await api.call('POST', `${B}/findBookings/export`, { as: DEMO.superAdmin, body: { searchType: 'UNASSIGNED' } });
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Booking ID,Name,Email/);
    expect(lines.length - 1).toBe((await one(`SELECT count(*)::int AS n FROM bookings WHERE clinician_id IS NULL`)).n);
  });
});

describe('calendar range', () => {
  it('loads only the asked range, filtered by location and type', async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await api.call('GET', `${B}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&location=DENVER_CAREHUB_01`, {
      as: DEMO.clinician,
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(
      (
        await one(`SELECT count(*)::int AS n FROM bookings WHERE start_at >= $1 AND start_at < $2 AND care_location = 'DENVER_CAREHUB_01'`, [
          from,
          to,
        ])
      ).n,
    );
    expect(res.body.every((b: { appntEnd: string }) => !!b.appntEnd)).toBe(true);
    expect(
      (
        await api.call(
          'GET',
          `${B}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 90 * 86_400_000).toISOString())}`,
          { as: DEMO.clinician },
        )
      ).status,
    ).toBe(400);
  });
});

describe('status, tag and assignment', () => {
  it('confirms a pending booking, never leaves a terminal one, audits it', async () => {
    const b = await one(
      `SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.status = 'BOOKED_PENDING_CONFIRMATION' AND p.state IN ('NV','CO','CA','NY') LIMIT 1`,
    );
    const ok = await api.call('PATCH', `${B}/updateStatus/${b.id}`, {
      as: DEMO.clinician,
      body: { bookingStatus: 'BOOKED_CONFIRMED', reasonOrComments: 'Called patient' },
    });
    expect(ok.body).toEqual({ id: b.id, bookingStatus: 'BOOKED_CONFIRMED' });
    expect((await one(`SELECT comment FROM record_history WHERE entity_id = $1`, [b.id])).comment).toBe('Called patient');
    const t = await one(
      `SELECT b.id, b.status FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.status = 'CANCELLED' AND p.state IN ('NV','CO','CA','NY') LIMIT 1`,
    );
    for (const to of ['BOOKED_CONFIRMED', 'COMPLETED', 'CANCELLED_NO_SHOW']) {
      const res = await api.call('PATCH', `${B}/updateStatus/${t.id}`, { as: DEMO.clinician, body: { bookingStatus: to, reasonOrComments: 'x' } });
      expect(res.status).toBe(409);
      expect(res.body.reason).toBe('Booking already cancelled or completed');
    }
    expect((await one(`SELECT status FROM bookings WHERE id = $1`, [t.id])).status).toBe('CANCELLED');
    expect(
      (await api.call('PATCH', `${B}/updateStatus/${b.id}`, { as: DEMO.clinician, body: { bookingStatus: 'COMPLETED', reasonOrComments: ' ' } }))
        .status,
    ).toBe(400);
  });
  it('tags with a known or custom label; empty is refused', async () => {
    const b = await one(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'CO' LIMIT 1`);
    expect((await api.call('PATCH', `${B}/addTagOrLabel/${b.id}`, { as: DEMO.staff, body: { label: 'Running_Late' } })).body.tagOrLabel).toBe(
      'Running_Late',
    );
    const empty = await api.call('PATCH', `${B}/addTagOrLabel/${b.id}`, { as: DEMO.staff, body: { label: '  ' } });
    expect(empty.body.reason).toContain('Please enter a valid Tag');
    expect((await api.call('PATCH', `${B}/addTagOrLabel/${b.id}`, { as: DEMO.auditor, body: { label: 'Paid' } })).status).toBe(403);
  });
  it('assign race: exactly one winner', async () => {
    const b = await one(
      `SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.clinician_id IS NULL AND p.state = 'NV' AND b.status NOT IN ('CANCELLED','COMPLETED','CANCELLED_NO_SHOW') LIMIT 1`,
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.call('PATCH', `${B}/assignToMe/${b.id}`, { as: i % 2 ? DEMO.superAdmin : DEMO.clinician })),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const winner = (await one(`SELECT clinician_id FROM bookings WHERE id = $1`, [b.id])).clinician_id;
    expect([env().cognito.subs[DEMO.clinician], env().cognito.subs[DEMO.superAdmin]]).toContain(winner);
    // re-assigning needs the current assignee the user saw
    const other = winner === env().cognito.subs[DEMO.clinician] ? DEMO.superAdmin : DEMO.clinician;
    expect((await api.call('PATCH', `${B}/assignToMe/${b.id}`, { as: other, body: {} })).status).toBe(409);
    expect((await api.call('PATCH', `${B}/assignToMe/${b.id}`, { as: other, body: { expectedClinicianId: winner } })).status).toBe(200);
    expect((await one(`SELECT comment FROM record_history WHERE entity_id = $1 AND action = 'REASSIGN'`, [b.id])).comment).toBe(
      'Patient Re-Assigned',
    );
    // the timeline names from whom to whom
    expect((await one(`SELECT note FROM booking_log WHERE booking_id = $1 AND kind = 'REASSIGNED' ORDER BY id DESC LIMIT 1`, [b.id])).note).toMatch(
      /^From .+ to .+$/,
    );
  });
  it('a clinician cannot act on bookings outside their licence states (they read as unknown); staff cannot assign', async () => {
    const b = await one(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'FL' LIMIT 1`);
    const res = await api.call('PATCH', `${B}/assignToMe/${b.id}`, { as: DEMO.clinician });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: 'Not found', reason: `no booking ${b.id}` });
    expect((await api.call('PATCH', `${B}/assignToMe/${b.id}`, { as: DEMO.staff })).status).toBe(403);
  });
});
