import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/bookings/bookings';
import { todayUtc } from '../../../src/domain/clinician/licenses';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/domain/shared/headers';
import { KEY_REUSED_TEXT } from '../../../src/server/http/idempotency';
import { B, bookingFixtures } from '../booking-helpers';
import { DEMO, startApi, type TestApi } from '../helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);

const count = async (sql: string, params: unknown[]) => (await api.pool.query<{ n: number }>(sql, params)).rows[0].n;
const patientIn = async (state: string) =>
  (await api.pool.query(`SELECT id FROM patients WHERE state = $1 ORDER BY id LIMIT 1`, [state])).rows[0].id as string;
const noteBody = (personId: string, text: string) => ({
  personId,
  note: `<p>${text}</p>`,
  noteType: 'CLINICIAN_NOTE',
  status: 'DRAFT',
  visibility: 'INTERNAL_NOTE',
});
const kitForm = {
  panelName: 'Check Me Out Panel',
  labName: 'CDD',
  sampleTakenDate: addDays(todayUtc(), -2),
  medications: 'none',
  symptoms: 'none',
  notes: 'none',
};
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

describe('Idempotency-Key on double-submittable creations', () => {
  it('a chart note sent five times at once with one key: one note, the same answer to all', async () => {
    const personId = await patientIn('NV');
    const text = `double click ${randomUUID()}`;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(personId, text), headers: withKey(key) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    for (const a of answers) expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(await count(`SELECT count(*)::int AS n FROM chart_notes WHERE note = $1`, [`<p>${text}</p>`])).toBe(1);
    // A retry later (the answer was lost on the way) gets the same note again.
    const later = await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(personId, text), headers: withKey(key) });
    expect(later.body).toEqual(answers[0].body);
    expect(await count(`SELECT count(*)::int AS n FROM chart_notes WHERE note = $1`, [`<p>${text}</p>`])).toBe(1);
  });

  it('Create Kit sent twice at once with one key: one kit for the booking, the same kit id in both answers', async () => {
    const id = await fx.booking({ state: 'NV' });
    const key = randomUUID();
    const [a, b] = await Promise.all(
      [1, 2].map(() => api.call('POST', `${B}/orderKit/${id}`, { as: DEMO.clinician, body: kitForm, headers: withKey(key) })),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body.kitId).toMatch(/^KB\d{7}$/);
    expect(await count(`SELECT count(*)::int AS n FROM kits WHERE booking_id = $1`, [id])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM lab_requests WHERE kit_id = $1`, [a.body.kitId])).toBe(1);
  });

  it('without the header nothing changes: two sends are two notes (the key is what makes a retry safe)', async () => {
    const personId = await patientIn('NV');
    const text = `no key ${randomUUID()}`;
    await Promise.all([1, 2].map(() => api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(personId, text) })));
    expect(await count(`SELECT count(*)::int AS n FROM chart_notes WHERE note = $1`, [`<p>${text}</p>`])).toBe(2);
  });

  it('the same key with another body or another booking is refused with 422 and writes nothing', async () => {
    const personId = await patientIn('NV');
    const key = randomUUID();
    const first = await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(personId, 'first'), headers: withKey(key) });
    expect(first.status).toBe(201);
    const notes = await count(`SELECT count(*)::int AS n FROM chart_notes`, []);
    const changed = await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(personId, 'changed'), headers: withKey(key) });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ msg: 'Unprocessable request', reason: KEY_REUSED_TEXT });
    expect(await count(`SELECT count(*)::int AS n FROM chart_notes`, [])).toBe(notes);

    const [one, other] = [await fx.booking({ state: 'NV' }), await fx.booking({ state: 'NV' })];
    const kitKey = randomUUID();
    expect((await api.call('POST', `${B}/orderKit/${one}`, { as: DEMO.clinician, body: kitForm, headers: withKey(kitKey) })).status).toBe(200);
    const elsewhere = await api.call('POST', `${B}/orderKit/${other}`, { as: DEMO.clinician, body: kitForm, headers: withKey(kitKey) });
    expect(elsewhere.status).toBe(422);
    expect(await count(`SELECT count(*)::int AS n FROM kits WHERE booking_id = $1`, [other])).toBe(0);
  });

  it('keys belong to their user: another user sending the same key and body never gets the first answer', async () => {
    const personId = await patientIn('NV');
    const key = randomUUID();
    const text = `shared key ${randomUUID()}`;
    const mine = await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(personId, text), headers: withKey(key) });
    const theirs = await api.call('POST', '/secure/chartNote', { as: DEMO.superAdmin, body: noteBody(personId, text), headers: withKey(key) });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.authorName).not.toBe(mine.body.authorName);
  });

  it('a key that is not a UUID is refused with 400 before anything is written', async () => {
    const personId = await patientIn('NV');
    const before = await count(`SELECT count(*)::int AS n FROM chart_notes`, []);
    const res = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: noteBody(personId, 'bad key'),
      headers: withKey('twice-please'),
    });
    expect(res.status).toBe(400);
    expect(await count(`SELECT count(*)::int AS n FROM chart_notes`, [])).toBe(before);
  });

  it('a refusal is an answer too: the repeated key gets the same refusal, and the replay is audited pointing at the first request', async () => {
    const key = randomUUID();
    const outside = await patientIn('TX'); // no valid licence there: the patient reads as unknown (404)
    const { res: first, rows: firstRows } = await api.audited(() =>
      api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(outside, 'outside'), headers: withKey(key) }),
    );
    const { res: again, rows } = await api.audited(() =>
      api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: noteBody(outside, 'outside'), headers: withKey(key) }),
    );
    expect(first.status).toBe(404);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(first.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'REPLAY', entity_type: 'request', entity_ids: [firstRows[0].request_id] });
  });
});
