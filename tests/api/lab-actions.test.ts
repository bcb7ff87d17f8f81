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
/** A kit whose lab request matches, taken out of the pool of candidates so tests don't share one. */
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
const request = (kit: string) => one('SELECT status, clinician_id, internal_note, external_note FROM lab_requests WHERE kit_id = $1', [kit]);
const result = (kit: string) =>
  one('SELECT status, clinician_id, internal_notes, external_notes, notes_released_at, results FROM test_results WHERE kit_id = $1', [kit]);

describe('assign and re-assign', () => {
  it('Assign To Me on an unassigned request in a valid state, with history and audit', async () => {
    const kit = await kitWhere(`lr.clinician_id IS NULL AND lr.patient_state = 'NV'`);
    const res = await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: kit } });
    expect(res.status).toBe(200);
    expect((await request(kit)).clinician_id).toBe(jane());
    expect(await one(`SELECT action, actor_sub FROM record_history WHERE entity_id = $1`, [kit])).toEqual({ action: 'ASSIGN', actor_sub: jane() });
    expect(
      (
        await one(
          `SELECT count(*)::int AS n FROM audit_log WHERE entity_ids = ARRAY[$1] AND action = 'ASSIGN'
      AND patient_ids = ARRAY[(SELECT patient_id FROM kits WHERE kit_id = $1)]`,
          [kit],
        )
      ).n,
    ).toBe(1);
  });
  it('a request outside the clinician valid licence states reads as unknown (404), and nothing changes', async () => {
    for (const state of ['TX', 'FL']) {
      const kit = await kitWhere(`lr.clinician_id IS NULL AND lr.patient_state = $1`, [state]);
      const res = await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: kit } });
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe(`no lab request for kit ${kit}`);
      expect((await request(kit)).clinician_id).toBeNull();
    }
  });
  it('re-assignment from another clinician needs a reason', async () => {
    const kit = await kitWhere(
      `lr.clinician_id IS NOT NULL AND lr.clinician_id <> $1 AND lr.patient_state = 'CO' AND lr.status NOT IN ('REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE')`,
      [jane()],
    );
    const before = (await request(kit)).clinician_id;
    const noReason = await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: kit } });
    expect(noReason.status).toBe(409);
    expect((await request(kit)).clinician_id).toBe(before);
    const ok = await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: kit, reason: 'Covering for Dr. Chen' } });
    expect(ok.status).toBe(200);
    expect((await request(kit)).clinician_id).toBe(jane());
    expect(await one(`SELECT action, comment FROM record_history WHERE entity_id = $1`, [kit])).toEqual({
      action: 'REASSIGN',
      comment: 'Covering for Dr. Chen',
    });
  });
  it('two clinicians assigning at once: exactly one wins, the others get 409', async () => {
    const kit = await kitWhere(`lr.clinician_id IS NULL AND lr.patient_state = 'NV'`);
    const attempts = Array.from({ length: 12 }, (_, i) =>
      api.call('PUT', '/secure/labRequest/assign', {
        as: i % 2 === 0 ? DEMO.clinician : DEMO.superAdmin,
        body: { kitId: kit },
      }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    expect((await one(`SELECT count(*)::int AS n FROM record_history WHERE entity_id = $1 AND action = 'ASSIGN'`, [kit])).n).toBe(1);
  });
  it('a lab result can only be assigned while it needs clinician review', async () => {
    const ok = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id IS NULL AND status = 'NEEDS_CLINICIAN_REVIEW' AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
    );
    expect((await api.call('PUT', '/secure/testResult/assign', { as: DEMO.clinician, body: { kitId: ok.kit_id } })).status).toBe(200);
    const no = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id IS NULL AND status = 'IN_PROGRESS' AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
    );
    expect((await api.call('PUT', '/secure/testResult/assign', { as: DEMO.clinician, body: { kitId: no.kit_id } })).status).toBe(409);
  });
  it.each(['PRE_PROCESS', 'PENDING_REVIEW'])('an unassigned %s result can be taken with Assign To Me', async (status) => {
    const kit = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id IS NULL AND status = $1 AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
      [status],
    );
    expect((await api.call('PUT', '/secure/testResult/assign', { as: DEMO.clinician, body: { kitId: kit.kit_id } })).status).toBe(200);
    expect((await result(kit.kit_id)).clinician_id).toBe(jane());
  });
  it('auditors never write; staff have no clinical access', async () => {
    const kit = await kitWhere(`lr.clinician_id IS NULL AND lr.patient_state = 'NV'`);
    expect((await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.auditor, body: { kitId: kit } })).status).toBe(403);
    expect((await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.staff, body: { kitId: kit } })).status).toBe(403);
    expect((await request(kit)).clinician_id).toBeNull();
  });
});

describe('approve and reject (only from REGISTERED, only the assignee)', () => {
  it('approves a REGISTERED request assigned to me', async () => {
    const kit = await kitWhere(`lr.clinician_id = $1 AND lr.status = 'REGISTERED' AND lr.patient_state = 'CA'`, [jane()]);
    const res = await api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body: { kitId: kit } });
    expect(res.body).toEqual({ kitId: kit, status: 'APPROVED' });
    expect((await api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body: { kitId: kit } })).status).toBe(409);
  });
  it.each(['APPROVED', 'REJECTED_BY_CLINICIAN', 'REPORT_READY', 'COMPLETE'])(
    'refuses approve and reject from %s, nothing changes',
    async (status) => {
      const kit = await kitWhere(`lr.clinician_id = $1 AND lr.status = $2 AND lr.patient_state IN ('NV','CO','CA','NY')`, [jane(), status]);
      const before = await request(kit);
      expect((await api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body: { kitId: kit } })).status).toBe(409);
      expect(
        (await api.call('PUT', '/secure/labRequest/reject', { as: DEMO.clinician, body: { kitId: kit, externalNote: 'x', internalNote: 'y' } }))
          .status,
      ).toBe(409);
      expect(await request(kit)).toEqual(before);
    },
  );
  it('refuses approving a request assigned to another clinician', async () => {
    const kit = await kitWhere(`lr.clinician_id <> $1 AND lr.status = 'REGISTERED' AND lr.patient_state = 'NV'`, [jane()]);
    const res = await api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body: { kitId: kit } });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('Assigned to another clinician OR license ineligible');
  });
  it('reject stores both notes; both are required', async () => {
    const kit = await kitWhere(`lr.clinician_id = $1 AND lr.status = 'REGISTERED' AND lr.patient_state IN ('NV','CO','CA','NY')`, [jane()]);
    expect(
      (await api.call('PUT', '/secure/labRequest/reject', { as: DEMO.clinician, body: { kitId: kit, externalNote: 'Hi Ann,', internalNote: ' ' } }))
        .status,
    ).toBe(400);
    expect((await request(kit)).status).toBe('REGISTERED');
    const res = await api.call('PUT', '/secure/labRequest/reject', {
      as: DEMO.clinician,
      body: { kitId: kit, externalNote: 'Hi Ann, please recollect.', internalNote: 'Hemolysed' },
    });
    expect(res.body.status).toBe('REJECTED_BY_CLINICIAN');
    expect(await request(kit)).toMatchObject({
      status: 'REJECTED_BY_CLINICIAN',
      internal_note: 'Hemolysed',
      external_note: 'Hi Ann, please recollect.',
    });
  });
  it('bad bodies are 400 and write nothing', async () => {
    for (const body of [{}, { kitId: '../../etc' }, { kitId: 'KT0000001', extra: true }, { kitId: 42 }]) {
      expect((await api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body })).status).toBe(400);
    }
  });
});

describe('test results: create, notes, release, override', () => {
  it('creates a test result, drafts notes and releases them (positive path)', async () => {
    const kit = await kitWhere(
      `lr.clinician_id = $1 AND lr.status = 'APPROVED' AND lr.patient_state IN ('NV','CO','CA','NY') AND (tr.id IS NULL OR tr.status NOT IN ('RESULTS_RELEASED','COMPLETE'))`,
      [jane()],
    );
    const created = await api.call('POST', '/secure/testResult', {
      as: DEMO.clinician,
      body: {
        kitId: kit,
        resultData: [
          { testName: 'Chlamydia trachomatis', testValue: 'Detected' },
          { testName: 'Neisseria gonorrhoeae', testValue: '' },
        ],
        resultFileS3Url: null,
      },
    });
    expect(created.status).toBe(200);
    expect((await request(kit)).status).toBe('REPORT_READY');
    expect(await result(kit)).toMatchObject({
      status: 'NEEDS_CLINICIAN_REVIEW',
      clinician_id: jane(),
      results: [
        { testName: 'Chlamydia trachomatis', result: 'Detected', units: '', summaryStatus: null },
        { testName: 'Neisseria gonorrhoeae', result: '', units: '', summaryStatus: null },
      ],
    });
    expect((await api.call('PUT', `/secure/testResult/${kit}/notes/release`, { as: DEMO.clinician })).status).toBe(400);
    expect(
      (await api.call('POST', `/secure/testResult/${kit}/notes`, { as: DEMO.clinician, body: { noteType: 'internal', notes: 'Called patient' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api.call('POST', `/secure/testResult/${kit}/notes`, {
          as: DEMO.clinician,
          body: { noteType: 'external', notes: '<p>Your chlamydia test was positive.</p>' },
        })
      ).status,
    ).toBe(200);
    const released = await api.call('PUT', `/secure/testResult/${kit}/notes/release`, { as: DEMO.clinician });
    expect(released.body).toEqual({ kitId: kit, status: 'RESULTS_RELEASED' });
    const r = await result(kit);
    expect(r.notes_released_at).not.toBeNull();
    expect(r.internal_notes).toBe('Called patient');
    expect(
      (
        await one(
          `SELECT count(*)::int AS n FROM messages WHERE message_type = 'TEST_RESULT' AND from_clinician_id = $1 AND content LIKE '%positive%'`,
          [jane()],
        )
      ).n,
    ).toBe(1);
    // read-only once released
    expect(
      (await api.call('POST', `/secure/testResult/${kit}/notes`, { as: DEMO.clinician, body: { noteType: 'external', notes: 'changed' } })).status,
    ).toBe(409);
    expect((await api.call('PUT', `/secure/testResult/${kit}/notes/release`, { as: DEMO.clinician })).status).toBe(409);
    expect(
      (
        await api.call('POST', '/secure/testResult', {
          as: DEMO.clinician,
          body: { kitId: kit, resultData: [{ testName: 'X', testValue: 'Detected' }] },
        })
      ).status,
    ).toBe(409);
  });
  it.each(['REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE'])('no test result creation for a %s request', async (status) => {
    const kit = await kitWhere(`lr.clinician_id = $1 AND lr.status = $2 AND lr.patient_state IN ('NV','CO','CA','NY')`, [jane(), status]);
    const res = await api.call('POST', '/secure/testResult', {
      as: DEMO.clinician,
      body: { kitId: kit, resultData: [{ testName: 'X', testValue: 'Detected' }] },
    });
    expect(res.status).toBe(409);
    expect((await request(kit)).status).toBe(status);
  });
  it('no Send Results while AUTO_RELEASE_SCHEDULED; the override sends it to manual review', async () => {
    const { kit_id: kit } = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id = $1 AND status = 'AUTO_RELEASE_SCHEDULED' AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
      [jane()],
    );
    await api.call('POST', `/secure/testResult/${kit}/notes`, { as: DEMO.clinician, body: { noteType: 'external', notes: 'All negative' } });
    expect((await api.call('PUT', `/secure/testResult/${kit}/notes/release`, { as: DEMO.clinician })).status).toBe(409);
    expect((await result(kit)).status).toBe('AUTO_RELEASE_SCHEDULED');
    const res = await api.call('POST', `/secure/testResult/overrideForManualClinicianReview/${kit}`, { as: DEMO.clinician });
    expect(res.body).toEqual({ kitId: kit, status: 'NEEDS_CLINICIAN_REVIEW' });
    expect((await api.call('POST', `/secure/testResult/overrideForManualClinicianReview/${kit}`, { as: DEMO.clinician })).status).toBe(409);
  });
  it('security review F8: the override needs the result unassigned or mine; final records are never re-assigned', async () => {
    const other = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id IS NOT NULL AND clinician_id <> $1 AND status = 'AUTO_RELEASE_SCHEDULED'
      AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
      [jane()],
    );
    if (!other)
      await api.pool.query(
        `UPDATE test_results SET status = 'AUTO_RELEASE_SCHEDULED' WHERE kit_id = (SELECT kit_id FROM test_results
      WHERE clinician_id IS NOT NULL AND clinician_id <> $1 AND patient_state IN ('NV','CO','CA','NY') AND status NOT IN ('RESULTS_RELEASED','COMPLETE') LIMIT 1)`,
        [jane()],
      );
    const { kit_id: kit } =
      other ??
      (await one(
        `SELECT kit_id FROM test_results WHERE clinician_id IS NOT NULL AND clinician_id <> $1
      AND status = 'AUTO_RELEASE_SCHEDULED' AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
        [jane()],
      ));
    const override = await api.call('POST', `/secure/testResult/overrideForManualClinicianReview/${kit}`, { as: DEMO.clinician });
    expect(override.status).toBe(403);
    expect((await result(kit)).status).toBe('AUTO_RELEASE_SCHEDULED');
    for (const status of ['REPORT_READY', 'COMPLETE']) {
      const final = await kitWhere(
        `lr.clinician_id IS NOT NULL AND lr.clinician_id <> $1 AND lr.status = $2 AND lr.patient_state IN ('NV','CO','CA','NY')`,
        [jane(), status],
      );
      const before = (await request(final)).clinician_id;
      const res = await api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: final, reason: 'Covering' } });
      expect(res.status).toBe(409);
      expect((await request(final)).clinician_id).toBe(before);
    }
    const released = await one(
      `SELECT kit_id FROM test_results WHERE clinician_id IS NOT NULL AND clinician_id <> $1 AND status IN ('RESULTS_RELEASED', 'COMPLETE')
      AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
      [jane()],
    );
    const res = await api.call('PUT', '/secure/testResult/assign', { as: DEMO.clinician, body: { kitId: released.kit_id, reason: 'Covering' } });
    expect(res.status).toBe(409);
  });
  it('an appointment request and a patient message become secure messages to the patient', async () => {
    const row = await one(
      `SELECT id, kit_id FROM test_results WHERE clinician_id = $1 AND status = 'NEEDS_CLINICIAN_REVIEW' AND patient_state IN ('NV','CO','CA','NY') LIMIT 1`,
      [jane()],
    );
    const appt = await api.call('POST', '/secure/testResult/appointmentRequest', {
      as: DEMO.clinician,
      body: { testResultId: row.id, message: 'Please book via {meetingLink}' },
    });
    expect(appt.status).toBe(200);
    const msg = await api.call('POST', '/secure/testResult/patientMessage', {
      as: DEMO.clinician,
      body: { kitId: row.kit_id, message: 'Hi, please call us.' },
    });
    expect(msg.status).toBe(200);
    expect(
      (await api.call('POST', '/secure/testResult/patientMessage', { as: DEMO.clinician, body: { kitId: row.kit_id, message: '  ' } })).status,
    ).toBe(400);
    const types = (
      await api.pool.query(`SELECT message_type FROM messages WHERE id = ANY($1::uuid[]) ORDER BY message_type`, [
        [appt.body.messageId, msg.body.messageId],
      ])
    ).rows;
    expect(types.map((t) => t.message_type)).toEqual(['APPOINTMENT_REQUEST', 'MESSAGE']);
  });
});

describe('Covid tube and result PDF upload', () => {
  it('registers a tube only on M19 kits', async () => {
    const m19 = await kitWhere(
      `lr.clinician_id = $1 AND lr.status IN ('REGISTERED','APPROVED') AND k.product_name LIKE '%M19%' AND lr.patient_state IN ('NV','CO','CA','NY')`,
      [jane()],
    );
    const other = await kitWhere(
      `lr.clinician_id = $1 AND lr.status IN ('REGISTERED','APPROVED') AND k.product_name NOT LIKE '%M19%' AND lr.patient_state IN ('NV','CO','CA','NY')`,
      [jane()],
    );
    expect((await api.call('POST', '/secure/kit/covid', { as: DEMO.clinician, body: { kitId: m19, serialNumber: 'TUBE-0001' } })).status).toBe(200);
    expect((await one('SELECT tube_id FROM kits WHERE kit_id = $1', [m19])).tube_id).toBe('TUBE-0001');
    expect((await api.call('POST', '/secure/kit/covid', { as: DEMO.clinician, body: { kitId: other, serialNumber: 'TUBE-0002' } })).status).toBe(400);
    expect((await one('SELECT tube_id FROM kits WHERE kit_id = $1', [other])).tube_id).toBeNull();
  });
  async function upload(kit: string, name: string, bytes: Buffer, type = 'application/pdf') {
    const boundary = '----portaltest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { deriveApiKey } = await import('../../src/domain/shared/headers');
    const token = await (await import('./helpers')).tokenFor(DEMO.clinician);
    const url = `/secure/testResult/uploadResultFile/cdd/${kit}`;
    const res = await api.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        authorization: `Bearer ${token}`,
        'addressee-type': 'C',
        'api-key': deriveApiKey(url),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    return { status: res.statusCode, body: res.json() };
  }
  /** A kit in the demo clinician's licence states (an upload is linked to its kit; outside the scope it reads as unknown). */
  const nvKit = async () =>
    (await one(`SELECT kit_id FROM kits WHERE patient_state = 'NV' AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 1`)).kit_id as string;
  it('accepts a real PDF and stores it under a generated name', async () => {
    const res = await upload(await nvKit(), '../../evil name.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'));
    expect(res.status).toBe(200);
    expect(res.body.fileS3Url).toMatch(/^local:\/\/RESULT_FILES\/[0-9a-f-]{36}\.pdf$/);
  });
  it('refuses a file that is not a PDF by content, whatever its name', async () => {
    expect((await upload(await nvKit(), 'result.pdf', Buffer.from('<html><script>alert(1)</script>'))).status).toBe(400);
    expect((await upload(await nvKit(), 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png')).status).toBe(400);
  });
  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await upload(await nvKit(), 'big.pdf', big);
    expect([400, 413]).toContain(res.status);
  });
});

describe('trigger-kept lab counts', () => {
  it('still equal the real per-status/state/assignee counts after every action above', async () => {
    for (const [kind, table] of [
      ['request', 'lab_requests'],
      ['result', 'test_results'],
    ]) {
      const real = await api.pool.query(
        `SELECT status, COALESCE(patient_state, '') AS ps, COALESCE(clinician_id::text, '') AS ck, count(*)::int AS n
           FROM ${table} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      );
      const kept = await api.pool.query(
        `SELECT status, patient_state AS ps, clinician_key AS ck, n::int AS n FROM lab_counts WHERE kind = $1 AND n <> 0 ORDER BY 1, 2, 3`,
        [kind],
      );
      expect(kept.rows).toEqual(real.rows);
    }
  });
});
