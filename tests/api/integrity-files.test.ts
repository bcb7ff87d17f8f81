import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveApiKey } from '../../src/domain/shared/headers';
import { DEMO, env, startApi, tokenFor, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const keyOf = (url: string) => url.replace('local://', '');
const storedCount = async () => (await one('SELECT count(*)::int AS n FROM stored_files')).n as number;

async function multipart(url: string, name: string, bytes: Buffer, type: string, who: string) {
  const boundary = '----integrityfiles';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${await tokenFor(who)}`,
      'addressee-type': 'C',
      'api-key': deriveApiKey(url.split('?')[0]),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json() };
}
const upload = (category: string, record: string, who: string = DEMO.clinician, name = 'r.pdf', bytes = PDF, type = 'application/pdf') =>
  multipart(`/secure/file/upload/${category}?${record}`, name, bytes, type, who);
const download = async (key: string, who: string = DEMO.clinician) => {
  const url = `/secure/file/download/${key}`;
  return api.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await tokenFor(who)}`, 'addressee-type': 'C', 'api-key': deriveApiKey(url) },
  });
};
const presign = (url: string, who: string = DEMO.clinician) =>
  api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(url)}`, { as: who });
const kitIn = async (state: string) =>
  await one(`SELECT kit_id, patient_id FROM kits WHERE patient_state = $1 AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 1`, [state]);
const bookingIn = async (state: string) =>
  await one(`SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = $1 ORDER BY b.id LIMIT 1`, [state]);
const patientIn = async (state: string) => (await one(`SELECT id FROM patients WHERE state = $1 ORDER BY id LIMIT 1`, [state])).id as string;

describe('every stored file is linked to its record and patient', () => {
  it('an upload names its record (kit, booking or patient); the row carries record and patient', async () => {
    const kit = await kitIn('NV');
    const res = await upload('RESULT_FILES', `kitId=${kit.kit_id}`);
    expect(res.status).toBe(200);
    expect(await one(`SELECT record_type, record_id, patient_id FROM stored_files WHERE key = $1`, [keyOf(res.body.url)])).toEqual({
      record_type: 'KIT',
      record_id: kit.kit_id,
      patient_id: kit.patient_id,
    });
    const booking = await bookingIn('NV');
    const doc = await upload('IDENTITY_DOCUMENTS', `bookingId=${booking.id}`, DEMO.staff, 'id.png', PNG, 'image/png');
    expect(doc.status).toBe(200);
    expect(await one(`SELECT record_type, record_id, patient_id FROM stored_files WHERE key = $1`, [keyOf(doc.body.url)])).toEqual({
      record_type: 'BOOKING',
      record_id: booking.id,
      patient_id: booking.patient_id,
    });
    const patient = await patientIn('CO');
    const att = await upload('MESSAGE_ATTACHMENTS', `patientId=${patient}`);
    expect(await one(`SELECT record_type, record_id, patient_id FROM stored_files WHERE key = $1`, [keyOf(att.body.url)])).toEqual({
      record_type: 'PATIENT',
      record_id: patient,
      patient_id: patient,
    });
  });
  it('without its record, with the wrong kind of record, or an unknown one: refused, nothing stored', async () => {
    const before = await storedCount();
    const kit = await kitIn('NV');
    for (const [category, record, status] of [
      ['RESULT_FILES', '', 400],
      ['RESULT_FILES', `bookingId=${(await bookingIn('NV')).id}`, 400],
      ['IDENTITY_DOCUMENTS', `kitId=${kit.kit_id}`, 400],
      ['MESSAGE_ATTACHMENTS', `kitId=${kit.kit_id}&patientId=${kit.patient_id}`, 400],
      ['RESULT_FILES', 'kitId=KT9999999', 404],
      ['MESSAGE_ATTACHMENTS', 'patientId=00000000-0000-4000-8000-000000000000', 404],
    ] as const) {
      const res = await upload(category, record);
      expect(res.status, `${category} ${record}`).toBe(status);
    }
    expect(await storedCount()).toBe(before);
  });
  it("a record outside the uploader's licence states reads as unknown (404), nothing stored", async () => {
    const before = await storedCount();
    const tx = await kitIn('TX');
    expect((await upload('RESULT_FILES', `kitId=${tx.kit_id}`)).status).toBe(404);
    expect((await upload('MESSAGE_ATTACHMENTS', `patientId=${await patientIn('FL')}`)).status).toBe(404);
    expect(await storedCount()).toBe(before);
  });
  it('the result PDF upload of the lab area is linked to its kit, and only for a kit in scope', async () => {
    const before = await storedCount();
    const tx = await kitIn('TX');
    expect((await multipart(`/secure/testResult/uploadResultFile/cdd/${tx.kit_id}`, 'r.pdf', PDF, 'application/pdf', DEMO.clinician)).status).toBe(
      404,
    );
    expect((await multipart('/secure/testResult/uploadResultFile/cdd/KT9999999', 'r.pdf', PDF, 'application/pdf', DEMO.clinician)).status).toBe(404);
    expect(await storedCount()).toBe(before);
    const nv = await kitIn('NV');
    const res = await multipart(`/secure/testResult/uploadResultFile/cdd/${nv.kit_id}`, 'r.pdf', PDF, 'application/pdf', DEMO.clinician);
    expect(res.status).toBe(200);
    expect(await one(`SELECT category, record_type, record_id, patient_id FROM stored_files WHERE key = $1`, [keyOf(res.body.fileS3Url)])).toEqual({
      category: 'RESULT_FILES',
      record_type: 'KIT',
      record_id: nv.kit_id,
      patient_id: nv.patient_id,
    });
  });
  it('a test result may only attach a result file of its own kit', async () => {
    const jane = env().cognito.subs[DEMO.clinician];
    const { kit_id: kit } = await one(
      `SELECT lr.kit_id FROM lab_requests lr LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id
      WHERE lr.clinician_id = $1 AND lr.status = 'APPROVED' AND lr.patient_state IN ('NV','CO','CA','NY')
        AND (tr.id IS NULL OR tr.status NOT IN ('RESULTS_RELEASED','COMPLETE')) ORDER BY lr.kit_id LIMIT 1`,
      [jane],
    );
    const before = await one(
      `SELECT (SELECT status FROM lab_requests WHERE kit_id = $1) AS request, (SELECT results FROM test_results WHERE kit_id = $1) AS results`,
      [kit],
    );
    const other = await kitIn('CO');
    const foreign = await multipart(`/secure/testResult/uploadResultFile/cdd/${other.kit_id}`, 'r.pdf', PDF, 'application/pdf', DEMO.clinician);
    const refused = await api.call('POST', '/secure/testResult', {
      as: DEMO.clinician,
      body: { kitId: kit, resultData: [{ testName: 'HIV-1/2', testValue: 'Non-Reactive' }], resultFileS3Url: foreign.body.fileS3Url },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('the result file does not belong to this kit');
    expect(
      await one(
        `SELECT (SELECT status FROM lab_requests WHERE kit_id = $1) AS request, (SELECT results FROM test_results WHERE kit_id = $1) AS results`,
        [kit],
      ),
    ).toEqual(before);
    const own = await multipart(`/secure/testResult/uploadResultFile/cdd/${kit}`, 'r.pdf', PDF, 'application/pdf', DEMO.clinician);
    const ok = await api.call('POST', '/secure/testResult', {
      as: DEMO.clinician,
      body: { kitId: kit, resultData: [{ testName: 'HIV-1/2', testValue: 'Non-Reactive' }], resultFileS3Url: own.body.fileS3Url },
    });
    expect(ok.status).toBe(200);
  });
});

describe('download and presign check access through the record', () => {
  it('a file of a record outside the licence states is 404 for the clinician, in clear for a super admin', async () => {
    const tx = await kitIn('TX');
    const up = await upload('RESULT_FILES', `kitId=${tx.kit_id}`, DEMO.superAdmin);
    expect(up.status).toBe(200);
    expect((await download(keyOf(up.body.url))).statusCode).toBe(404);
    expect((await presign(up.body.url)).status).toBe(404);
    expect((await download(keyOf(up.body.url), DEMO.superAdmin)).statusCode).toBe(200);
    expect((await download(keyOf(up.body.url), DEMO.auditor)).statusCode).toBe(200);
    // The licence-less clinician reads no patient's file.
    const nv = await upload('RESULT_FILES', `kitId=${(await kitIn('NV')).kit_id}`);
    expect((await download(keyOf(nv.body.url), DEMO.noLicence)).statusCode).toBe(404);
  });
  it('an object no record owns is never served (404), whoever asks', async () => {
    // The demo identity documents exist in storage but belong to no single record.
    for (const who of [DEMO.superAdmin, DEMO.clinician]) {
      expect((await download('IDENTITY_DOCUMENTS/0d0c0000-0000-4000-8000-000000000001.png', who)).statusCode).toBe(404);
      expect((await presign('local://IDENTITY_DOCUMENTS/0d0c0000-0000-4000-8000-000000000001.png', who)).status).toBe(404);
    }
  });
  it('operation support never gets passport or selfie links or bytes', async () => {
    const booking = await bookingIn('NV');
    const doc = await upload('IDENTITY_DOCUMENTS', `bookingId=${booking.id}`, DEMO.staff, 'id.png', PNG, 'image/png');
    expect([403, 404]).toContain((await download(keyOf(doc.body.url), DEMO.ops)).statusCode);
    expect([403, 404]).toContain((await presign(doc.body.url, DEMO.ops)).status);
    const withDocs = await one(`SELECT id FROM bookings WHERE document_keys <> '{}'::jsonb ORDER BY id LIMIT 1`);
    const docs = await api.call('GET', `/secure/booking/v1/${withDocs.id}/documents`, { as: DEMO.ops });
    expect(docs.status).toBe(403);
    expect(JSON.stringify(docs.body)).not.toMatch(/files\/signed|IDENTITY_DOCUMENTS/);
  });
});

describe('every download writes one audit row with the patient id, also through a signed link', () => {
  it('download, presign and the signed link itself', async () => {
    const kit = await kitIn('CA');
    const up = await upload('RESULT_FILES', `kitId=${kit.kit_id}`);
    const key = keyOf(up.body.url);
    const dl = await api.audited(() => download(key));
    expect(dl.res.statusCode).toBe(200);
    expect(dl.rows).toHaveLength(1);
    expect(dl.rows[0]).toMatchObject({ action: 'DOWNLOAD', entity_ids: [key], patient_ids: [kit.patient_id] });
    const ps = await api.audited(() => presign(up.body.url));
    expect(ps.rows).toHaveLength(1);
    expect(ps.rows[0]).toMatchObject({ action: 'PRESIGN', entity_ids: [key], patient_ids: [kit.patient_id] });
    const link = ps.res.body.url as string;
    expect(new URL(link, 'http://x').searchParams.get('pid')).toBe(kit.patient_id);
    const fetched = await api.audited(() => api.app.inject({ method: 'GET', url: link }));
    expect(fetched.res.statusCode).toBe(200);
    expect(fetched.rows).toHaveLength(1);
    expect(fetched.rows[0]).toMatchObject({
      action: 'DOWNLOAD',
      entity_type: 'file',
      entity_ids: [key],
      patient_ids: [kit.patient_id],
      route: '/files/signed/:category/:file',
    });
  });
  it('a signed link whose patient id was changed is refused (403) and serves nothing', async () => {
    const kit = await kitIn('CA');
    const up = await upload('RESULT_FILES', `kitId=${kit.kit_id}`);
    const link = new URL((await presign(up.body.url)).body.url, 'http://x');
    link.searchParams.set('pid', await patientIn('NV'));
    expect((await api.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(403);
    link.searchParams.delete('pid');
    expect((await api.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(403);
  });
  it('identity document links of a booking carry its patient', async () => {
    const booking = await bookingIn('NV');
    await upload('IDENTITY_DOCUMENTS', `bookingId=${booking.id}`, DEMO.staff, 'id.png', PNG, 'image/png');
    const withDocs = await one(
      `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.document_keys <> '{}'::jsonb AND p.state = 'NV' ORDER BY b.id LIMIT 1`,
    );
    const docs = await api.call('GET', `/secure/booking/v1/${withDocs.id}/documents`, { as: DEMO.staff });
    expect(docs.status).toBe(200);
    const links = Object.values(docs.body) as string[];
    expect(links.length).toBeGreaterThan(0);
    const fetched = await api.audited(() => api.app.inject({ method: 'GET', url: links[0] }));
    expect(fetched.res.statusCode).toBe(200);
    expect(fetched.rows).toHaveLength(1);
    expect(fetched.rows[0]).toMatchObject({ action: 'DOWNLOAD', patient_ids: [withDocs.patient_id] });
  });
});
