import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config';
import { apiPass } from './api';
import { createPassAdapter } from './index';

// Local mode: the local implementations are the defaults (production needs every vendor setting, see config.test.ts).
const env = { COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c', DATABASE_URL: 'postgres://x', PORTAL_MODE: 'local' };
const submission = {
  kitId: 'KT1',
  patientId: 'p-1',
  resultStatus: 'RESULTS_RELEASED',
  submittedBy: 'sub-1',
  payload: {
    kitId: 'KT1',
    member: { firstName: 'A', lastName: 'B', email: 'a@b.c', dob: null },
    productName: 'HPV',
    labName: 'CDD',
    resultStatus: 'RESULTS_RELEASED',
    results: [],
  },
};
function fakeDb() {
  const calls: unknown[][] = [];
  return {
    calls,
    query: async (_sql: string, params: unknown[]) => {
      calls.push(params);
      return { rows: [{ id: 's1', submittedAt: new Date('2026-01-01T00:00:00Z') }] };
    },
  };
}

describe('PASS adapter', () => {
  it('is local by default in local mode; the PASS API only when PASS_API_URL is set (PASS_API_TOKEN then required)', () => {
    expect(createPassAdapter(configFromEnv(env)).provider).toBe('local');
    expect(createPassAdapter(configFromEnv({ ...env, PASS_API_URL: 'https://pass.example/api', PASS_API_TOKEN: 't' })).provider).toBe('api');
    expect(() => configFromEnv({ ...env, PASS_API_URL: 'https://pass.example/api' })).toThrow(/PASS_API_TOKEN/);
  });

  it('local: the row keeps the payload', async () => {
    const db = fakeDb();
    expect(await createPassAdapter({}).submit(db as never, submission)).toEqual({ id: 's1', submittedAt: '2026-01-01T00:00:00.000Z' });
    expect(db.calls[0]).toEqual(['KT1', 'p-1', 'RESULTS_RELEASED', 'local', JSON.stringify(submission.payload), null, 'sub-1']);
  });

  it("API: POSTs the JSON with the bearer token, keeps PASS's reference only; a refusal is a 502 and records nothing", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const ok = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return Response.json({ id: 'pass-9' });
    }) as unknown as typeof fetch;
    const db = fakeDb();
    await apiPass({ url: 'https://pass.example/api', token: 'tok', fetch: ok }).submit(db as never, submission);
    expect(seen[0].url).toBe('https://pass.example/api');
    expect(seen[0].init).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer tok', 'content-type': 'application/json' } });
    expect(JSON.parse(String(seen[0].init.body))).toEqual(submission.payload);
    expect(db.calls[0]).toEqual(['KT1', 'p-1', 'RESULTS_RELEASED', 'api', null, 'pass-9', 'sub-1']);
    const refused = (async () => new Response('no', { status: 422 })) as unknown as typeof fetch;
    const db2 = fakeDb();
    await expect(apiPass({ url: 'https://pass.example/api', token: 'tok', fetch: refused }).submit(db2 as never, submission)).rejects.toMatchObject({
      status: 502,
    });
    expect(db2.calls).toEqual([]);
  });
});
