import { deriveApiKey } from '../../src/domain/shared/headers';
import { toBase64Utf8 } from '../../src/domain/messages/secure-messages';
import { DEMO, tokenFor, type TestApi } from './helpers';

/** Shared fixtures of the secure-message API tests (seeded threads, uploads, sends). */
export const M = '/secure/message';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const MARK_LEE = '7d1f0c1e-3a52-4c55-9a0e-1b9f3f1a0001';
export const JANE_STATES = ['CA', 'CO', 'NV', 'NY'];

export function messageFixtures(api: () => TestApi) {
  const one = async <T = any>(sql: string, params: unknown[] = []) => (await api().pool.query(sql, params)).rows[0] as T;
  const all = async <T = any>(sql: string, params: unknown[] = []) => (await api().pool.query(sql, params)).rows as T[];
  const jane = async () => (await one<{ id: string }>(`SELECT id::text FROM clinicians WHERE email = $1`, [DEMO.clinician])).id;

  /** A patient message (no parent) matching a SQL condition on m (messages) and p (patients). */
  const messageWhere = async (where: string, params: unknown[] = []) =>
    one<{ id: string; patient_id: string; state: string }>(
      `SELECT m.id::text, m.patient_id::text, p.state FROM messages m
      JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P' AND ${where} ORDER BY m.created_at DESC, m.id LIMIT 1`,
      params,
    );

  const patientIn = (states: string[]) =>
    one<{ id: string; email: string; state: string }>(
      `SELECT id::text, email, state FROM patients WHERE state = ANY($1::text[]) AND email IS NOT NULL ORDER BY id LIMIT 1`,
      [states],
    );

  /** Uploads a message attachment for a patient (an upload names the record it belongs to). */
  async function upload(name: string, bytes: Buffer, type: string, patientId: string, who: string = DEMO.clinician) {
    const boundary = '----portalmsg';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = '/secure/file/upload/MESSAGE_ATTACHMENTS';
    const res = await api().app.inject({
      method: 'POST',
      url: `${url}?patientId=${patientId}`,
      payload,
      headers: {
        authorization: `Bearer ${await tokenFor(who)}`,
        'addressee-type': 'C',
        'api-key': deriveApiKey(url),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    return { status: res.statusCode, body: res.json() };
  }

  /** A raw GET (binary answers) with the portal headers. */
  async function rawGet(url: string, who: string) {
    return api().app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${await tokenFor(who)}`,
        'addressee-type': 'C',
        'api-key': deriveApiKey(url.split('?')[0]),
      },
    });
  }

  const send = (who: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    api().call('POST', `${M}/v2/toPatient`, { as: who, body, headers });
  const html = (s: string) => toBase64Utf8(s);
  const counts = async () =>
    one<{ messages: number; attachments: number; mails: number; annotations: number }>(
      `SELECT (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM message_attachments) AS attachments,
            (SELECT count(*)::int FROM mail_outbox) AS mails, (SELECT count(*)::int FROM message_annotations) AS annotations`,
    );

  return { one, all, jane, messageWhere, patientIn, upload, rawGet, send, html, counts };
}
