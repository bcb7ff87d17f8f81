import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../src/domain/i18n/en/kit';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

/** Fetches a signed URL the way a browser would: no token, no portal headers. */
const fetchSigned = (url: string) => api.app.inject({ method: 'GET', url });

/** The text drawn on a pdf-lib page: its content streams inflated, hex strings decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      body = m[1];
    }
    for (const h of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(h[1], 'hex').toString('latin1')}\n`;
  }
  return out;
}

describe('GET /secure/kit/{id}/label: printable sample labels', () => {
  it('makes a real PDF label (kit id, patient name, DOB, barcode) and answers a signed URL that serves it', async () => {
    const k = await one(`SELECT k.kit_id, p.first_name, p.last_name, p.dob FROM kits k JOIN patients p ON p.id = k.patient_id
      WHERE k.patient_state = 'NV' ORDER BY k.kit_id LIMIT 1`);
    const res = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.staff });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/files\/signed\/SAMPLE_LABELS\/[0-9a-f-]{36}\.pdf\?exp=\d+&pid=[0-9a-f-]{36}&sig=[\w-]+&name=label-/);
    const exp = Number(new URL(res.body.url, 'http://x').searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeGreaterThan(29 * 60);
    const file = await fetchSigned(res.body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.rawPayload);
    expect(text).toContain(k.kit_id);
    expect(text).toContain(`${k.first_name} ${k.last_name}`);
    expect(text).toContain(`DOB ${k.dob}`);
    // A pure cache: the label lives in the object store only; printing writes nothing on the kit.
    expect((await one(`SELECT sample_label_url FROM kits WHERE kit_id = $1`, [k.kit_id])).sample_label_url).toBeNull();
  });
  it('reuses the signed URL (cache under 29 minutes), and makes a new label when what it prints changes', async () => {
    const k = await one(
      `SELECT k.kit_id, k.patient_id FROM kits k WHERE k.patient_state = 'CO' AND k.patient_id IS NOT NULL ORDER BY k.kit_id LIMIT 1`,
    );
    const a = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.staff });
    const b = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.clinician });
    expect(b.body.url).toBe(a.body.url);
    await api.pool.query(`UPDATE patients SET first_name = 'Zoë' WHERE id = $1`, [k.patient_id]);
    const c = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.staff });
    expect(c.body.url).not.toBe(a.body.url);
    expect(new URL(c.body.url, 'http://x').pathname).not.toBe(new URL(a.body.url, 'http://x').pathname);
    expect(pdfText((await fetchSigned(c.body.url)).rawPayload)).toContain('Zoë');
    expect((await fetchSigned(a.body.url)).statusCode).toBe(404); // the old label object is gone
    // one row per request (a new label is audited as CREATE_LABEL, a cached one as PRINT_LABEL), each with the patient
    const audit = (await api.pool.query(`SELECT action, patient_ids FROM audit_log WHERE entity_ids = ARRAY[$1::text] ORDER BY id`, [k.kit_id])).rows;
    expect(audit.slice(-3).map((r) => r.action)).toEqual([expect.stringMatching(/^(CREATE|PRINT)_LABEL$/), 'PRINT_LABEL', 'CREATE_LABEL']);
    expect(audit.slice(-3).every((r) => r.patient_ids.length === 1 && r.patient_ids[0] === k.patient_id)).toBe(true);
  });
  it('a kit without a patient still gets a label: PENDING PATIENT REGISTRATION', async () => {
    const k = await one(`SELECT kit_id FROM kits WHERE patient_id IS NULL ORDER BY kit_id LIMIT 1`);
    const res = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    const text = pdfText((await fetchSigned(res.body.url)).rawPayload);
    expect(text).toContain(KIT_TEXTS.pendingPatientRegistration);
    expect(text).toContain(k.kit_id);
  });
  it('concurrent first requests make one label', async () => {
    const k = await one(`SELECT kit_id FROM kits WHERE patient_state = 'CA' AND sample_label_url IS NULL ORDER BY kit_id DESC LIMIT 1`);
    const res = await Promise.all(Array.from({ length: 5 }, () => api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.staff })));
    expect(res.every((r) => r.status === 200)).toBe(true);
    const actions = (await api.pool.query(`SELECT action FROM audit_log WHERE entity_ids = ARRAY[$1::text]`, [k.kit_id])).rows.map((r) => r.action);
    expect(actions.sort()).toEqual(['CREATE_LABEL', 'PRINT_LABEL', 'PRINT_LABEL', 'PRINT_LABEL', 'PRINT_LABEL']);
  });
  it('a tampered or expired link is 403', async () => {
    const k = await one(`SELECT kit_id FROM kits WHERE patient_state = 'NY' ORDER BY kit_id LIMIT 1`);
    const { body } = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.staff });
    const u = new URL(body.url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    u.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await fetchSigned(u.pathname + u.search)).statusCode).toBe(403);
    const v = new URL(body.url, 'http://x');
    v.searchParams.set('exp', String(Number(v.searchParams.get('exp')) + 60));
    expect((await fetchSigned(v.pathname + v.search)).statusCode).toBe(403);
  });
  it('refused for kits outside the clinician scope (404, like unknown kits) and for operation support', async () => {
    const tx = await one(`SELECT kit_id FROM kits WHERE patient_state = 'TX' LIMIT 1`);
    expect((await api.call('GET', `/secure/kit/${tx.kit_id}/label`, { as: DEMO.clinician })).status).toBe(404);
    expect((await api.call('GET', `/secure/kit/${tx.kit_id}/label`, { as: DEMO.auditor })).status).toBe(200);
    expect((await api.call('GET', `/secure/kit/${tx.kit_id}/label`, { as: DEMO.ops })).status).toBe(403);
    const missing = await api.call('GET', '/secure/kit/KT9999999/label', { as: DEMO.staff });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe(KIT_TEXTS.kitIdInvalid);
  });
  it('a label is reached only through its kit (/secure/kit/{id}/label), never through the generic file routes', async () => {
    const k = await one(`SELECT kit_id FROM kits WHERE patient_state = 'NV' ORDER BY kit_id DESC LIMIT 1`);
    const { body } = await api.call('GET', `/secure/kit/${k.kit_id}/label`, { as: DEMO.staff });
    const url = `local://${new URL(body.url, 'http://x').pathname.replace('/files/signed/', '')}`;
    expect((await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(url)}`, { as: DEMO.staff })).status).toBe(404);
    expect((await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(url)}`, { as: DEMO.ops })).status).toBe(403);
  });
});

describe('shipping manifests: list and PDF', () => {
  it('lists the seeded manifests by date and care location, and prints one', async () => {
    const m =
      await one(`SELECT id, care_location, created_at::date::text AS day, (SELECT count(*)::int FROM shipping_manifest_kits WHERE manifest_id = id) AS n
      FROM shipping_manifests ORDER BY created_at DESC LIMIT 1`);
    const res = await api.call('GET', `/secure/kit/manifests?careLocation=${m.care_location}&perPage=200`, { as: DEMO.staff });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe((await one(`SELECT count(*)::int AS n FROM shipping_manifests WHERE care_location = $1`, [m.care_location])).n);
    const row = res.body.items.find((x: { id: string }) => x.id === m.id);
    expect(row.kitCount).toBe(m.n);
    const none = await api.call('GET', '/secure/kit/manifests?from=2001-01-01&to=2001-01-02', { as: DEMO.staff });
    expect(none.body).toEqual({ items: [], total: 0 });
    expect((await api.call('GET', '/secure/kit/manifests?from=2026-02-02&to=2026-01-01', { as: DEMO.staff })).status).toBe(400);
    expect((await api.call('GET', '/secure/kit/manifests?from=yesterday', { as: DEMO.staff })).status).toBe(400);
    // The portal's react-admin list sends its sort: by creation, both ways; any other sort is refused.
    const asc = await api.call('GET', '/secure/kit/manifests?sort=createdAt&order=ASC&perPage=200', { as: DEMO.staff });
    const created = asc.body.items.map((x: { createdAt: string }) => x.createdAt);
    expect(created).toEqual([...created].sort());
    expect((await api.call('GET', '/secure/kit/manifests?sort=provider&order=ASC', { as: DEMO.staff })).status).toBe(400);
    const { deriveApiKey } = await import('../../src/domain/shared/headers');
    const { tokenFor } = await import('./helpers');
    const url = `/secure/kit/manifests/${m.id}/pdf`;
    const pdf = await api.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await tokenFor(DEMO.staff)}`, 'addressee-type': 'C', 'api-key': deriveApiKey(url) },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    const kit = await one(`SELECT kit_id FROM shipping_manifest_kits WHERE manifest_id = $1 LIMIT 1`, [m.id]);
    expect(text).toContain(kit.kit_id);
    expect(text).toContain((await one(`SELECT tracking_number FROM shipping_manifests WHERE id = $1`, [m.id])).tracking_number);
    expect((await api.call('GET', '/secure/kit/manifests/MF-999999/pdf', { as: DEMO.staff })).status).toBe(404);
    expect((await api.call('GET', '/secure/kit/manifests/..%2Fetc/pdf', { as: DEMO.staff })).status).toBe(400);
    expect((await api.call('GET', '/secure/kit/manifests', { as: DEMO.ops })).status).toBe(403);
  });
});
