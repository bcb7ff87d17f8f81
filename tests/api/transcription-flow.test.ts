import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPTION_REFUSAL, UPLOAD_PART_THRESHOLD_BYTES } from '../../src/domain/transcription/transcription';
import { QUEUES, startJobQueue } from '../../src/server/jobs/queue';
import { bookingFixtures } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';
import { sendAudio, speechWebm, T, waitForStatus, webmLookalike } from './transcription-helpers';

/**
 * The transcription's way through the engine and the job queue (spec 2 §4, §7): submit, COMPLETED with output and
 * summary, the clinician's e-mail, 'Save as' consuming once, multipart upload, engine failure, missing packages,
 * audio retention.
 */
let api: TestApi;
const fx = bookingFixtures(() => api);
let speech: Buffer;
beforeAll(async () => {
  api = await startApi();
  speech = await speechWebm('the patient reports a headache and a fever for three days');
});
afterAll(async () => {
  await api.close();
});

async function recording(state = 'NV') {
  const bookingId = await fx.booking({ state });
  const patientId = (await fx.one('SELECT patient_id FROM bookings WHERE id = $1', [bookingId])).patient_id as string;
  const res = await api.call('POST', T, { as: DEMO.clinician, body: { referenceId: bookingId, patientId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; referenceId: string; patientId: string };
}
async function uploadedAndSubmitted(audio: Buffer) {
  const t = await recording();
  expect((await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, audio)).status).toBe(200);
  expect((await api.call('POST', `${T}/status/${t.id}`, { as: DEMO.clinician, body: { status: 'AUDIO_UPLOADED' } })).status).toBe(200);
  const submitted = await api.call('POST', `${T}/submit/${t.id}`, { as: DEMO.clinician });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return t;
}
const consume = (id: string, body?: unknown) => api.call('POST', `${T}/consume/${id}`, { as: DEMO.clinician, body });
const summaryNote = {
  note: { note: '<h3>Chief Complaint</h3><ul><li>Headache and fever.</li></ul>', noteType: 'CLINICIAN_NOTE', status: 'PUBLISHED' },
};

describe('submit -> engine -> COMPLETED', () => {
  it('the background job transcribes the recording, stores output and summary, and e-mails the clinician', async () => {
    const t = await uploadedAndSubmitted(speech);
    const done = await waitForStatus(api, t.id, DEMO.clinician, ['COMPLETED', 'AUDIO_UPLOADED']);
    expect(done).toMatchObject({ status: 'COMPLETED', isConsumed: false, summaryKind: 'LOCAL_DRAFT', failureReason: null });

    const output = await api.call('GET', `${T}/output/${t.id}`, { as: DEMO.clinician });
    const text = output.body.Conversation.TranscriptSegments.map((s: { Content: string }) => s.Content).join(' ');
    for (const word of ['patient', 'headache', 'fever', 'three', 'days']) expect(text).toContain(word);
    const summary = await api.call('GET', `${T}/summary/${t.id}`, { as: DEMO.clinician });
    expect(summary.body.summaryKind).toBe('LOCAL_DRAFT');
    expect(summary.body.ClinicalDocumentation.Sections[0].SectionName).toBe('CHIEF_COMPLAINT');

    const mail = await fx.one(`SELECT kind, to_address, subject, body FROM mail_outbox WHERE booking_id = $1`, [t.referenceId]);
    expect(mail).toMatchObject({ kind: 'TRANSCRIPTION_READY', to_address: DEMO.clinician, subject: 'Your transcription is ready' });
    expect(mail.body).not.toContain('headache');
    const outbox = await api.call('GET', `/secure/booking/v1/outbox/${t.referenceId}`, { as: DEMO.clinician });
    expect(outbox.body.map((m: { kind: string }) => m.kind)).toContain('TRANSCRIPTION_READY');
    const h = (
      await api.pool.query(`SELECT to_status, actor_name FROM record_history WHERE entity_type = 'transcription' AND entity_id = $1 ORDER BY id`, [
        t.id,
      ])
    ).rows;
    expect(h.at(-1)).toEqual({ to_status: 'COMPLETED', actor_name: 'Transcription engine' });
    // the engine's own copies are gone once the record holds them
    expect((await api.call('POST', `${T}/status/${t.id}`, { as: DEMO.clinician, body: { status: 'DISCARDED' } })).body.reason).toBe(
      TRANSCRIPTION_REFUSAL.completed,
    );
  });

  it("'Save as' creates the chart note and consumes the transcription in one transaction, once", async () => {
    const t = await uploadedAndSubmitted(speech);
    await waitForStatus(api, t.id, DEMO.clinician, ['COMPLETED']);
    const [a, b] = await Promise.all([consume(t.id, summaryNote), consume(t.id, summaryNote)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body).toMatchObject({ isConsumed: true, status: 'COMPLETED' });
    expect((a.status === 409 ? a : b).body.reason).toBe(TRANSCRIPTION_REFUSAL.consumed);
    const notes = await api.call('GET', `/secure/chartNote/booking/${t.referenceId}`, { as: DEMO.clinician });
    expect(notes.body.total).toBe(1);
    expect(notes.body.items[0]).toMatchObject({
      id: ok.body.noteId,
      noteType: 'CLINICIAN_NOTE',
      status: 'PUBLISHED',
      authorName: 'Jane Doe',
      personId: t.patientId,
    });
    expect(notes.body.items[0].note).toContain('Headache and fever.');
    expect((await consume(t.id)).status).toBe(409);
  });

  it('a note the chart-note rules refuse consumes nothing', async () => {
    const t = await uploadedAndSubmitted(speech);
    await waitForStatus(api, t.id, DEMO.clinician, ['COMPLETED']);
    const bad = await consume(t.id, { note: { note: '<p>[[required: plan]]</p>', noteType: 'CLINICIAN_NOTE', status: 'DRAFT' } });
    expect(bad.status).toBe(400);
    expect((await api.call('GET', `${T}/${t.id}`, { as: DEMO.clinician })).body.isConsumed).toBe(false);
    expect((await api.call('GET', `/secure/chartNote/booking/${t.referenceId}`, { as: DEMO.clinician })).body.total).toBe(0);
    expect((await consume(t.id, { note: { ...summaryNote.note, status: 'DRAFT' } })).status).toBe(200);
  });

  it('audio the engine cannot decode comes back as AUDIO_UPLOADED with the reason', async () => {
    const t = await uploadedAndSubmitted(webmLookalike(4096));
    const back = await waitForStatus(api, t.id, DEMO.clinician, ['AUDIO_UPLOADED', 'COMPLETED']);
    expect(back.status).toBe('AUDIO_UPLOADED');
    expect(back.failureReason).toBeTruthy();
    expect((await api.call('GET', `${T}/output/${t.id}`, { as: DEMO.clinician })).status).toBe(404);
  });

  it('without the Debian packages, submit answers a clear error naming them and changes nothing', async () => {
    const t = await recording('CO');
    await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, speech);
    await api.call('POST', `${T}/status/${t.id}`, { as: DEMO.clinician, body: { status: 'AUDIO_UPLOADED' } });
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    const res = await api.call('POST', `${T}/submit/${t.id}`, { as: DEMO.clinician }).finally(() => {
      process.env.PATH = path;
    });
    expect(res.status).toBe(503);
    expect(res.body.reason).toContain('apt-get install pocketsphinx pocketsphinx-en-us ffmpeg');
    expect((await api.call('GET', `${T}/${t.id}`, { as: DEMO.clinician })).body.status).toBe('AUDIO_UPLOADED');
  });
});

describe('multipart audio upload', () => {
  const M = (id: string) => `${T}/audio/${id}/multipart`;
  it('parts of at least 5 MiB but the last, completed into one object under the file id', async () => {
    const t = await recording();
    expect((await api.call('POST', M(t.id), { as: DEMO.clinician })).body.uploadId).toBeTruthy();
    expect((await sendAudio(api, 'PUT', `${M(t.id)}/1`, DEMO.clinician, Buffer.alloc(1024, 1))).body.reason).toBe(TRANSCRIPTION_REFUSAL.notWebm);
    const first = webmLookalike(UPLOAD_PART_THRESHOLD_BYTES);
    expect((await sendAudio(api, 'PUT', `${M(t.id)}/1`, DEMO.clinician, first)).body).toEqual({ partNumber: 1, size: UPLOAD_PART_THRESHOLD_BYTES });
    expect((await sendAudio(api, 'PUT', `${M(t.id)}/2`, DEMO.clinician, Buffer.from('the last part'))).status).toBe(200);
    const done = await api.call('POST', `${M(t.id)}/complete`, { as: DEMO.clinician });
    expect(done.body).toEqual({ size: UPLOAD_PART_THRESHOLD_BYTES + 13 });
    const { url } = (await api.call('GET', `${T}/audio/${t.id}`, { as: DEMO.clinician })).body;
    const got = await api.app.inject({ method: 'GET', url });
    expect(got.headers['content-type']).toBe('audio/webm');
    expect(got.rawPayload.equals(Buffer.concat([first, Buffer.from('the last part')]))).toBe(true);
    expect((await api.call('POST', `${T}/status/${t.id}`, { as: DEMO.clinician, body: { status: 'AUDIO_UPLOADED' } })).status).toBe(200);
  });

  it('a part under 5 MiB that is not the last is refused at complete; abort drops the upload', async () => {
    const t = await recording();
    await api.call('POST', M(t.id), { as: DEMO.clinician });
    await sendAudio(api, 'PUT', `${M(t.id)}/1`, DEMO.clinician, webmLookalike(1024));
    await sendAudio(api, 'PUT', `${M(t.id)}/2`, DEMO.clinician, Buffer.from('last'));
    expect((await api.call('POST', `${M(t.id)}/complete`, { as: DEMO.clinician })).body.reason).toBe(TRANSCRIPTION_REFUSAL.partTooSmall);
    expect((await api.call('DELETE', M(t.id), { as: DEMO.clinician })).body).toEqual({ aborted: true });
    expect((await api.call('POST', `${M(t.id)}/complete`, { as: DEMO.clinician })).body.reason).toBe(TRANSCRIPTION_REFUSAL.noUpload);
    expect((await sendAudio(api, 'PUT', `${M(t.id)}/3`, DEMO.clinician, Buffer.from('x'))).body.reason).toBe(TRANSCRIPTION_REFUSAL.noUpload);
    expect((await api.call('GET', `${T}/audio/${t.id}`, { as: DEMO.clinician })).status).toBe(404);
  });

  it('a part larger than the part limit is refused with 413', async () => {
    const t = await recording();
    await api.call('POST', M(t.id), { as: DEMO.clinician });
    expect((await sendAudio(api, 'PUT', `${M(t.id)}/1`, DEMO.clinician, webmLookalike(17 * 1024 * 1024))).status).toBe(413);
  });
});

describe('retention', () => {
  it('the hourly job deletes audio past the retention period (the record keeps when)', async () => {
    const t = await recording();
    await sendAudio(api, 'PUT', `${T}/audio/${t.id}`, DEMO.clinician, webmLookalike());
    const { url } = (await api.call('GET', `${T}/audio/${t.id}`, { as: DEMO.clinician })).body;
    await api.pool.query(`UPDATE transcriptions SET audio_uploaded_at = now() - interval '31 days' WHERE id = $1`, [t.id]);
    const sender = await startJobQueue(api.pool, { onError: () => undefined });
    await sender.send(QUEUES.transcriptionRetention.name, {});
    await sender.stop();
    const until = Date.now() + 20_000;
    while ((await fx.one('SELECT audio_url FROM transcriptions WHERE id = $1', [t.id])).audio_url && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await fx.one('SELECT audio_url, audio_deleted_at IS NOT NULL AS deleted FROM transcriptions WHERE id = $1', [t.id])).toEqual({
      audio_url: null,
      deleted: true,
    });
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
