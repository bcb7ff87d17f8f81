import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../src/domain/i18n/en/break-glass';
import { B } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';
import { expectFullyMasked, JANE_STATES, type Row } from './scope-helpers';

/**
 * Break-glass from a masked row: a start names a masked kit or booking, the server finds its patient, and
 * the portal learns who it is only with the grant. Then that patient's kits and bookings open like any in-scope
 * patient's (clinical sections included), every read flagged; no other patient opens; an ended session opens nothing.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const taken: string[] = [];
/** A patient outside Jane's licence states with a booking and a kit with a test result (never the same one twice). */
async function outside(like?: {
  state: string;
  status: string;
}): Promise<{ patientId: string; bookingId: string; kitId: string; state: string; status: string }> {
  const r = await one(
    `SELECT p.id::text AS "patientId", b.id AS "bookingId", k.kit_id AS "kitId", p.state, b.status
    FROM patients p JOIN bookings b ON b.patient_id = p.id JOIN kits k ON k.patient_id = p.id JOIN test_results tr ON tr.kit_id = k.kit_id
    WHERE NOT (p.state = ANY($1::text[])) AND NOT (k.patient_state = ANY($1::text[])) AND NOT (p.id::text = ANY($2::text[]))
      AND ($3::text IS NULL OR (p.state = $3 AND b.status = $4))
    ORDER BY p.id LIMIT 1`,
    [JANE_STATES, taken, like?.state ?? null, like?.status ?? null],
  );
  expect(r, 'seed has an out-of-state patient with a booking and a kit').toBeTruthy();
  taken.push(r.patientId);
  return r;
}
const start = (body: Record<string, unknown>, as: string = DEMO.clinician) =>
  api.call('POST', '/secure/breakGlass', { as, body: { reason: 'Patient collapsed in clinic', ...body } });
const kit = (kitId: string) => api.call('GET', `/secure/kit/${kitId}`, { as: DEMO.clinician });
const result = (kitId: string) => api.call('GET', `/secure/testResult/${kitId}`, { as: DEMO.clinician });
const booking = (id: string) => api.call('GET', `${B}/get/${id}`, { as: DEMO.clinician });
const endAll = () =>
  api.pool.query(`UPDATE break_glass_sessions SET started_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
  WHERE expires_at > now()`);

describe('break-glass from a masked row: nothing about the patient before the grant', () => {
  it('the masked kit and booking rows name no patient, and their records are 404 until a grant', async () => {
    const a = await outside();
    const kits = await api.call('GET', '/secure/testResult?perPage=200', { as: DEMO.clinician });
    const row = kits.body.items.find((r: Row) => r.kitId === a.kitId);
    if (row) expectFullyMasked(row, `kit ${a.kitId}`);
    expect(JSON.stringify(kits.body)).not.toContain(a.patientId);
    expect((await kit(a.kitId)).status).toBe(404);
    expect((await booking(a.bookingId)).status).toBe(404);
  });
  it('roles that may not break the glass get 403 by kit or booking, and learn no patient', async () => {
    const a = await outside();
    for (const who of [DEMO.staff, DEMO.ops, DEMO.auditor, DEMO.superAdmin]) {
      for (const body of [{ kitId: a.kitId }, { bookingId: a.bookingId }]) {
        const res = await start(body, who);
        expect(res.status, `${who} ${Object.keys(body)}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(a.patientId);
      }
    }
    expect(await one('SELECT count(*)::int AS n FROM break_glass_sessions WHERE patient_id = $1', [a.patientId])).toEqual({ n: 0 });
  });
  it('exactly one target; an unknown kit or booking is 404; an in-scope record is 409 without its patient', async () => {
    const a = await outside();
    for (const body of [{}, { kitId: a.kitId, bookingId: a.bookingId }, { patientId: a.patientId, kitId: a.kitId }]) {
      const res = await start(body);
      expect(res.status).toBe(400);
      expect(res.body.reason).toContain(BREAK_GLASS_TEXTS.oneTarget);
    }
    expect((await start({ kitId: 'NO-SUCH-KIT-1' })).body).toMatchObject({ reason: BREAK_GLASS_TEXTS.noKit });
    expect((await start({ bookingId: 'no-such-booking' })).body).toMatchObject({ reason: BREAK_GLASS_TEXTS.noBooking });
    const inside = await one(
      `SELECT b.id, p.id::text AS "patientId" FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' LIMIT 1`,
    );
    const res = await start({ bookingId: inside.id });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe(BREAK_GLASS_TEXTS.alreadyInScope);
    expect(JSON.stringify(res.body)).not.toContain(inside.patientId);
  });
});

describe('break-glass from a masked row: what the grant opens', () => {
  it('a grant by kit opens that patient (kit, result, booking with its clinical sections), flagged; patient B stays closed', async () => {
    await endAll();
    const a = await outside();
    // B in the same state, with a booking of the same status: one list holds both (facts are computed per place).
    const b = await outside({ state: a.state, status: a.status });
    const { res: granted, rows: grantAudit } = await api.audited(() => start({ kitId: a.kitId }));
    expect(granted.status).toBe(201);
    expect(granted.body.patientId).toBe(a.patientId);
    expect(grantAudit.map((r) => [r.action, r.patient_ids])).toContainEqual(['BREAK_GLASS', [a.patientId]]);

    for (const read of [() => kit(a.kitId), () => result(a.kitId), () => booking(a.bookingId)]) {
      const { res, rows } = await api.audited(read);
      expect(res.status).toBe(200);
      expect(res.body.masked).toBe(false);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.break_glass && r.patient_ids.includes(a.patientId))).toBe(true);
    }
    const detail = (await booking(a.bookingId)).body;
    expect(detail).toMatchObject({
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: true,
      restrictClinicalDataAccessReason: null,
      patientId: a.patientId,
    });
    expect(detail).toHaveProperty('clinicalNotes');
    // The booking list shows the row in clear now, with the same clinical flags; B's rows stay masked.
    const list = await api.call('POST', `${B}/findBookings`, {
      as: DEMO.clinician,
      body: { searchType: 'BOOKING_STATUS', bookingStatus: a.status, perPage: 500 },
    });
    const rowOf = (id: string) => list.body.items.find((r: Row) => r.id === id);
    expect(rowOf(a.bookingId) && rowOf(b.bookingId), 'both bookings in one list').toBeTruthy();
    expect(rowOf(a.bookingId)).toMatchObject({ masked: false, hasReadAccessToClinicalData: true });
    expectFullyMasked(rowOf(b.bookingId), `booking ${b.bookingId}`, ['id']);
    expect(JSON.stringify(list.body)).not.toContain(b.patientId);

    expect((await kit(b.kitId)).status).toBe(404);
    expect((await booking(b.bookingId)).status).toBe(404);
    expect((await api.call('GET', `/secure/patient/detailsBySubId/${b.patientId}`, { as: DEMO.clinician })).status).toBe(404);
    // The session is the clinician's own.
    expect((await api.call('GET', `${B}/get/${a.bookingId}`, { as: DEMO.noLicence })).status).toBe(404);
  });
  it("a grant sorts the patient's results among the rows in scope, by their value, both ways", async () => {
    await endAll();
    const a = await outside();
    expect((await start({ kitId: a.kitId })).status).toBe(201);
    for (const order of ['ASC', 'DESC']) {
      const rows: Row[] = [];
      for (let page = 1; !rows.some((r) => r.kitId === a.kitId); page += 1) {
        const res = await api.call('GET', `/secure/testResult?sort=patientState&order=${order}&perPage=200&page=${page}`, { as: DEMO.clinician });
        expect(res.body.items.length, 'the kit is in the list').toBeGreaterThan(0);
        rows.push(...res.body.items);
      }
      const at = rows.findIndex((r) => r.kitId === a.kitId);
      expect(rows[at]).toMatchObject({ masked: false, patientState: a.state });
      expect(
        rows.slice(0, at).some((r) => r.masked),
        `${order}: a masked row before the opened one`,
      ).toBe(false);
    }
    await endAll();
  });
  it("a grant shows the patient's bookings in clear on the calendar (events view); other patients outside the states stay masked", async () => {
    await endAll();
    const a = await outside();
    const { start_at: at } = await one(`SELECT start_at FROM bookings WHERE id = $1`, [a.bookingId]);
    const [from, to] = [new Date(at.getTime() - 86_400_000).toISOString(), new Date(at.getTime() + 86_400_000).toISOString()];
    const others = (
      await api.pool.query<{ id: string }>(
        `SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.start_at >= $1 AND b.start_at < $2
          AND b.patient_id <> $3 AND NOT (coalesce(p.state, '') = ANY($4::text[]))`,
        [from, to, a.patientId, JANE_STATES],
      )
    ).rows.map((r) => r.id);
    expect(others.length, 'other out-of-state bookings around it').toBeGreaterThan(0);
    const events = async () => {
      const res = await api.call('GET', `${B}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&view=events`, {
        as: DEMO.clinician,
      });
      expect(res.status).toBe(200);
      return (id: string) => res.body.find((e: Row) => e.id === id);
    };
    const before = await events();
    expectFullyMasked(before(a.bookingId), `event ${a.bookingId} before the grant`, ['id']);
    expect((await start({ bookingId: a.bookingId })).status).toBe(201);
    const after = await events();
    expect(after(a.bookingId)).toMatchObject({ masked: false, state: a.state, bookingStatus: a.status, hasReadAccessToClinicalData: true });
    expect(after(a.bookingId).name).not.toBe('XXXXXX');
    for (const id of others) expectFullyMasked(after(id), `event ${id} of another patient`, ['id']);
    await endAll();
  });
  it('a grant by booking opens the patient of that booking; when it ends, the next request is 404 again', async () => {
    await endAll();
    const a = await outside();
    const granted = await start({ bookingId: a.bookingId });
    expect(granted.status).toBe(201);
    expect(granted.body.patientId).toBe(a.patientId);
    expect((await booking(a.bookingId)).body.hasReadAccessToClinicalData).toBe(true);
    expect((await kit(a.kitId)).status).toBe(200);
    // The session ends in a second (as if its time had passed; the identity cache hears of the change).
    await api.pool.query(`UPDATE break_glass_sessions SET expires_at = now() + interval '1 second' WHERE id = $1`, [granted.body.id]);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await booking(a.bookingId)).status).toBe(404);
    expect((await kit(a.kitId)).status).toBe(404);
    expect((await result(a.kitId)).status).toBe(404);
    const list = await api.call('GET', '/secure/testResult?perPage=200', { as: DEMO.clinician });
    const row = list.body.items.find((r: Row) => r.kitId === a.kitId);
    if (row) expectFullyMasked(row, `kit ${a.kitId} after the session`);
  });
});
