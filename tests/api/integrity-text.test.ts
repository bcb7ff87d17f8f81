import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const jane = () => env().cognito.subs[DEMO.clinician];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
/** What a clinician types into a plain textarea: angle brackets are text, not markup. */
const TYPED = 'Culture <no growth> after 48h. Ratio <1:2 vs >1:8 <b>check</b> & "retest" <img src=x>';
const used = new Set<string>();
async function kitWhere(where: string, params: unknown[] = []) {
  const { rows } = await api.pool.query(
    `SELECT lr.kit_id FROM lab_requests lr JOIN kits k ON k.kit_id = lr.kit_id LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id
    WHERE ${where} ORDER BY lr.kit_id LIMIT 50`,
    params,
  );
  const kit = rows.map((r) => r.kit_id as string).find((k) => !used.has(k));
  if (!kit) throw new Error(`no fixture kit for ${where}`);
  used.add(kit);
  return kit;
}

describe('plain-text fields are stored and returned exactly as typed (they are text, never HTML)', () => {
  it('reject notes (internal and to the patient)', async () => {
    const kit = await kitWhere(`lr.clinician_id = $1 AND lr.status = 'REGISTERED' AND lr.patient_state IN ('NV','CO','CA','NY')`, [jane()]);
    const res = await api.call('PUT', '/secure/labRequest/reject', {
      as: DEMO.clinician,
      body: { kitId: kit, internalNote: TYPED, externalNote: `Hi Ann, the sample arrived <leaking>. ${TYPED}` },
    });
    expect(res.status).toBe(200);
    expect(await one(`SELECT internal_note, external_note FROM lab_requests WHERE kit_id = $1`, [kit])).toEqual({
      internal_note: TYPED,
      external_note: `Hi Ann, the sample arrived <leaking>. ${TYPED}`,
    });
    const row = await api.call('GET', `/secure/labRequest?kitId=${kit}&queryType=ALL`, { as: DEMO.clinician });
    expect(row.body.items[0]).toMatchObject({ internalNote: TYPED, externalNote: `Hi Ann, the sample arrived <leaking>. ${TYPED}` });
  });

  it('result notes, their release to the patient, and the released message', async () => {
    const { kit_id: kit } = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id = $1 AND status = 'NEEDS_CLINICIAN_REVIEW' AND patient_state IN ('NV','CO','CA','NY') ORDER BY kit_id LIMIT 1`,
      [jane()],
    );
    for (const noteType of ['internal', 'external']) {
      expect((await api.call('POST', `/secure/testResult/${kit}/notes`, { as: DEMO.clinician, body: { noteType, notes: TYPED } })).status).toBe(200);
    }
    const read = await api.call('GET', `/secure/testResult/${kit}`, { as: DEMO.clinician });
    expect(read.body).toMatchObject({ internalNotes: TYPED, externalNotes: TYPED });
    // A note made only of bracketed text is not empty: it is sent as typed.
    expect(
      (await api.call('POST', `/secure/testResult/${kit}/notes`, { as: DEMO.clinician, body: { noteType: 'external', notes: '<no growth>' } }))
        .status,
    ).toBe(200);
    expect((await api.call('PUT', `/secure/testResult/${kit}/notes/release`, { as: DEMO.clinician })).status).toBe(200);
    const msg = await one(
      `SELECT content FROM messages WHERE message_type = 'TEST_RESULT' AND reference_id = (SELECT id::text FROM test_results WHERE kit_id = $1)`,
      [kit],
    );
    expect(msg.content).toBe('<no growth>');
  });

  it('messages to the patient and re-assignment reasons', async () => {
    const { kit_id: kit } = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id = $1 AND status = 'NEEDS_CLINICIAN_REVIEW' AND patient_state IN ('NV','CO','CA','NY') ORDER BY kit_id DESC LIMIT 1`,
      [jane()],
    );
    const sent = await api.call('POST', '/secure/testResult/patientMessage', { as: DEMO.clinician, body: { kitId: kit, message: TYPED } });
    expect(sent.status).toBe(200);
    expect((await one(`SELECT content FROM messages WHERE id = $1`, [sent.body.messageId])).content).toBe(TYPED);
    const other = await kitWhere(
      `lr.clinician_id IS NOT NULL AND lr.clinician_id <> $1 AND lr.patient_state = 'CO' AND lr.status NOT IN ('REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE')`,
      [jane()],
    );
    expect((await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: other, reason: TYPED } })).status).toBe(200);
    expect((await one(`SELECT comment FROM record_history WHERE entity_id = $1 AND action = 'REASSIGN'`, [other])).comment).toBe(TYPED);
  });
});

describe('stored rich text goes through the one sanitiser', () => {
  const DIRTY =
    '<p onclick="steal()">Hi {{patientName}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe><p style="color:red">ok</p>';
  it('clinician templates on create and update', async () => {
    const created = await api.call('POST', '/secure/clinician/template', { as: DEMO.clinician, body: { name: 'Follow-up', description: DIRTY } });
    expect(created.status).toBe(200);
    const updated = await api.call('PUT', '/secure/clinician/template', {
      as: DEMO.clinician,
      body: { id: created.body.id, name: 'Follow-up', description: `${DIRTY}<b>v2</b>` },
    });
    expect(updated.status).toBe(200);
    for (const text of [
      created.body.description,
      updated.body.description,
      (await one(`SELECT description FROM clinician_templates WHERE id = $1`, [created.body.id])).description,
    ]) {
      expect(text).not.toMatch(/<script|onclick|javascript:|<iframe|style=/i);
      expect(text).toContain('<p>Hi {{patientName}}</p>');
    }
    expect(updated.body.description).toContain('<b>v2</b>');
  });
  it('a look-alike link reads as its destination and opens in a new tab; a remote image is dropped', async () => {
    const created = await api.call('POST', '/secure/clinician/template', {
      as: DEMO.clinician,
      body: {
        name: 'Links',
        description:
          '<p><a href="https://evil.example/login">Portal session expired - sign in again</a><img src="https://tracker.example.com/p.png"></p>',
      },
    });
    expect(created.status).toBe(200);
    expect((await one(`SELECT description FROM clinician_templates WHERE id = $1`, [created.body.id])).description).toBe(
      '<p>Portal session expired - sign in again (<a href="https://evil.example/login" target="_blank" rel="noopener noreferrer">https://evil.example/login</a>)</p>',
    );
  });
});
