import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';
import { forge } from './forge';
import { DOCUMENTS_CHANNEL } from '../../src/server/bookings/documents-cache';
import { DEMO, env } from './helpers';
import { call, startTwoInstances, stopTwoInstances, type Instance, type TwoInstances } from './instances';

/**
 * The identity-document links of a booking (GET …/{id}/documents, cached 10 minutes per instance) are dropped on every
 * instance when a document is uploaded on any of them: the upload's transaction notifies, every instance listens.
 */
let two: TwoInstances;
beforeAll(async () => {
  two = await startTwoInstances();
});
afterAll(async () => {
  await stopTwoInstances(two);
});

const B = '/secure/booking/v1';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwy9uCFTEMLQkAD1VaAYwJLkMAAAAASUVORK5CYII=', 'base64');
const staffToken = () => forge({ sub: env().cognito.subs[DEMO.staff], groups: ['staff'] });

async function upload(on: Instance, bookingId: string, documentType: string) {
  const boundary = '----portal-test-boundary';
  const fields = { bookingId, documentType, fileUseCaseType: 'BOOKING_SELF_CHECK_IN' };
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from('\r\n'),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const url = '/secure/public/document';
  const res = await fetch(`${on.url}${url}`, {
    method: 'POST',
    body: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${await staffToken()}`,
      [ADDRESSEE_TYPE_HEADER]: 'C',
      [API_KEY_HEADER]: deriveApiKey(url, undefined),
    },
  });
  return res.status;
}

describe('identity-document links across instances', () => {
  it("an upload on one instance drops the other instance's cached links", async () => {
    const {
      rows: [b],
    } = await two.owner.query(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id
      WHERE p.state = 'NV' AND b.id LIKE 'BK0%' ORDER BY b.id LIMIT 1`);
    await two.owner.query(
      `UPDATE bookings SET status = 'BOOKED_CONFIRMED', identity_verified = NULL, document_keys = '{}'::jsonb,
      start_at = now() + interval '2 hours', end_at = now() + interval '150 minutes' WHERE id = $1`,
      [b.id],
    );
    const token = await staffToken();
    const documents = async (on: Instance) => Object.keys((await call(on, 'GET', `${B}/${b.id}/documents`, token)).body).sort();
    expect(await documents(two.b)).toEqual([]); // cached on b
    expect(await upload(two.a, b.id, 'IDENTITY_PASSPORT')).toBe(200);
    await expect.poll(() => documents(two.b), { timeout: 5000, interval: 100 }).toEqual(['IDENTITY_PASSPORT']);
    expect(await documents(two.a)).toEqual(['IDENTITY_PASSPORT']);
  });

  it('a change another process announces (another machine: nothing shared in memory) drops the entry on both instances', async () => {
    const {
      rows: [b],
    } = await two.owner.query(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id
      WHERE p.state = 'NV' AND b.id LIKE 'BK0%' ORDER BY b.id OFFSET 1 LIMIT 1`);
    await two.owner.query(`UPDATE bookings SET document_keys = '{}'::jsonb WHERE id = $1`, [b.id]);
    const token = await staffToken();
    const documents = async (on: Instance) => Object.keys((await call(on, 'GET', `${B}/${b.id}/documents`, token)).body).sort();
    for (const on of [two.a, two.b]) expect(await documents(on)).toEqual([]);
    // What an upload on another machine commits: the new key, and the announcement of the change in the same transaction.
    const key = 'IDENTITY_DOCUMENTS/00000000-0000-4000-8000-000000000001.png';
    await two.owner.query(`BEGIN; UPDATE bookings SET document_keys = jsonb_build_object('SELFIE', '${key}') WHERE id = '${b.id}';
      SELECT pg_notify('${DOCUMENTS_CHANNEL}', '${b.id}'); COMMIT`);
    for (const on of [two.a, two.b]) await expect.poll(() => documents(on), { timeout: 5000, interval: 100 }).toEqual(['SELFIE']);
  });
});
