import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';
import { PATIENT_INFO_TEXT } from '../../src/domain/i18n/en/booking-detail';
import { B, bookingFixtures } from './booking-helpers';
import { DEMO, startApi, tokenFor, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwy9uCFTEMLQkAD1VaAYwJLkMAAAAASUVORK5CYII=', 'base64');

/** POST /secure/public/document as multipart. */
async function upload(fields: Record<string, string>, file: { name: string; type: string; body: Buffer } | null, as: string = DEMO.staff) {
  const boundary = '----portal-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const url = '/secure/public/document';
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${await tokenFor(as)}`,
      [ADDRESSEE_TYPE_HEADER]: 'C',
      [API_KEY_HEADER]: deriveApiKey(url, undefined),
    },
  });
  return { status: res.statusCode, body: res.json() };
}
const fields = (bookingId: string, documentType = 'IDENTITY_PASSPORT') => ({ bookingId, documentType, fileUseCaseType: 'BOOKING_SELF_CHECK_IN' });
const verify = (bookingId: string, reviewResult: string, as: string = DEMO.staff) =>
  api.call('PATCH', `${B}/selfCheckIn/verifyIdentity`, { as, body: { bookingId, reviewResult } });

describe('identity document upload', () => {
  it('stores a real image under a generated key and marks the self check-in step', async () => {
    const id = await fx.booking({ state: 'NV' });
    await api.pool.query(`UPDATE bookings SET self_check_in_steps = '{CREATE_ACC}' WHERE id = $1`, [id]);
    const before = await api.call('GET', `${B}/${id}/documents`, { as: DEMO.staff });
    expect(before.body).toEqual({});
    const res = await upload(fields(id), { name: '../../../etc/passport.png', type: 'image/png', body: PNG });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(/^IDENTITY_DOCUMENTS\/[0-9a-f-]{36}\.png$/);
    expect((await fx.one(`SELECT original_name FROM stored_files WHERE key = $1`, [res.body.key])).original_name).toBe('passport.png');
    const selfie = await upload(fields(id, 'SELFIE'), { name: 'me.PNG', type: 'image/png', body: PNG });
    expect(selfie.status).toBe(200);
    const detail = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.staff })).body;
    expect(detail.documentS3UrlMap).toEqual({ IDENTITY_PASSPORT: res.body.key, SELFIE: selfie.body.key });
    expect(detail.selfCheckInCompletedSteps).toEqual(['CREATE_ACC', 'UPLOAD_GOV_ID', 'UPLOAD_ID_SELFIE']);
    // the documents cache was dropped by the upload
    expect(Object.keys((await api.call('GET', `${B}/${id}/documents`, { as: DEMO.staff })).body).sort()).toEqual(['IDENTITY_PASSPORT', 'SELFIE']);
  });

  it('refuses wrong types, content that is not what it claims, empty and too-big files, bad fields', async () => {
    const id = await fx.booking({ state: 'NV' });
    const cases: Array<[Record<string, string>, { name: string; type: string; body: Buffer } | null, number]> = [
      [fields(id), { name: 'id.gif', type: 'image/gif', body: Buffer.from('GIF89a') }, 400],
      [fields(id), { name: 'id.png', type: 'image/png', body: Buffer.from('<script>alert(1)</script>') }, 400],
      [fields(id), { name: 'id.pdf', type: 'application/pdf', body: PNG }, 400],
      [fields(id), { name: 'id.png', type: 'image/png', body: Buffer.alloc(0) }, 400],
      [fields(id), { name: 'big.png', type: 'image/png', body: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) }, 413],
      [fields(id), null, 400],
      [{ ...fields(id), documentType: 'IDENTITY_DRIVER_LICENSE' }, { name: 'id.png', type: 'image/png', body: PNG }, 400],
      [{ ...fields(id), fileUseCaseType: 'OTHER' }, { name: 'id.png', type: 'image/png', body: PNG }, 400],
      [fields('../BK000001'), { name: 'id.png', type: 'image/png', body: PNG }, 400],
    ];
    for (const [f, file, status] of cases) {
      await fx.refusedUnchanged(id, () => upload(f, file), status);
    }
    await fx.refusedUnchanged(id, () => upload(fields(id), null), 400, /Please select a file to upload/);
    await fx.refusedUnchanged(id, () => upload(fields(id, 'SELFIE'), null), 400, /Please select a photo to upload/);
  });

  it('is refused once the identity was reviewed, and for the auditor', async () => {
    const id = await fx.booking({ state: 'NV' });
    await api.pool.query(`UPDATE bookings SET identity_verified = true WHERE id = $1`, [id]);
    await fx.refusedUnchanged(
      id,
      () => upload(fields(id), { name: 'id.png', type: 'image/png', body: PNG }),
      409,
      'Identity documents were already reviewed',
    );
    const other = await fx.booking({ state: 'NV' });
    await fx.refusedUnchanged(other, () => upload(fields(other), { name: 'id.png', type: 'image/png', body: PNG }, DEMO.auditor), 403);
  });
});

describe('identity verification', () => {
  it('needs both documents, then accepts or rejects once', async () => {
    const id = await fx.booking({ state: 'NV' });
    await fx.refusedUnchanged(id, () => verify(id, 'ACCEPT'), 409, 'Both an ID document and a selfie are needed before review');
    await upload(fields(id), { name: 'id.png', type: 'image/png', body: PNG });
    await upload(fields(id, 'SELFIE'), { name: 'me.png', type: 'image/png', body: PNG });
    await fx.refusedUnchanged(id, () => verify(id, 'MAYBE'), 400);
    expect((await verify(id, 'REJECT')).status).toBe(200);
    expect((await api.call('GET', `${B}/get/${id}`, { as: DEMO.staff })).body.isSelfCheckInIdentityVerified).toBe(false);
    await fx.refusedUnchanged(id, () => verify(id, 'ACCEPT'), 409, 'Identity documents were already reviewed');
  });
});

describe('patient info update', () => {
  const bodyFor = async (id: string) => {
    const d = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.staff })).body;
    const keys = [
      'firstName',
      'lastName',
      'dob',
      'email',
      'mobile',
      'phone',
      'address1',
      'address2',
      'city',
      'state',
      'zip',
      'symptoms',
      'medications',
      'genderAtBirth',
      'pronoun',
    ];
    return { id, ...Object.fromEntries(keys.map((k) => [k, d[k]])), reasonOrComments: 'patient called' } as Record<string, unknown>;
  };

  it('updates the patient row and logs the change with the reason', async () => {
    const id = await fx.booking({ state: 'NV' });
    const body = { ...(await bodyFor(id)), city: 'Henderson', mobile: '7025550199', phone: '17025550199' };
    const res = await api.call('PATCH', `${B}/updatePatientInfo/${id}`, { as: DEMO.staff, body });
    expect(res.status).toBe(200);
    const d = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.staff })).body;
    expect(d).toMatchObject({ city: 'Henderson', mobile: '7025550199', phone: '17025550199' });
    expect(d.appntNotes[0]).toMatchObject({ kind: 'PATIENT_INFO', authorName: 'Sarah Kim' });
    expect(d.appntNotes[0].note).toContain('patient called');
  });

  it('staff never receive, clear or set the clinical fields (symptoms, medications)', async () => {
    const id = await fx.booking({ state: 'NV' });
    const stored = async () => fx.one(`SELECT p.symptoms, p.medication FROM patients p JOIN bookings b ON b.patient_id = p.id WHERE b.id = $1`, [id]);
    await api.pool.query(
      `UPDATE patients SET symptoms = 'Sore throat', medication = 'Ibuprofen' WHERE id = (SELECT patient_id FROM bookings WHERE id = $1)`,
      [id],
    );
    const body = await bodyFor(id);
    expect(body.symptoms).toBeUndefined(); // the detail staff read has none
    // What the staff form sends for the fields it never had: empty values, which change nothing.
    const res = await api.call('PATCH', `${B}/updatePatientInfo/${id}`, {
      as: DEMO.staff,
      body: { ...body, city: 'Reno', symptoms: null, medications: null },
    });
    expect(res.status).toBe(200);
    expect(await stored()).toEqual({ symptoms: 'Sore throat', medication: 'Ibuprofen' });
    await fx.refusedUnchanged(
      id,
      () => api.call('PATCH', `${B}/updatePatientInfo/${id}`, { as: DEMO.staff, body: { ...body, city: 'Elko', symptoms: 'None' } }),
      403,
      'Clinical data is restricted to clinicians and super admins',
    );
  });

  it('validation texts, read-only fields and nothing to update change nothing', async () => {
    const id = await fx.booking({ state: 'NV' });
    const body = await bodyFor(id);
    const patch = (b: Record<string, unknown>) => () => api.call('PATCH', `${B}/updatePatientInfo/${id}`, { as: DEMO.staff, body: b });
    await fx.refusedUnchanged(id, patch(body), 400, PATIENT_INFO_TEXT.nothing);
    await fx.refusedUnchanged(id, patch({ ...body, city: 'Reno', reasonOrComments: ' ' }), 400, new RegExp(PATIENT_INFO_TEXT.reasonField));
    await fx.refusedUnchanged(id, patch({ ...body, email: 'not-an-email' }), 400, new RegExp(PATIENT_INFO_TEXT.email));
    await fx.refusedUnchanged(id, patch({ ...body, phone: '(702) 555-0101' }), 400, new RegExp(PATIENT_INFO_TEXT.phone));
    await fx.refusedUnchanged(id, patch({ ...body, mobile: '70255501' }), 400, new RegExp(PATIENT_INFO_TEXT.mobile));
    await fx.refusedUnchanged(id, patch({ ...body, email: 'someone.else@example.com' }), 400, /Read-only fields cannot be changed: email/);
    await fx.refusedUnchanged(id, patch({ ...body, state: 'CA', pronoun: 'Any' }), 400, /Read-only fields cannot be changed: state, pronoun/);
    await fx.refusedUnchanged(id, patch({ ...body, id: 'BK000001', city: 'Reno' }), 400);
    await fx.refusedUnchanged(
      id,
      () => api.call('PATCH', `${B}/updatePatientInfo/${id}`, { as: DEMO.auditor, body: { ...body, city: 'Reno' } }),
      403,
    );
  });
});
