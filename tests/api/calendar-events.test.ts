import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventRows } from '../../src/server/bookings/repository-rows';
import { DEMO, startApi, type TestApi } from './helpers';

/** The calendar's light projection (GET /bookings?view=events): same rows, scope, masking and audit; fewer fields. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const B = '/secure/booking/v1';
const DAY = 86_400_000;
const range = `from=${encodeURIComponent(new Date(Date.now() - 3 * DAY).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 4 * DAY).toISOString())}`;
// The event fields plus the shared booking rule's action flags (the calendar offers only what the server allows).
const EVENT_KEYS = [
  'appntEnd',
  'appntStart',
  'appntStartEpochSec',
  'bookingStatus',
  'careLocation',
  'careType',
  'eventTimeZone',
  'hasReadAccessToClinicalData',
  'hasWriteAccessToClinicalData',
  'id',
  'isAssignedToMe',
  'isReadOnly',
  'isUnAssigned',
  'masked',
  'name',
  'primaryClinicianId',
  'primaryClinicianName',
  'readOnlyReason',
  'restrictClinicalDataAccessReason',
  'state',
  'tagOrLabel',
];

describe('calendar events view', () => {
  it('answers the same bookings as the full rows, with only the event fields', async () => {
    const rows = await api.call('GET', `${B}/bookings?${range}`, { as: DEMO.clinician });
    const events = await api.call('GET', `${B}/bookings?${range}&view=events`, { as: DEMO.clinician });
    expect(events.status).toBe(200);
    expect(events.body.length).toBeGreaterThan(10);
    expect(events.body.map((e: { id: string }) => e.id)).toEqual(rows.body.map((r: { id: string }) => r.id));
    for (const e of events.body) expect(Object.keys(e).sort()).toEqual(EVENT_KEYS);
    const clear = events.body.find((e: { masked: boolean }) => !e.masked);
    const row = rows.body.find((r: { id: string }) => r.id === clear.id);
    for (const k of EVENT_KEYS) expect(clear[k], k).toEqual(row[k]);
    expect(JSON.stringify(events.body)).not.toMatch(/@example\.com|"email"|"phone"|"dob"|"medications"|"symptoms"/);
  });

  it("masks events outside the clinician's valid states (id kept), like the rows", async () => {
    const events = await api.call('GET', `${B}/bookings?${range}&view=events`, { as: DEMO.clinician });
    const masked = events.body.filter((e: { masked: boolean }) => e.masked);
    expect(masked.length).toBeGreaterThan(0);
    for (const e of masked) {
      expect(e.name).toBe('XXXXXX');
      expect(e.state).toBe('XXXXXX');
      expect(e.appntStart).toBe('XXXXXX');
      expect(e.id).toMatch(/^BK/);
    }
    // A masked event says what its masked row says: XXXXXX, and null where the booking has no value (tag, clinician).
    const rows = await api.call('GET', `${B}/bookings?${range}`, { as: DEMO.clinician });
    for (const e of masked) {
      const row = rows.body.find((r: { id: string }) => r.id === e.id);
      for (const k of EVENT_KEYS) expect(e[k], `${e.id} ${k}`).toEqual(row[k]);
    }
    expect(new Set(masked.map((e: { tagOrLabel: string | null }) => e.tagOrLabel))).toEqual(new Set([null, 'XXXXXX']));
    const auditor = await api.call('GET', `${B}/bookings?${range}&view=events`, { as: DEMO.auditor });
    expect(auditor.body.every((e: { masked: boolean }) => !e.masked)).toBe(true);
  });

  it('follows every write to what an event shows: tag, patient name, clinician name, a new booking (projection of migration 0030)', async () => {
    const events = async () => (await api.call('GET', `${B}/bookings?${range}&view=events`, { as: DEMO.auditor })).body as Array<Record<string, any>>;
    const full = async () => (await api.call('GET', `${B}/bookings?${range}`, { as: DEMO.auditor })).body as Array<Record<string, any>>;
    const [first] = await events();
    const tagged = await api.call('PATCH', `${B}/addTagOrLabel/${first.id}`, { as: DEMO.superAdmin, body: { label: 'projection check' } });
    expect(tagged.status).toBe(200);
    const owner = api.ownerPool();
    const {
      rows: [b],
    } = await owner.query(`SELECT patient_id, clinician_id FROM bookings WHERE id = $1`, [first.id]);
    await owner.query(`UPDATE patients SET first_name = 'Projected', last_name = 'Renamed' WHERE id = $1`, [b.patient_id]);
    const {
      rows: [c],
    } = await owner.query(`SELECT id FROM clinicians ORDER BY id LIMIT 1`);
    await owner.query(`UPDATE clinicians SET last_name = last_name || 'X' WHERE id = $1`, [c.id]);
    await owner.query(
      `INSERT INTO bookings (id, patient_id, clinician_id, care_type, care_location, status, start_at, timezone)
      SELECT 'BKPROJECTION1', patient_id, $2, care_type, care_location, status, start_at + interval '1 minute', timezone FROM bookings WHERE id = $1`,
      [first.id, c.id],
    );
    const [after, rows] = [await events(), await full()];
    expect(after.find((e) => e.id === first.id)).toMatchObject({ tagOrLabel: 'projection check', name: 'Projected Renamed' });
    expect(after.map((e) => e.id)).toContain('BKPROJECTION1');
    // Every event still says what the bookings and their patients and clinicians say.
    expect(after.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    for (const e of after) {
      const r = rows.find((x) => x.id === e.id)!;
      for (const k of EVENT_KEYS) expect(e[k], `${e.id} ${k}`).toEqual(r[k]);
    }
    await owner.query(`DELETE FROM bookings WHERE id = 'BKPROJECTION1'`);
    expect((await events()).map((e) => e.id)).not.toContain('BKPROJECTION1');
  });

  it('reads nothing of an event outside the scope but its id, its state and which of its nullable values are set', async () => {
    const q = {
      tz: 'UTC',
      from: new Date(Date.now() - 3 * DAY).toISOString(),
      to: new Date(Date.now() + 4 * DAY).toISOString(),
      location: 'ALL',
      unassigned: false,
    };
    type Read = Record<string, unknown> & { id: string; state: string | null };
    const all = await calendarEventRows<Read>(api.pool, q, () => 'TRUE');
    const inCo = await calendarEventRows<Read>(api.pool, q, (bind) => `b.state = ANY(${bind(['CO'])}::text[])`);
    expect(inCo.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const outside = inCo.filter((r) => r.state !== 'CO');
    expect(outside.length).toBeGreaterThan(10);
    expect(inCo.length - outside.length).toBeGreaterThan(0);
    const set = (v: unknown) => (v === null ? null : '');
    for (const [i, r] of inCo.entries()) {
      const whole = all[i];
      expect(r.state).toBe(whole.state);
      if (r.state === 'CO') {
        expect(r, r.id).toEqual(whole);
        continue;
      }
      for (const k of ['bookingStatus', 'careType', 'careLocation', 'startMs', 'endMs', 'eventTimeZone', 'patientId', 'name'])
        expect(r[k], `${r.id} ${k}`).toBeNull();
      for (const k of ['tagOrLabel', 'primaryClinicianId', 'primaryClinicianName']) expect(r[k], `${r.id} ${k}`).toBe(set(whole[k]));
    }
    expect(new Set(outside.map((r) => r.tagOrLabel))).toEqual(new Set([null, '']));
  });

  it('writes one audit row with the patient of every event shown in clear', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', `${B}/bookings?${range}&view=events`, { as: DEMO.clinician }));
    expect(rows).toHaveLength(1);
    const clear = res.body.filter((e: { masked: boolean }) => !e.masked).length;
    expect(rows[0].entity_ids).toHaveLength(res.body.length);
    expect(rows[0].patient_ids.length).toBeGreaterThan(0);
    expect(rows[0].patient_ids.length).toBeLessThanOrEqual(clear);
  });
});
