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

async function uploadResultPdf(kitId: string) {
  const url = `/secure/testResult/uploadResultFile/cdd/${kitId}`;
  const boundary = '----resultattachments';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${await tokenFor(DEMO.clinician)}`,
      'addressee-type': 'C',
      'api-key': deriveApiKey(url),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().fileS3Url as string;
}

/** A kit of Jane's whose lab request is approved and whose result is still open, in one of her licence states. */
async function openKit(offset = 0): Promise<string> {
  const jane = env().cognito.subs[DEMO.clinician];
  const row = await one(
    `SELECT lr.kit_id FROM lab_requests lr LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id
    WHERE lr.clinician_id = $1 AND lr.status = 'APPROVED' AND lr.patient_state IN ('NV','CO','CA','NY')
      AND (tr.id IS NULL OR tr.status NOT IN ('RESULTS_RELEASED','COMPLETE')) ORDER BY lr.kit_id OFFSET $2 LIMIT 1`,
    [jane, offset],
  );
  return row.kit_id as string;
}

describe("POST /secure/testResult/cdd/labResults (spec 1 §7): the lab form's result, with its PDF as an attachment", () => {
  it('creates the result for review, moves the lab request to REPORT_READY and lists the PDF, which opens through a presigned URL', async () => {
    const kitId = await openKit();
    const file = await uploadResultPdf(kitId);
    const res = await api.call('POST', '/secure/testResult/cdd/labResults', {
      as: DEMO.clinician,
      body: { kitId, resultData: [{ testName: 'HIV-1/2', testValue: 'Non-Reactive' }], resultFileS3Url: file },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kitId, status: 'NEEDS_CLINICIAN_REVIEW' });
    expect(await one(`SELECT status FROM lab_requests WHERE kit_id = $1`, [kitId])).toEqual({ status: 'REPORT_READY' });

    const result = await api.call('GET', `/secure/testResult/${kitId}`, { as: DEMO.clinician });
    expect(result.status).toBe(200);
    expect(result.body.results).toEqual([expect.objectContaining({ testName: 'HIV-1/2', result: 'Non-Reactive' })]);
    expect(result.body.attachments).toContain(file);

    const presigned = await api.call('GET', `/secure/file/presignedUrl?url=${encodeURIComponent(file)}`, { as: DEMO.clinician });
    expect(presigned.status).toBe(200);
    const link = new URL(presigned.body.url, 'http://portal.local');
    const bytes = await api.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a result file of another kit (400) and a body without result lines, changing nothing', async () => {
    const kitId = await openKit();
    const other = await openKit(1);
    const foreign = await uploadResultPdf(other);
    const before = await one(
      `SELECT (SELECT status FROM lab_requests WHERE kit_id = $1) AS request, (SELECT attachments FROM test_results WHERE kit_id = $1) AS attachments`,
      [kitId],
    );
    const refused = await api.call('POST', '/secure/testResult/cdd/labResults', {
      as: DEMO.clinician,
      body: { kitId, resultData: [{ testName: 'HIV-1/2', testValue: 'Non-Reactive' }], resultFileS3Url: foreign },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('the result file does not belong to this kit');
    const invalid = await api.call('POST', '/secure/testResult/cdd/labResults', { as: DEMO.clinician, body: { kitId } });
    expect(invalid.status).toBe(400);
    expect(
      await one(
        `SELECT (SELECT status FROM lab_requests WHERE kit_id = $1) AS request, (SELECT attachments FROM test_results WHERE kit_id = $1) AS attachments`,
        [kitId],
      ),
    ).toEqual(before);
  });

  it('a role without clinical data access is refused (403), an unknown kit reads as unknown (404)', async () => {
    const kitId = await openKit();
    const staff = await api.call('POST', '/secure/testResult/cdd/labResults', {
      as: DEMO.staff,
      body: { kitId, resultData: [{ testName: 'HIV-1/2', testValue: 'Non-Reactive' }] },
    });
    expect(staff.status).toBe(403);
    const unknown = await api.call('POST', '/secure/testResult/cdd/labResults', {
      as: DEMO.clinician,
      body: { kitId: 'KT9999999', resultData: [{ testName: 'HIV-1/2', testValue: 'Non-Reactive' }] },
    });
    expect(unknown.status).toBe(404);
  });
});
