import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveApiKey } from '../../src/domain/shared/headers';
import { DEMO, startApi, tokenFor, type TestApi } from './helpers';

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
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** Every file belongs to a record of an NV patient (in the demo clinician's licence states): its kit, booking or the patient. */
async function recordFor(category: string) {
  const q = (sql: string) => one(sql).then((r) => r.id as string);
  if (category === 'RESULT_FILES')
    return `kitId=${await q(`SELECT kit_id AS id FROM kits WHERE patient_state = 'NV' AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 1`)}`;
  if (category === 'IDENTITY_DOCUMENTS')
    return `bookingId=${await q(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' ORDER BY b.id LIMIT 1`)}`;
  return `patientId=${await q(`SELECT id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`)}`;
}

async function upload(category: string, name: string, bytes: Buffer, type: string, who: string = DEMO.clinician) {
  const boundary = '----portalfiles';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const path = `/secure/file/upload/${category}`;
  const url = `${path}?${await recordFor(category)}`;
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${await tokenFor(who)}`,
      'addressee-type': 'C',
      'api-key': deriveApiKey(path),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json() };
}

/** A raw GET with the portal headers (for paths whose encoding must reach the server as written). */
async function rawGet(url: string, who: string = DEMO.clinician) {
  return api.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${await tokenFor(who)}`,
      'addressee-type': 'C',
      'api-key': deriveApiKey(url.split('?')[0]),
    },
  });
}

const keyOf = (url: string) => url.replace('local://', '');
const storedCount = async () => (await one('SELECT count(*)::int AS n FROM stored_files')).n;

describe('POST /secure/file/upload/{category}', () => {
  it.each([
    ['report.pdf', PDF, 'application/pdf', 'pdf'],
    ['scan.PNG', PNG, 'image/png', 'png'],
    ['photo.jpeg', JPG, 'image/jpeg', 'jpg'],
    ['photo.jpg', JPG, 'application/octet-stream', 'jpg'],
  ])('accepts %s and stores it under a generated name', async (name, bytes, type, ext) => {
    const res = await upload('MESSAGE_ATTACHMENTS', name, bytes, type);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: expect.stringMatching(new RegExp(`^local://MESSAGE_ATTACHMENTS/[0-9a-f-]{36}\\.${ext}$`)),
      name,
      size: bytes.length,
    });
    expect(await one('SELECT category, original_name, size_bytes FROM stored_files WHERE key = $1', [keyOf(res.body.url)])).toEqual({
      category: 'MESSAGE_ATTACHMENTS',
      original_name: name,
      size_bytes: bytes.length,
    });
    expect((await one(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'UPLOAD' AND entity_ids = ARRAY[$1]`, [keyOf(res.body.url)])).n).toBe(
      1,
    );
  });
  it('never uses the user file name as a path', async () => {
    for (const name of ['../../evil.pdf', '..\\..\\evil.pdf', '/etc/passwd.pdf', '%2e%2e%2fevil.pdf']) {
      const res = await upload('MESSAGE_ATTACHMENTS', name, PDF, 'application/pdf');
      expect(res.status, name).toBe(200);
      expect(res.body.url).toMatch(/^local:\/\/MESSAGE_ATTACHMENTS\/[0-9a-f-]{36}\.pdf$/);
      expect(res.body.name).not.toMatch(/[\\/]/);
    }
  });
  it.each([
    ['HTML named .pdf (magic bytes)', 'result.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf'],
    ['a PNG named .pdf', 'result.pdf', PNG, 'application/pdf'],
    ['a JPEG named .png', 'scan.png', JPG, 'image/png'],
    ['a PDF named .exe (type)', 'setup.exe', PDF, 'application/pdf'],
    ['a PDF named .html', 'page.html', PDF, 'text/html'],
    ['an SVG', 'image.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['a PDF declared as text/html', 'report.pdf', PDF, 'text/html'],
    ['a name without extension', 'report', PDF, 'application/pdf'],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 'application/pdf'],
  ])('refuses %s with 400 and stores nothing', async (_n, name, bytes, type) => {
    const before = await storedCount();
    const res = await upload('MESSAGE_ATTACHMENTS', name, bytes, type);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['msg', 'reason']);
    expect(await storedCount()).toBe(before);
  });
  it('refuses a file over 10 MB with 413', async () => {
    const before = await storedCount();
    const res = await upload('MESSAGE_ATTACHMENTS', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]), 'application/pdf');
    expect(res.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });
  it('refuses unknown categories and enforces who may upload where', async () => {
    for (const c of ['OTHER', 'message_attachments', '..%2FRESULT_FILES', 'SAMPLE_LABELS']) {
      expect((await upload(c, 'a.pdf', PDF, 'application/pdf')).status, c).toBe(400);
    }
    expect((await upload('RESULT_FILES', 'r.pdf', PDF, 'application/pdf', DEMO.staff)).status).toBe(403);
    expect((await upload('RESULT_FILES', 'r.pdf', PDF, 'application/pdf', DEMO.clinician)).status).toBe(200);
    expect((await upload('IDENTITY_DOCUMENTS', 'id.jpg', JPG, 'image/jpeg', DEMO.ops)).status).toBe(403);
    expect((await upload('IDENTITY_DOCUMENTS', 'id.jpg', JPG, 'image/jpeg', DEMO.staff)).status).toBe(200);
    expect((await upload('MESSAGE_ATTACHMENTS', 'a.pdf', PDF, 'application/pdf', DEMO.ops)).status).toBe(200);
    expect((await upload('MESSAGE_ATTACHMENTS', 'a.pdf', PDF, 'application/pdf', DEMO.auditor)).status).toBe(403);
    const notMultipart = await api.call('POST', `/secure/file/upload/MESSAGE_ATTACHMENTS?${await recordFor('MESSAGE_ATTACHMENTS')}`, {
      as: DEMO.clinician,
      body: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
  });
});

describe('GET /secure/file/download/{category}/{file}', () => {
  it('answers the blob as an attachment with a safe file name and nosniff', async () => {
    const up = await upload('MESSAGE_ATTACHMENTS', 'Lab results; x=y é (1).pdf', PDF, 'application/pdf');
    expect(up.status).toBe(200);
    const res = await rawGet(`/secure/file/download/${keyOf(up.body.url)}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+"$/);
    expect(res.headers['content-disposition']).toContain('results');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Lab_results__x_y____1_.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await one(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'DOWNLOAD' AND entity_ids = ARRAY[$1]`, [keyOf(up.body.url)])).n).toBe(
      1,
    );
  });
  it('refuses path traversal in category and file, encoded or not', async () => {
    for (const url of [
      '/secure/file/download/MESSAGE_ATTACHMENTS/..%2F..%2F..%2Fetc%2Fpasswd',
      '/secure/file/download/MESSAGE_ATTACHMENTS/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/secure/file/download/..%2F..%2Fetc/passwd.pdf',
      '/secure/file/download/MESSAGE_ATTACHMENTS/..%5C..%5Cwindows.pdf',
      '/secure/file/download/MESSAGE_ATTACHMENTS/0e0b3b0a-0000-4000-8000-000000000000.pdf%00.txt',
      '/secure/file/download/MESSAGE_ATTACHMENTS/../../../../etc/passwd',
      '/secure/file/download/MESSAGE_ATTACHMENTS/..',
    ]) {
      const res = await rawGet(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.rawPayload.toString()).not.toContain('root:');
    }
  });
  it('404 for a missing file; category rules apply to reads', async () => {
    expect((await rawGet('/secure/file/download/MESSAGE_ATTACHMENTS/0e0b3b0a-0000-4000-8000-000000000000.pdf')).statusCode).toBe(404);
    const up = await upload('RESULT_FILES', 'r.pdf', PDF, 'application/pdf');
    expect((await rawGet(`/secure/file/download/${keyOf(up.body.url)}`, DEMO.staff)).statusCode).toBe(403);
    expect((await rawGet(`/secure/file/download/${keyOf(up.body.url)}`, DEMO.auditor)).statusCode).toBe(200);
  });
});

describe('DELETE /secure/file/delete/{category}/{file}', () => {
  it('the uploader (or a super admin) deletes; others are refused', async () => {
    const up = await upload('MESSAGE_ATTACHMENTS', 'mine.pdf', PDF, 'application/pdf', DEMO.clinician);
    const path = `/secure/file/delete/${keyOf(up.body.url)}`;
    expect((await api.call('DELETE', path, { as: DEMO.staff })).status).toBe(403);
    expect((await api.call('DELETE', path, { as: DEMO.auditor })).status).toBe(403);
    expect((await rawGet(`/secure/file/download/${keyOf(up.body.url)}`)).statusCode).toBe(200);
    const res = await api.call('DELETE', path, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await rawGet(`/secure/file/download/${keyOf(up.body.url)}`)).statusCode).toBe(404);
    expect((await api.call('DELETE', path, { as: DEMO.clinician })).status).toBe(404);
    const other = await upload('MESSAGE_ATTACHMENTS', 'theirs.pdf', PDF, 'application/pdf', DEMO.staff);
    expect((await api.call('DELETE', `/secure/file/delete/${keyOf(other.body.url)}`, { as: DEMO.superAdmin })).status).toBe(200);
  });
  it('refuses traversal and unknown categories', async () => {
    for (const url of [
      '/secure/file/delete/MESSAGE_ATTACHMENTS/..%2F..%2Fetc%2Fpasswd',
      '/secure/file/delete/SAMPLE_LABELS/0e0b3b0a-0000-4000-8000-000000000000.pdf',
      '/secure/file/delete/..%2F/x.pdf',
    ]) {
      expect([400, 404], url).toContain((await api.call('DELETE', url, { as: DEMO.superAdmin })).status);
    }
  });
});

describe('GET /secure/file/presignedUrl?url=', () => {
  async function signedFor(name = 'doc.pdf') {
    const up = await upload('MESSAGE_ATTACHMENTS', name, PDF, 'application/pdf');
    // A message attachment not yet sent is readable by its uploader only (messages.test.ts covers the readers of a sent one).
    const res = await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(up.body.url)}`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    return { stored: up.body.url as string, url: res.body.url as string, expiresInSeconds: res.body.expiresInSeconds as number };
  }
  const get = (url: string) => api.app.inject({ method: 'GET', url });

  it('answers an expiring signed URL served by /files/signed without a token', async () => {
    const s = await signedFor();
    expect(s.url).toMatch(/^\/files\/signed\/MESSAGE_ATTACHMENTS\/[0-9a-f-]{36}\.pdf\?exp=\d+&pid=[0-9a-f-]{36}&sig=[\w-]+&name=doc\.pdf$/);
    expect(s.expiresInSeconds).toBe(1800);
    const res = await get(s.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
  it('a changed signature, key, expiry or name is 403', async () => {
    const s = await signedFor();
    const u = new URL(s.url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const variants: string[] = [];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const i of [0, Math.floor(sig.length / 2), sig.length - 1]) {
      const v = new URL(u);
      v.searchParams.set('sig', sig.slice(0, i) + flip(sig[i]) + sig.slice(i + 1));
      variants.push(v.pathname + v.search);
    }
    const other = await signedFor('other.pdf');
    const otherKey = new URL(other.url, 'http://x').pathname;
    variants.push(otherKey + u.search); // another file with this file's signature
    const e = new URL(u);
    e.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600));
    variants.push(e.pathname + e.search);
    const n = new URL(u);
    n.searchParams.set('name', 'evil.html');
    variants.push(n.pathname + n.search);
    const k = new URL(u);
    k.pathname = k.pathname.replace(/[0-9a-f](?=\.pdf$)/, (c) => (c === '0' ? '1' : '0'));
    variants.push(k.pathname + k.search);
    for (const v of variants) expect((await get(v)).statusCode, v).toBe(403);
    expect((await get(u.pathname)).statusCode).toBe(400); // no signature at all
  });
  it('an expired link is 403 even with a correct signature', async () => {
    const s = await signedFor();
    const u = new URL(s.url, 'http://x');
    const key = u.pathname.replace('/files/signed/', '');
    const exp = Math.floor(Date.now() / 1000) - 5;
    const sig = createHmac('sha256', 'test-secret').update(`${key}\n${exp}\ndoc.pdf`).digest('base64url');
    const fresh = Math.floor(Date.now() / 1000) + 60;
    const freshSig = createHmac('sha256', 'test-secret').update(`${key}\n${fresh}\ndoc.pdf`).digest('base64url');
    expect((await get(`${u.pathname}?exp=${fresh}&sig=${freshSig}&name=doc.pdf`)).statusCode).toBe(200); // the test signs like the server
    expect((await get(`${u.pathname}?exp=${exp}&sig=${sig}&name=doc.pdf`)).statusCode).toBe(403);
  });
  it('refuses urls that are not stored files, traversal included, and applies category rules', async () => {
    for (const url of [
      'local://MESSAGE_ATTACHMENTS/../../etc/passwd',
      'local://../../etc/passwd.pdf',
      '/etc/passwd',
      'file:///etc/passwd',
      'https://evil.example.com/x.pdf',
      'local://MESSAGE_ATTACHMENTS/0e0b3b0a-0000-4000-8000-000000000000.exe',
      'local://OTHER_THINGS/0e0b3b0a-0000-4000-8000-000000000000.pdf',
      's3://bucket/MESSAGE_ATTACHMENTS/0e0b3b0a-0000-4000-8000-000000000000.pdf',
    ]) {
      const res = await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(url)}`, { as: DEMO.superAdmin });
      expect(res.status, url).toBe(400);
    }
    expect((await api.call('GET', '/secure/file/presignedUrl', { as: DEMO.staff })).status).toBe(400);
    const result = await upload('RESULT_FILES', 'r.pdf', PDF, 'application/pdf');
    expect((await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(result.body.url)}`, { as: DEMO.staff })).status).toBe(403);
    expect((await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(result.body.url)}`, { as: DEMO.clinician })).status).toBe(200);
    expect((await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(result.body.url)}`)).status).toBe(401);
  });
  it('the signed route refuses traversal in its path', async () => {
    for (const url of [
      '/files/signed/MESSAGE_ATTACHMENTS/..%2F..%2Fetc%2Fpasswd?exp=9999999999&sig=x',
      '/files/signed/..%2F..%2Fetc/passwd.pdf?exp=9999999999&sig=x',
      '/files/signed/MESSAGE_ATTACHMENTS/../../etc/passwd?exp=9999999999&sig=x',
    ]) {
      const res = await get(url);
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.rawPayload.toString()).not.toContain('root:');
    }
  });
});
