import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LABEL_URL_CACHE_MS } from '../../src/domain/kits/kits';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const label = (kitId: string, as: string = DEMO.staff) => api.call('GET', `/secure/kit/${kitId}/label`, { as });
const fetchSigned = (url: string) => api.app.inject({ method: 'GET', url });
/** Everything the label GET could change besides the audit log: the kit row and the file records. */
const businessState = async (kitId: string) => ({
  kit: await one(`SELECT to_jsonb(k) AS row FROM kits k WHERE kit_id = $1`, [kitId]),
  files: (await one(`SELECT count(*)::int AS n FROM stored_files`)).n,
  history: (await one(`SELECT count(*)::int AS n FROM record_history WHERE entity_id = $1`, [kitId])).n,
});

describe('the sample-label URL is a pure cache', () => {
  it('a GET writes no business data (only its audit row), and an auditor may read it', async () => {
    const k = await one(`SELECT kit_id, patient_id FROM kits WHERE patient_state = 'NV' AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 1 OFFSET 3`);
    const before = await businessState(k.kit_id);
    for (const who of [DEMO.auditor, DEMO.staff, DEMO.clinician]) {
      const { res, rows } = await api.audited(() => label(k.kit_id, who));
      expect(res.status, who).toBe(200);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ entity_ids: [k.kit_id], patient_ids: [k.patient_id] });
      const pdf = await fetchSigned(res.body.url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(await businessState(k.kit_id)).toEqual(before);
  });

  it('the signed URL is reused for under 29 minutes, then signed afresh (still no business write)', async () => {
    const k = await one(`SELECT kit_id FROM kits WHERE patient_state = 'CA' AND patient_id IS NOT NULL ORDER BY kit_id LIMIT 1 OFFSET 2`);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const a = await label(k.kit_id);
    const before = await businessState(k.kit_id);
    vi.setSystemTime(start + 20 * 60 * 1000);
    expect((await label(k.kit_id, DEMO.auditor)).body.url).toBe(a.body.url);
    expect(LABEL_URL_CACHE_MS).toBeLessThan(29 * 60 * 1000);
    vi.setSystemTime(start + LABEL_URL_CACHE_MS + 1000);
    const b = await label(k.kit_id);
    expect(b.body.url).not.toBe(a.body.url);
    const exp = (u: string) => Number(new URL(u, 'http://x').searchParams.get('exp'));
    expect(exp(b.body.url)).toBeGreaterThan(exp(a.body.url));
    // Same label object, newly signed: the link served right now works and shows the kit.
    expect(new URL(b.body.url, 'http://x').pathname).toBe(new URL(a.body.url, 'http://x').pathname);
    expect((await fetchSigned(b.body.url)).statusCode).toBe(200);
    expect(await businessState(k.kit_id)).toEqual(before);
  });
});
