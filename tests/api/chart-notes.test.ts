import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const patientIn = async (state: string) =>
  (await api.pool.query(`SELECT id FROM patients WHERE state = $1 ORDER BY id LIMIT 1`, [state])).rows[0].id as string;
const count = async () => (await api.pool.query(`SELECT count(*)::int AS n FROM chart_notes`)).rows[0].n as number;
const body = (personId: string, over: Record<string, unknown> = {}) => ({
  personId,
  note: '<p>Patient reports feeling well.</p>',
  noteType: 'CLINICIAN_NOTE',
  ...over,
});

describe('chart notes', () => {
  it('the author comes from the token, never the body', async () => {
    const p = await patientIn('NV');
    const res = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(p, { authorId: env().cognito.subs[DEMO.superAdmin], authorName: 'Mallory' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      authorId: env().cognito.subs[DEMO.clinician],
      authorName: 'Jane Doe',
      status: 'DRAFT',
      visibility: 'INTERNAL_NOTE',
    });
  });
  it('HTML is sanitized before it is stored', async () => {
    const p = await patientIn('CO');
    const res = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(p, {
        note: '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)" onmouseover="alert(1)">l</a><svg onload="alert(1)"></svg>',
      }),
    });
    expect(res.status).toBe(201);
    const stored = (await api.pool.query(`SELECT note FROM chart_notes WHERE id = $1`, [res.body.id])).rows[0].note;
    for (const text of [stored, JSON.stringify(res.body)]) expect(text).not.toMatch(/<script|onerror|onclick|onmouseover|onload|javascript:|<svg/i);
    expect(stored).toContain('<p>Hi</p>');
  });
  it.each([
    ['an empty note', { note: '<p> </p>' }, 'Note cannot be empty'],
    ['a required placeholder', { note: '<p>[[required: dose]]</p>' }, 'Please fill all the required fields'],
    [
      'a pasted image',
      { note: '<p>x</p><img src="data:image/png;base64,iVBOR">' },
      'Pasted images detected. Please remove images or upload them separately.',
    ],
    [
      'a note over 380 KB',
      { note: `<p>${'a'.repeat(389_200)}</p>` },
      'Note is too large (381 KB > 380 KB). Please remove images/formatting or split the note.',
    ],
    ['no note type', { noteType: undefined }, null],
    ['an unknown note type', { noteType: 'GOSSIP' }, null],
    ['a new questionnaire response', { noteType: 'PATIENT_QUESTIONNAIRE_RESPONSE' }, null],
  ])('400 for %s, nothing written', async (_, over, reason) => {
    const before = await count();
    const res = await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: body(await patientIn('NV'), over) });
    expect(res.status).toBe(400);
    if (reason) expect(res.body.reason).toBe(reason);
    expect(await count()).toBe(before);
  });
  it('roles and licence limits', async () => {
    const before = await count();
    // A patient outside the clinician's valid licence states reads as unknown (404, never 403).
    expect((await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: body(await patientIn('TX')) })).status).toBe(404);
    expect((await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: body(await patientIn('FL')) })).status).toBe(404);
    for (const who of [DEMO.staff, DEMO.ops, DEMO.auditor]) {
      expect((await api.call('POST', '/secure/chartNote', { as: who, body: body(await patientIn('NV')) })).status).toBe(403);
    }
    expect(await count()).toBe(before);
    expect((await api.call('POST', '/secure/chartNote', { as: DEMO.superAdmin, body: body(await patientIn('TX')) })).status).toBe(201);
  });
  it('publish rule: no way back to draft, no edits by another author', async () => {
    const p = await patientIn('CA');
    const created = await api.call('POST', '/secure/chartNote', { as: DEMO.clinician, body: body(p, { status: 'PUBLISHED' }) });
    const id = created.body.id;
    expect((await api.call('PUT', `/secure/chartNote/${id}`, { as: DEMO.clinician, body: body(p, { status: 'DRAFT' }) })).status).toBe(409);
    expect(
      (await api.call('PUT', `/secure/chartNote/${id}`, { as: DEMO.superAdmin, body: body(p, { status: 'PUBLISHED', note: '<p>changed</p>' }) }))
        .status,
    ).toBe(409);
    const stored = (await api.pool.query(`SELECT note, status FROM chart_notes WHERE id = $1`, [id])).rows[0];
    expect(stored).toEqual({ note: '<p>Patient reports feeling well.</p>', status: 'PUBLISHED' });
    // Not even its author changes a published note: an addendum is an amendment, a new note linked to it.
    expect(
      (await api.call('PUT', `/secure/chartNote/${id}`, { as: DEMO.clinician, body: body(p, { status: 'PUBLISHED', note: '<p>Addendum</p>' }) }))
        .status,
    ).toBe(409);
    const amended = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(p, { status: 'PUBLISHED', note: '<p>Addendum</p>', amendsNoteId: id }),
    });
    expect(amended.body).toMatchObject({ note: '<p>Addendum</p>', amendsNoteId: id });
  });
  it('latest draft per patient and reference, lists newest first', async () => {
    // A kit of the note's own patient (a note names its patient's records).
    const {
      rows: [{ p, kit }],
    } = await api.pool.query(`SELECT patient_id AS p, kit_id AS kit FROM kits WHERE patient_state = 'NY' ORDER BY kit_id LIMIT 1`);
    await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(p, { note: '<p>first</p>', referenceId: kit, referenceType: 'KIT' }),
    });
    const second = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(p, { note: '<p>second</p>', referenceId: kit, referenceType: 'KIT' }),
    });
    const draft = await api.call('GET', `/secure/chartNote/latestDraft?personId=${p}&referenceId=${kit}&referenceType=KIT`, { as: DEMO.clinician });
    expect(draft.body.draft.id).toBe(second.body.id);
    expect((await api.call('GET', `/secure/chartNote/latestDraft?personId=${p}`, { as: DEMO.superAdmin })).body.draft).toBeNull();
    const byKit = await api.call('GET', `/secure/chartNote/kit/${kit}`, { as: DEMO.clinician });
    expect(byKit.body.items.map((n: { note: string }) => n.note)).toEqual(['<p>second</p>', '<p>first</p>']);
    const byPatient = await api.call('GET', `/secure/chartNote/patient/${p}?q=second`, { as: DEMO.clinician });
    expect(byPatient.body.total).toBe(1);
    expect((await api.call('GET', `/secure/chartNote/patient/${p}`, { as: DEMO.staff })).status).toBe(403);
  });
});

describe('templates, content service, NPI', () => {
  it('a clinician manages only their own templates', async () => {
    const created = await api.call('POST', '/secure/clinician/template', {
      as: DEMO.clinician,
      body: { name: 'Follow-up', description: '<p>Hi {{patientName}}</p>' },
    });
    expect(created.status).toBe(200);
    expect((await api.call('GET', '/secure/clinician/template', { as: DEMO.clinician })).body.map((t: { name: string }) => t.name)).toContain(
      'Follow-up',
    );
    expect((await api.call('GET', '/secure/clinician/template', { as: DEMO.superAdmin })).body).toEqual([]);
    expect(
      (await api.call('PUT', '/secure/clinician/template', { as: DEMO.superAdmin, body: { id: created.body.id, name: 'x', description: 'y' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await api.call('PUT', '/secure/clinician/template', {
          as: DEMO.clinician,
          body: { id: created.body.id, name: 'Follow-up 2', description: 'y' },
        })
      ).body.name,
    ).toBe('Follow-up 2');
    expect((await api.call('POST', '/secure/clinician/template', { as: DEMO.clinician, body: { name: ' ', description: 'y' } })).status).toBe(400);
    expect((await api.call('POST', '/secure/clinician/template', { as: DEMO.auditor, body: { name: 'a', description: 'y' } })).status).toBe(403);
  });
  it('the content service answers in data.data.attributes', async () => {
    const res = await api.call('GET', '/secure/content/clinician-portal', { as: DEMO.clinician });
    expect(res.body.data.data.attributes.negativeTemplates.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['NEGATIVE', 'POSITIVE', 'INCONCLUSIVE']),
    );
    expect(res.body.data.data.attributes.bookingSummary).toContain('{{patientName}}');
    expect((await api.call('GET', '/secure/content/nothing', { as: DEMO.clinician })).status).toBe(404);
  });
  it('NPI lookup by name', async () => {
    expect((await api.call('GET', '/secure/npi?name=Dr.%20Emily%20Chen', { as: DEMO.clinician })).body).toEqual({
      name: 'Emily Chen',
      npi: '1730495861',
    });
    expect((await api.call('GET', '/secure/npi?name=Emily', { as: DEMO.clinician })).body).toEqual({ msg: 'Not found', reason: 'NPI not found' });
  });
});

describe('chart notes written from a test result', () => {
  it('are stored against the result kit, found by kit, test result and latest draft', async () => {
    const { rows } = await api.pool
      .query(`SELECT t.id, t.kit_id AS "kitId", k.patient_id AS "patientId" FROM test_results t JOIN kits k ON k.kit_id = t.kit_id
      JOIN patients p ON p.id = k.patient_id WHERE p.state = 'NV' ORDER BY t.id LIMIT 1`);
    const { id, kitId, patientId } = rows[0];
    const created = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(patientId, { note: '<p>from result</p>', referenceId: id, referenceType: 'TEST_RESULT' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ referenceId: kitId, referenceType: 'KIT' });
    const draft = await api.call('GET', `/secure/chartNote/latestDraft?personId=${patientId}&referenceId=${id}&referenceType=TEST_RESULT`, {
      as: DEMO.clinician,
    });
    expect(draft.body.draft.id).toBe(created.body.id);
    for (const path of [`/secure/chartNote/kit/${kitId}`, `/secure/chartNote/testResult/${id}`]) {
      expect((await api.call('GET', path, { as: DEMO.clinician })).body.items.map((n: { id: string }) => n.id)).toContain(created.body.id);
    }
    const before = await count();
    const unknown = await api.call('POST', '/secure/chartNote', {
      as: DEMO.clinician,
      body: body(patientId, { referenceId: '00000000-0000-4000-8000-000000000000', referenceType: 'TEST_RESULT' }),
    });
    expect(unknown.status).toBe(404);
    expect(await count()).toBe(before);
  });
});
