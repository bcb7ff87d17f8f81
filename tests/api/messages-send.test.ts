import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';
import { JANE_STATES, M, MARK_LEE, messageFixtures, PDF, PNG } from './messages-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = messageFixtures(() => api);

describe('POST /secure/message/v2/toPatient and /patient', () => {
  it('stores the body sanitised (no script or event handler comes back), mails the patient without PHI, audits the patient', async () => {
    const patient = await fx.patientIn(['NV']);
    const body =
      '<p onclick="alert(1)">Your results are <b>ready</b><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a></p>';
    const { res, rows } = await api.audited(() =>
      fx.send(DEMO.clinician, {
        patientId: patient.id,
        subject: 'Your results',
        base64Message: fx.html(body),
        rawMessage: 'Your results are ready',
        attachmentUrls: [],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ patientId: patient.id, subject: 'Your results', fromActorType: 'C', to: expect.any(String), canReply: true });
    const stored = (await fx.one(`SELECT content FROM messages WHERE id = $1`, [res.body.id])).content as string;
    for (const text of [stored, JSON.stringify((await api.call('GET', `${M}/${res.body.id}`, { as: DEMO.clinician })).body)]) {
      expect(text).toContain('<b>ready</b>');
      expect(text).not.toMatch(/script|onerror|onclick|javascript:/i);
    }
    const mail = await fx.one(`SELECT kind, to_address, subject, body FROM mail_outbox ORDER BY sent_at DESC LIMIT 1`);
    expect(mail).toMatchObject({ kind: 'SECURE_MESSAGE', to_address: patient.email, subject: 'You have a new secure message' });
    expect(mail.body).not.toMatch(/results|ready/i);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'SEND', entity_ids: [res.body.id], patient_ids: [patient.id], outcome: 'SUCCESS' });
    const sent = await api.call('GET', `${M}/sent?perPage=5`, { as: DEMO.clinician });
    expect(sent.body.items[0].id).toBe(res.body.id);
    const legacy = await api.call('POST', `${M}/patient`, {
      as: DEMO.clinician,
      body: { patientId: patient.id, base64Message: fx.html('<p>Hi</p>'), rawMessage: 'Hi' },
    });
    expect(legacy.status).toBe(201);
  });

  it('a repeated Idempotency-Key sends once', async () => {
    const patient = await fx.patientIn(['CO']);
    const key = randomUUID();
    const body = { patientId: patient.id, base64Message: fx.html('<p>Once</p>'), rawMessage: 'Once', attachmentUrls: [] };
    const before = await fx.counts();
    const [a, b] = [await fx.send(DEMO.clinician, body, { 'idempotency-key': key }), await fx.send(DEMO.clinician, body, { 'idempotency-key': key })];
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await fx.counts()).messages).toBe(before.messages + 1);
  });

  it('400 on bad bodies with nothing written', async () => {
    const patient = await fx.patientIn(['NV']);
    const ok = { patientId: patient.id, base64Message: fx.html('<p>Hello</p>'), rawMessage: 'Hello', attachmentUrls: [] };
    const before = await fx.counts();
    const cases: Array<[Record<string, unknown>, string?]> = [
      [{ ...ok, base64Message: fx.html('<p>  </p><script>x</script>') }, 'Message cannot be empty'],
      [{ ...ok, base64Message: '' }, 'Message cannot be empty'],
      [{ ...ok, base64Message: 'not base64!!' }],
      [{ ...ok, patientId: '' }, 'Please select a patient from list'],
      [{ ...ok, patientId: 'abc' }],
      [{ ...ok, extra: 1 }],
      [{ ...ok, attachmentUrls: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Only 5 File allowed at a time'],
      [{ ...ok, attachmentUrls: ['local://MESSAGE_ATTACHMENTS/0e0b3b0a-0000-4000-8000-000000000000.pdf'] }],
      [{ ...ok, attachmentUrls: ['local://../../etc/passwd'] }],
    ];
    for (const [body, reason] of cases) {
      const res = await fx.send(DEMO.clinician, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (reason) expect(res.body.reason).toContain(reason);
    }
    expect(await fx.counts()).toEqual(before);
  });

  it('attack: a patient outside the licence states is 404; staff and auditors may not send', async () => {
    const out = await fx.patientIn(['TX', 'FL']);
    const before = await fx.counts();
    const body = { patientId: out.id, base64Message: fx.html('<p>Hello</p>'), rawMessage: 'Hello' };
    expect((await fx.send(DEMO.clinician, body)).status).toBe(404);
    expect((await fx.send(DEMO.noLicence, body)).status).toBe(404);
    expect((await fx.send(DEMO.staff, body)).status).toBe(403);
    expect((await fx.send(DEMO.auditor, body)).status).toBe(403);
    expect(await fx.counts()).toEqual(before);
    expect((await fx.send(DEMO.superAdmin, body)).status).toBe(201);
  });
});

describe('attachments', () => {
  it('are linked to the message and patient, named after the first underscore, downloadable only by readers of the message', async () => {
    const patient = await fx.patientIn(['NV']);
    const up = await fx.upload('lab_report.pdf', PDF, 'application/pdf', patient.id);
    const img = await fx.upload('photo.png', PNG, 'image/png', patient.id);
    expect(up.status).toBe(200);
    const res = await fx.send(DEMO.clinician, {
      patientId: patient.id,
      base64Message: fx.html('<p>See attached</p>'),
      rawMessage: 'See attached',
      attachmentUrls: [up.body.url, img.body.url],
    });
    expect(res.status).toBe(201);
    expect(res.body.attachmentUrls).toHaveLength(2);
    const pdf = res.body.attachmentUrls.find((a: any) => a.name.endsWith('.pdf'));
    expect(pdf.name).toMatch(/^[0-9a-f-]{36}_lab_report\.pdf$/);
    expect(pdf.size).toBe(PDF.length);
    expect(pdf.url).toMatch(/^\/secure\/file\/download\/MESSAGE_ATTACHMENTS\/[0-9a-f-]{36}\.pdf$/);
    expect(
      await fx.one(`SELECT message_id::text, patient_id::text FROM message_attachments WHERE file_key = $1`, [up.body.url.replace('local://', '')]),
    ).toEqual({ message_id: res.body.id, patient_id: patient.id });
    const jane = await fx.rawGet(pdf.url, DEMO.clinician);
    expect(jane.statusCode).toBe(200);
    expect(jane.rawPayload.equals(PDF)).toBe(true);
    expect((await fx.rawGet(pdf.url, DEMO.superAdmin)).statusCode).toBe(200);
    expect((await fx.rawGet(pdf.url, DEMO.staff)).statusCode).toBe(404);
    expect((await fx.rawGet(pdf.url, DEMO.noLicence)).statusCode).toBe(404);
    const presign = await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(up.body.url)}`, { as: DEMO.staff });
    expect(presign.status).toBe(404);
    // A sent attachment stays with its message: not deletable, not attachable again.
    expect((await api.call('DELETE', `/secure/file/delete/${up.body.url.replace('local://', '')}`, { as: DEMO.clinician })).status).toBe(409);
    const again = await fx.send(DEMO.clinician, {
      patientId: patient.id,
      base64Message: fx.html('<p>Again</p>'),
      rawMessage: 'Again',
      attachmentUrls: [up.body.url],
    });
    expect(again.status).toBe(400);
  });

  it("refuses another user's upload and files whose bytes are not what their name says", async () => {
    const patient = await fx.patientIn(['NV']);
    const theirs = await fx.upload('theirs.pdf', PDF, 'application/pdf', patient.id, DEMO.superAdmin);
    const res = await fx.send(DEMO.clinician, {
      patientId: patient.id,
      base64Message: fx.html('<p>x</p>'),
      rawMessage: 'x',
      attachmentUrls: [theirs.body.url],
    });
    expect(res.status).toBe(400);
    expect((await fx.rawGet(`/secure/file/download/${theirs.body.url.replace('local://', '')}`, DEMO.clinician)).statusCode).toBe(404);
    for (const [name, bytes, type] of [
      ['fake.pdf', PNG, 'application/pdf'],
      ['script.pdf', Buffer.from('<script>alert(1)</script>'), 'application/pdf'],
      ['virus.exe', PDF, 'application/octet-stream'],
      ['x.png', PDF, 'image/png'],
    ] as const) {
      expect((await fx.upload(name, bytes, type, patient.id)).status, name).toBe(400);
    }
    // A file uploaded for another patient cannot go with this patient's message.
    const other = await fx.one<{ id: string }>(
      `SELECT id::text FROM patients WHERE state = 'NV' AND id <> $1 AND email IS NOT NULL ORDER BY id LIMIT 1`,
      [patient.id],
    );
    const forOther = await fx.upload('other.pdf', PDF, 'application/pdf', other.id);
    expect(forOther.status).toBe(200);
    const mixed = await fx.send(DEMO.clinician, {
      patientId: patient.id,
      base64Message: fx.html('<p>x</p>'),
      rawMessage: 'x',
      attachmentUrls: [forOther.body.url],
    });
    expect(mixed.status).toBe(400);
  });
});

describe('POST /secure/message/reply/{id}', () => {
  it('replies in the thread with an attachment; the message is marked replied and the thread shows the reply', async () => {
    const me = await fx.jane();
    const m = await fx.messageWhere(
      `m.to_clinician_id::text = $1 AND m.replied_at IS NULL AND m.cc_groups = '{}' AND m.parent_id IS NULL AND p.state = ANY($2::text[])`,
      [me, JANE_STATES],
    );
    const up = await fx.upload('answer.pdf', PDF, 'application/pdf', m.patient_id);
    const res = await api.call('POST', `${M}/reply/${m.id}`, {
      as: DEMO.clinician,
      body: { base64Message: fx.html('<p>Here is my answer</p>'), rawMessage: 'Here is my answer', attachmentUrls: [up.body.url] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ messageParentUUID: m.id, patientId: m.patient_id, subject: expect.stringMatching(/^Re: /) });
    const detail = await api.call('GET', `${M}/${m.id}`, { as: DEMO.clinician });
    expect(detail.body.repliedBy).toBe('Jane Doe');
    expect(detail.body.thread.map((t: any) => t.id)).toContain(res.body.id);
    expect(detail.body.thread.at(-1).attachmentUrls[0].name).toMatch(/_answer\.pdf$/);
    const unanswered = await api.call('GET', `${M}?perPage=500&unanswered=true`, { as: DEMO.clinician });
    expect(unanswered.body.items.map((r: any) => r.id)).not.toContain(m.id);
    expect(
      (await api.call('POST', `${M}/addAnnotationToMsgs`, { as: DEMO.clinician, body: { comment: 'Answered', status: 'DONE', msgIds: m.id } }))
        .status,
    ).toBe(200);
  });

  it("refuses CC-only threads, other clinicians' messages, out-of-licence patients, staff and auditors; nothing is written", async () => {
    const cc = await fx.messageWhere(`m.to_clinician_id = $1 AND m.cc_groups = ARRAY['clinicians'] AND p.state = ANY($2::text[])`, [
      MARK_LEE,
      JANE_STATES,
    ]);
    const other = await fx.messageWhere(`m.to_clinician_id = $1 AND m.cc_groups = '{}'`, [MARK_LEE]);
    const outOfLicence = await fx.messageWhere(`m.to_clinician_id IS NULL AND m.cc_groups = '{}' AND p.state IN ('TX', 'FL')`);
    const staffCc = await fx.messageWhere(`m.cc_groups @> ARRAY['staff']`);
    const body = { base64Message: fx.html('<p>Reply</p>'), rawMessage: 'Reply' };
    const before = await fx.counts();
    const ccRes = await api.call('POST', `${M}/reply/${cc.id}`, { as: DEMO.clinician, body });
    expect(ccRes.status).toBe(403);
    expect(ccRes.body.reason).toContain('Read Only access');
    expect((await api.call('POST', `${M}/reply/${other.id}`, { as: DEMO.clinician, body })).status).toBe(404);
    expect((await api.call('POST', `${M}/reply/${outOfLicence.id}`, { as: DEMO.clinician, body })).status).toBe(404);
    expect((await api.call('POST', `${M}/reply/${staffCc.id}`, { as: DEMO.staff, body })).status).toBe(403);
    expect((await api.call('POST', `${M}/reply/${other.id}`, { as: DEMO.auditor, body })).status).toBe(403);
    expect(await fx.counts()).toEqual(before);
    // The super admin replies regardless of licence.
    expect((await api.call('POST', `${M}/reply/${outOfLicence.id}`, { as: DEMO.superAdmin, body })).status).toBe(201);
  });
});

describe('GET /secure/message/recipients', () => {
  it('finds patients by name, e-mail or DOB inside the scope only', async () => {
    const nv = await fx.one(
      `SELECT id::text, first_name, email, to_char(dob, 'YYYY-MM-DD') AS dob FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`,
    );
    for (const [type, term] of [
      ['patient_name', nv.first_name],
      ['patient_email', nv.email],
      ['patient_dob', nv.dob],
    ]) {
      const res = await api.call('GET', `${M}/recipients?type=${type}&term=${encodeURIComponent(term)}`, { as: DEMO.clinician });
      expect(res.status, type).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(
        res.body.every((r: any) => JANE_STATES.includes(r.state)),
        type,
      ).toBe(true);
    }
    const tx = await fx.one(`SELECT email FROM patients WHERE state = 'TX' AND email IS NOT NULL ORDER BY id LIMIT 1`);
    expect((await api.call('GET', `${M}/recipients?type=patient_email&term=${encodeURIComponent(tx.email)}`, { as: DEMO.clinician })).body).toEqual(
      [],
    );
    expect((await api.call('GET', `${M}/recipients?type=patient_phone&term=702`, { as: DEMO.clinician })).status).toBe(400);
    expect((await api.call('GET', `${M}/recipients?type=patient_name&term=a`, { as: DEMO.clinician })).status).toBe(400);
    expect((await api.call('GET', `${M}/recipients?type=patient_name&term=ja`, { as: DEMO.staff })).status).toBe(403);
  });
});
