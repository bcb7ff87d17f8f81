import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { NO_CALENDAR_REFUSAL } from '../../src/domain/clinician/clinical-gate';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/shared/headers';
import { TRANSCRIPTION_REFUSAL } from '../../src/domain/transcription/transcription';
import { bookingFixtures } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';
import { sendAudio, T, webmLookalike } from './transcription-helpers';

/**
 * Transcription records (spec 2 §4, §7): create, the status machine, ownership and the licence scope.
 * Jane (clinician@demo.test) holds valid licences in NV, CO, CA, NY and an expired one in TX; Priya
 * (clinician.nocalendar) holds CO only; Samuel (clinician.nolicense) none.
 */
let api: TestApi;
const fx = bookingFixtures(() => api);
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const patientOf = async (bookingId: string) => (await fx.one('SELECT patient_id FROM bookings WHERE id = $1', [bookingId])).patient_id as string;
async function create(bookingId: string, as: string = DEMO.clinician) {
  return api.call('POST', T, {
    as,
    body: { referenceType: 'BOOKING', referenceId: bookingId, patientId: await patientOf(bookingId), source: 'CLINICIAN_PATIENT_CONVERSATION' },
  });
}
const status = (id: string, to: string, as: string = DEMO.clinician) => api.call('POST', `${T}/status/${id}`, { as, body: { status: to } });
const history = async (id: string) =>
  (
    await api.pool.query(
      `SELECT action, from_status, to_status, actor_name FROM record_history WHERE entity_type = 'transcription' AND entity_id = $1 ORDER BY id`,
      [id],
    )
  ).rows;

describe('POST /secure/transcribe', () => {
  it("starts a recording for the booking's patient and answers the file id; one open transcription per booking", async () => {
    const bookingId = await fx.booking({ state: 'NV' });
    const res = await create(bookingId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'IN_PROGRESS',
      isConsumed: false,
      referenceId: bookingId,
      referenceType: 'BOOKING',
      patientId: await patientOf(bookingId),
      source: 'CLINICIAN_PATIENT_CONVERSATION',
      clinicianName: 'Jane Doe',
      hasAudio: false,
      isAuthor: true,
    });
    expect(res.body.fileUUID).toBe(res.body.id);
    const again = await create(bookingId);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('Transcription is already in progress');
    expect(await history(res.body.id)).toEqual([{ action: 'CREATE', from_status: null, to_status: 'IN_PROGRESS', actor_name: 'Jane Doe' }]);
  });

  it('a repeated Idempotency-Key (double click, lost answer) gets the first answer: one transcription', async () => {
    const bookingId = await fx.booking({ state: 'NV' });
    const body = { referenceId: bookingId, patientId: await patientOf(bookingId) };
    const headers = { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
    const [a, b] = [
      await api.call('POST', T, { as: DEMO.clinician, body, headers }),
      await api.call('POST', T, { as: DEMO.clinician, body, headers }),
    ];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.fileUUID).toBe(a.body.fileUUID);
    expect((await fx.one(`SELECT count(*)::int AS n FROM transcriptions WHERE reference_id = $1`, [bookingId])).n).toBe(1);
  });

  it("refuses another patient than the booking's (400), an unknown booking and a booking outside the licence (404)", async () => {
    const bookingId = await fx.booking({ state: 'NV' });
    const other = await fx.booking({ state: 'CO' });
    const wrong = await api.call('POST', T, { as: DEMO.clinician, body: { referenceId: bookingId, patientId: await patientOf(other) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.reason).toBe(TRANSCRIPTION_REFUSAL.notBookingPatient);
    expect((await api.call('POST', T, { as: DEMO.clinician, body: { referenceId: 'BK-NOPE', patientId: await patientOf(other) } })).status).toBe(404);
    expect((await create(await fx.booking({ state: 'FL' }))).status).toBe(404);
    expect((await create(await fx.booking({ state: 'TX' }))).status).toBe(404); // expired licence
    expect((await create(await fx.booking({ state: 'NV' }), DEMO.noLicence)).status).toBe(404);
    expect((await fx.one(`SELECT count(*)::int AS n FROM transcriptions WHERE reference_id = $1`, [bookingId])).n).toBe(0);
  });

  it('is for clinicians and super admins only: staff, operation support and auditors are refused', async () => {
    const bookingId = await fx.booking({ state: 'NV' });
    for (const as of [DEMO.staff, DEMO.ops, DEMO.auditor]) expect((await create(bookingId, as)).status, as).toBe(403);
    expect((await api.call('GET', `${T}?referenceId=${bookingId}`, { as: DEMO.auditor })).status).toBe(403);
    expect((await create(await fx.booking({ state: 'FL' }), DEMO.superAdmin)).status).toBe(201); // no licence needed
  });
});

describe('audit', () => {
  it('every transcription request writes one row naming the transcription and its patient, never the audio', async () => {
    const bookingId = await fx.booking({ state: 'NV' });
    const patientId = await patientOf(bookingId);
    const created = await api.audited(() => create(bookingId));
    const id = created.res.body.id as string;
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0]).toMatchObject({ entity_type: 'transcription', entity_ids: [id], patient_ids: [patientId], outcome: 'SUCCESS' });
    const put = await api.audited(() => sendAudio(api, 'PUT', `${T}/audio/${id}`, DEMO.clinician, webmLookalike()));
    expect(put.rows).toHaveLength(1);
    expect(put.rows[0]).toMatchObject({ action: 'UPLOAD_AUDIO', entity_ids: [id], patient_ids: [patientId] });
    const refused = await api.audited(() => sendAudio(api, 'PUT', `${T}/audio/${id}`, DEMO.superAdmin, webmLookalike()));
    expect(refused.rows).toHaveLength(1);
    expect(refused.rows[0]).toMatchObject({ outcome: 'DENIED', status_code: 403 });
    const read = await api.audited(() => api.call('GET', `${T}/${id}`, { as: DEMO.clinician }));
    expect(read.rows[0]).toMatchObject({ action: 'READ', entity_ids: [id], patient_ids: [patientId] });
  });
});

describe('status machine', () => {
  it('IN_PROGRESS -> AUDIO_UPLOADED only with stored webm audio; then the audio is locked', async () => {
    const { body: t } = await create(await fx.booking({ state: 'NV' }));
    expect((await status(t.id, 'AUDIO_UPLOADED')).body.reason).toBe(TRANSCRIPTION_REFUSAL.noAudio);
    const notWebm = await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, Buffer.from('%PDF-1.7 not audio'));
    expect(notWebm.status).toBe(400);
    expect(notWebm.body.reason).toBe(TRANSCRIPTION_REFUSAL.notWebm);
    const put = await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, webmLookalike(2048));
    expect(put).toEqual({ status: 200, body: { size: 2048 } });
    const uploaded = await status(t.id, 'AUDIO_UPLOADED');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ status: 'AUDIO_UPLOADED', hasAudio: true });
    expect((await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, webmLookalike())).body.reason).toBe(TRANSCRIPTION_REFUSAL.audioLocked);
    expect((await status(t.id, 'AUDIO_UPLOADED')).status).toBe(409);
  });

  it("only the spec's statuses are accepted; submit moves to AWAITING once ('Transcription is already in progress' after)", async () => {
    const { body: t } = await create(await fx.booking({ state: 'CO' }));
    for (const bad of ['COMPLETED', 'AWAITING_TRANSCRIBED_OUTPUT', 'IN_PROGRESS', 'DONE']) expect((await status(t.id, bad)).status, bad).toBe(400);
    expect((await api.call('POST', `${T}/submit/${t.id}`, { as: DEMO.clinician })).body.reason).toBe(TRANSCRIPTION_REFUSAL.notUploaded);
    await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, webmLookalike());
    expect((await api.call('POST', `${T}/submit/${t.id}`, { as: DEMO.clinician })).body.reason).toBe(TRANSCRIPTION_REFUSAL.notUploaded);
    await status(t.id, 'AUDIO_UPLOADED');
    // two submits at once: the first moves it, the second waits for the row and is refused
    const both = await Promise.all([1, 2].map(() => api.call('POST', `${T}/submit/${t.id}`, { as: DEMO.clinician })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 200)!.body).toMatchObject({ status: 'AWAITING_TRANSCRIBED_OUTPUT' });
    expect(both.find((r) => r.status === 409)!.body.reason).toBe('Transcription is already in progress');
    expect(
      (await fx.one(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'transcription' AND data->>'transcriptionId' = $1`, [t.id])).n,
    ).toBeGreaterThanOrEqual(1);
  });

  it('discard from any status but COMPLETED deletes the audio; discarding twice is refused', async () => {
    const { body: t } = await create(await fx.booking({ state: 'NV' }));
    await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, webmLookalike());
    const url = (await api.call('GET', `${T}/audio/${t.id}`, { as: DEMO.clinician })).body.url as string;
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const discarded = await status(t.id, 'DISCARDED');
    expect(discarded.body).toMatchObject({ status: 'DISCARDED', hasAudio: false });
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await api.call('GET', `${T}/audio/${t.id}`, { as: DEMO.clinician })).status).toBe(404);
    expect(await fx.one('SELECT audio_url, audio_deleted_at FROM transcriptions WHERE id = $1', [t.id])).toMatchObject({ audio_url: null });
    expect((await status(t.id, 'DISCARDED')).body.reason).toBe(TRANSCRIPTION_REFUSAL.discarded);
    expect((await history(t.id)).map((h) => h.to_status)).toEqual(['IN_PROGRESS', 'DISCARDED']);
    // a discarded one no longer blocks a new recording of the booking
    expect((await create(t.referenceId)).status).toBe(201);
  });
});

describe('ownership and licence', () => {
  it('another licensed clinician reads it but cannot change it; a super admin may discard it', async () => {
    const { body: t } = await create(await fx.booking({ state: 'CO' }));
    const read = await api.call('GET', `${T}/${t.id}`, { as: DEMO.noCalendar });
    expect(read.status).toBe(200);
    expect(read.body.isAuthor).toBe(false);
    // without a calendar link she does no clinical work at all (the clinical gate, clinical-gate.test.ts)
    const gated = await status(t.id, 'DISCARDED', DEMO.noCalendar);
    expect([gated.status, gated.body.reason]).toEqual([403, NO_CALENDAR_REFUSAL]);
    // with one, she is still not the author
    expect(
      (await api.call('PATCH', '/secure/clinician/updateCalendar', { as: DEMO.noCalendar, body: { calendarLink: 'https://cal.example.com/priya' } }))
        .status,
    ).toBe(200);
    for (const res of [
      await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.noCalendar, webmLookalike()),
      await status(t.id, 'DISCARDED', DEMO.noCalendar),
      await api.call('POST', `${T}/submit/${t.id}`, { as: DEMO.noCalendar }),
      await api.call('POST', `${T}/audio/${t.id}/multipart`, { as: DEMO.noCalendar }),
      await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.superAdmin, webmLookalike()),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe(TRANSCRIPTION_REFUSAL.notAuthor);
    }
    expect((await status(t.id, 'DISCARDED', DEMO.superAdmin)).body.status).toBe('DISCARDED');
  });

  it('outside the licence scope every call answers 404, as if it did not exist', async () => {
    const bookingId = await fx.booking({ state: 'FL' });
    const { body: t } = await create(bookingId, DEMO.superAdmin);
    for (const url of [`${T}/${t.id}`, `${T}/audio/${t.id}`, `${T}/output/${t.id}`, `${T}/summary/${t.id}`, `${T}?referenceId=${bookingId}`]) {
      expect((await api.call('GET', url, { as: DEMO.clinician })).status, url).toBe(404);
    }
    expect((await status(t.id, 'DISCARDED', DEMO.clinician)).status).toBe(404);
    const consumed = await api.call('POST', `${T}/consume/${t.id}`, { as: DEMO.clinician });
    expect(consumed.status, JSON.stringify(consumed.body)).toBe(404);
    expect((await api.call('GET', `${T}/latestTranscribe?bookingId=${bookingId}&patientId=${t.patientId}`, { as: DEMO.clinician })).body).toEqual({
      transcription: null,
    });
    expect(
      (await api.call('GET', `${T}/latestTranscribe?bookingId=${bookingId}&patientId=${t.patientId}`, { as: DEMO.superAdmin })).body.transcription.id,
    ).toBe(t.id);
  });

  it('the booking list shows every transcription of the booking, newest first, with its author', async () => {
    const bookingId = await fx.booking({ state: 'NV' });
    const { body: first } = await create(bookingId);
    await status(first.id, 'DISCARDED');
    const { body: second } = await create(bookingId);
    const list = await api.call('GET', `${T}?referenceId=${bookingId}`, { as: DEMO.clinician });
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [second.id, 'IN_PROGRESS'],
      [first.id, 'DISCARDED'],
    ]);
    expect(list.body.items[0].clinicianName).toBe('Jane Doe');
    // the portal's list sends react-admin's sort and order
    const oldestFirst = await api.call('GET', `${T}?referenceId=${bookingId}&page=1&perPage=25&sort=createdEpoch&order=ASC`, { as: DEMO.clinician });
    expect(oldestFirst.body.items.map((i: { id: string }) => i.id)).toEqual([first.id, second.id]);
  });
});
