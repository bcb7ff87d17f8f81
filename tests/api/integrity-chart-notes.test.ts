import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const count = async () => (await one(`SELECT count(*)::int AS n FROM chart_notes`)).n as number;
const body = (personId: string, over: Record<string, unknown> = {}) => ({
  personId,
  note: '<p>Patient reports feeling well.</p>',
  noteType: 'CLINICIAN_NOTE',
  ...over,
});
const post = (b: unknown, as = DEMO.clinician) => api.call('POST', '/secure/chartNote', { as, body: b });
/** Two different patients in NV (Jane's valid state) with a kit and a booking each, and a test result of the first. */
async function twoPatients() {
  const kits = (
    await api.pool.query(`SELECT k.patient_id AS p, k.kit_id AS kit FROM kits k WHERE k.patient_state = 'NV' AND k.patient_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM bookings b WHERE b.patient_id = k.patient_id) ORDER BY k.kit_id`)
  ).rows;
  const a = kits[0];
  const b = kits.find((r) => r.p !== a.p)!;
  const booking = async (p: string) => (await one(`SELECT id FROM bookings WHERE patient_id = $1 ORDER BY id LIMIT 1`, [p])).id as string;
  const result = await one(
    `SELECT id FROM test_results WHERE kit_id = (SELECT kit_id FROM kits WHERE patient_id = $1 AND kit_id IN (SELECT kit_id FROM test_results) LIMIT 1)`,
    [b.p],
  );
  return {
    a: { p: a.p as string, kit: a.kit as string, booking: await booking(a.p) },
    b: { p: b.p as string, kit: b.kit as string, booking: await booking(b.p), result: result?.id as string | undefined },
  };
}

describe("a chart note names only its own patient's records", () => {
  it('refuses (404) a kit, booking or test result of another patient; nothing written', async () => {
    const { a, b } = await twoPatients();
    const before = await count();
    const refs: [string, string][] = [
      [b.kit, 'KIT'],
      [b.booking, 'BOOKING'],
    ];
    if (b.result) refs.push([b.result, 'TEST_RESULT']);
    for (const [referenceId, referenceType] of refs) {
      const res = await post(body(a.p, { referenceId, referenceType }));
      expect(res.status, referenceType).toBe(404);
      expect(res.body.reason).toBe(`no such ${referenceType === 'TEST_RESULT' ? 'test result' : referenceType.toLowerCase()} for this patient`);
    }
    expect(await count()).toBe(before);
    // Its own kit and booking are fine.
    expect((await post(body(a.p, { referenceId: a.kit, referenceType: 'KIT' }))).status).toBe(201);
    expect((await post(body(a.p, { referenceId: a.booking, referenceType: 'BOOKING' }))).status).toBe(201);
  });
  it("an update cannot re-point a note at another patient's record", async () => {
    const { a, b } = await twoPatients();
    const draft = await post(body(a.p, { referenceId: a.kit, referenceType: 'KIT' }));
    const res = await api.call('PUT', `/secure/chartNote/${draft.body.id}`, {
      as: DEMO.clinician,
      body: body(a.p, { referenceId: b.kit, referenceType: 'KIT' }),
    });
    expect(res.status).toBe(404);
    expect((await one(`SELECT reference_id FROM chart_notes WHERE id = $1`, [draft.body.id])).reference_id).toBe(a.kit);
  });
});

describe('published notes are immutable; an amendment is a new linked note with history', () => {
  it('PUT on a published note is refused (409) and changes nothing', async () => {
    const { a } = await twoPatients();
    const pub = await post(body(a.p, { status: 'PUBLISHED' }));
    const stored = async () => one(`SELECT note, status, note_type, visibility, updated_at FROM chart_notes WHERE id = $1`, [pub.body.id]);
    const before = await stored();
    for (const over of [{ status: 'PUBLISHED', note: '<p>Changed</p>' }, { status: 'PUBLISHED', visibility: 'EXTERNAL_NOTE' }, { status: 'DRAFT' }]) {
      const res = await api.call('PUT', `/secure/chartNote/${pub.body.id}`, { as: DEMO.clinician, body: body(a.p, over) });
      expect(res.status).toBe(409);
      expect(res.body.reason).toBe('a published note cannot be changed; write an amendment');
    }
    expect(await stored()).toEqual(before);
  });
  it('a draft is edited and published in place, with its history', async () => {
    const { a } = await twoPatients();
    const draft = await post(body(a.p));
    const done = await api.call('PUT', `/secure/chartNote/${draft.body.id}`, {
      as: DEMO.clinician,
      body: body(a.p, { status: 'PUBLISHED', note: '<p>Final</p>' }),
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'PUBLISHED', note: '<p>Final</p>', amendsNoteId: null });
    const history = (
      await api.pool.query(
        `SELECT action, from_status, to_status, actor_sub FROM record_history WHERE entity_type = 'chart_note' AND entity_id = $1 ORDER BY id`,
        [draft.body.id],
      )
    ).rows;
    expect(history).toEqual([
      { action: 'CREATE', from_status: null, to_status: 'DRAFT', actor_sub: env().cognito.subs[DEMO.clinician] },
      { action: 'PUBLISH', from_status: 'DRAFT', to_status: 'PUBLISHED', actor_sub: env().cognito.subs[DEMO.clinician] },
    ]);
  });
  it('an amendment is a new note linked to the original, which stays as it was', async () => {
    const { a } = await twoPatients();
    const original = await post(body(a.p, { status: 'PUBLISHED', referenceId: a.kit, referenceType: 'KIT' }));
    const amendment = await post(
      body(a.p, {
        status: 'PUBLISHED',
        note: '<p>Correction: dose is 10 mg.</p>',
        amendsNoteId: original.body.id,
        referenceId: a.kit,
        referenceType: 'KIT',
      }),
    );
    expect(amendment.status).toBe(201);
    expect(amendment.body).toMatchObject({ amendsNoteId: original.body.id, personId: a.p, note: '<p>Correction: dose is 10 mg.</p>' });
    expect(amendment.body.id).not.toBe(original.body.id);
    expect(await one(`SELECT note, status FROM chart_notes WHERE id = $1`, [original.body.id])).toEqual({
      note: '<p>Patient reports feeling well.</p>',
      status: 'PUBLISHED',
    });
    const history = (
      await api.pool.query(`SELECT entity_id, action, comment FROM record_history WHERE entity_type = 'chart_note' AND action = 'AMEND' ORDER BY id`)
    ).rows;
    expect(history).toContainEqual({ entity_id: original.body.id, action: 'AMEND', comment: `amended by note ${amendment.body.id}` });
    const listed = await api.call('GET', `/secure/chartNote/kit/${a.kit}`, { as: DEMO.clinician });
    expect(listed.body.items.find((n: { id: string }) => n.id === amendment.body.id).amendsNoteId).toBe(original.body.id);
  });
  it('only a published note of the same patient can be amended', async () => {
    const { a, b } = await twoPatients();
    const draft = await post(body(a.p));
    const other = await post(body(b.p, { status: 'PUBLISHED' }));
    const before = await count();
    const ofDraft = await post(body(a.p, { amendsNoteId: draft.body.id }));
    expect(ofDraft.status).toBe(409);
    expect(ofDraft.body.reason).toBe('only a published note can be amended; edit the draft instead');
    const ofOther = await post(body(a.p, { amendsNoteId: other.body.id }));
    expect(ofOther.status).toBe(404);
    expect(ofOther.body.reason).toBe('no such chart note for this patient');
    expect(await count()).toBe(before);
  });
});

describe('images in chart note rich text', () => {
  const pasted = 'Pasted images detected. Please remove images or upload them separately.';
  it.each([
    ['a data: image', '<p>x</p><img src="data:image/png;base64,iVBOR">'],
    ['an entity-encoded data: image', '<p>x</p><img src="&#100;ata:image/png;base64,iVBOR">'],
    ['an <image> tag the parser turns into <img>', '<p>x</p><image src="data:image/png;base64,iVBOR">'],
    ['a remote image', '<p>x</p><img src="https://tracker.example.com/p.png">'],
    ['an upper-case IMG', '<p>x</p><IMG SRC="https://tracker.example.com/p.png">'],
  ])('refuses %s with the spec text, on create and on update', async (_, note) => {
    const { a } = await twoPatients();
    const before = await count();
    const res = await post(body(a.p, { note }));
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe(pasted);
    expect(await count()).toBe(before);
    const draft = await post(body(a.p));
    const upd = await api.call('PUT', `/secure/chartNote/${draft.body.id}`, { as: DEMO.clinician, body: body(a.p, { note }) });
    expect(upd.status).toBe(400);
    expect(upd.body.reason).toBe(pasted);
  });
});
