// The node environment: fetch, FormData and File are Node's own, as msw (msw/node) expects (under jsdom, vitest hands
// a jsdom File to Node's fetch without its bytes). Nothing here renders.
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deriveApiKey } from '../../domain/shared/headers';
import { FAILED_CALL_TEXT, NO_RESPONSE_TEXT } from '../../domain/shared/errors';
import { UI_TEXT } from '../../domain/i18n/en/ui';
import { createApiFetch } from './httpClient';

const BASE = 'http://portal.test';
const server = setupServer();
const api = createApiFetch({ baseUrl: BASE, getToken: async () => 'id-token-1' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function caught(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a rejection');
}

describe('apiFetch timing', () => {
  it("sends the request in the caller's task when the token is at hand, and after the token when it must be awaited", async () => {
    server.use(http.get(`${BASE}/secure/license`, () => HttpResponse.json([])));
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      calls.push(String(args[0]));
      return realFetch(...args);
    }) as typeof fetch;
    try {
      const atHand = createApiFetch({ baseUrl: BASE, getToken: () => 'id-token-1' })('/secure/license');
      expect(calls).toEqual([`${BASE}/secure/license`]); // before any await: no task can come in between
      await atHand;
      calls.length = 0;
      const awaited = createApiFetch({ baseUrl: BASE, getToken: async () => 'id-token-1' })('/secure/license');
      expect(calls).toEqual([]);
      await awaited;
      expect(calls).toEqual([`${BASE}/secure/license`]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('apiFetch headers', () => {
  it('sends bearer token, addressee-type C and the path-derived api-key on a GET, with query params', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(`${BASE}/secure/license`, ({ request }) => {
        seen = request;
        return HttpResponse.json([{ id: 'l1' }]);
      }),
    );
    const data = await api('/secure/license', { query: { page: 2, perPage: 50, status: ['A', 'B'], empty: '', none: undefined } });
    expect(data).toEqual([{ id: 'l1' }]);
    expect(seen!.headers.get('authorization')).toBe('Bearer id-token-1');
    expect(seen!.headers.get('addressee-type')).toBe('C');
    expect(seen!.headers.get('api-key')).toBe(deriveApiKey('/secure/license'));
    expect(seen!.headers.get('content-type')).toBeNull();
    const url = new URL(seen!.url);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.getAll('status')).toEqual(['A', 'B']);
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.has('none')).toBe(false);
  });

  it('keys the api-key on the exact JSON body string it sends', async () => {
    let body = '';
    let headers: Headers | undefined;
    server.use(
      http.post(`${BASE}/secure/license`, async ({ request }) => {
        body = await request.text();
        headers = request.headers;
        return HttpResponse.json({ id: 'l2' }, { status: 201 });
      }),
    );
    const payload = { state: 'NV', licenseId: 'A-1', expirationDate: '2030-01-01', goodStanding: true, acknowledgement: true };
    expect(await api('/secure/license', { method: 'POST', body: payload })).toEqual({ id: 'l2' });
    expect(body).toBe(JSON.stringify(payload));
    expect(headers!.get('content-type')).toBe('application/json');
    expect(headers!.get('api-key')).toBe(deriveApiKey('/secure/license', body));
    expect(headers!.get('api-key')).not.toBe(deriveApiKey('/secure/license'));
  });

  it('sends a FormData body as is (browser multipart boundary) with the path-derived api-key', async () => {
    let headers: Headers | undefined;
    let file: File | undefined;
    server.use(
      http.post(`${BASE}/secure/testResult/uploadResultFile/cdd/KT1`, async ({ request }) => {
        headers = request.headers;
        file = (await request.formData()).get('file') as File;
        return HttpResponse.json({ fileS3Url: 's3://x' });
      }),
    );
    const form = new FormData();
    form.append('file', new File(['%PDF-1.4'], 'r.pdf', { type: 'application/pdf' }));
    expect(await api('/secure/testResult/uploadResultFile/cdd/KT1', { method: 'POST', body: form })).toEqual({ fileS3Url: 's3://x' });
    expect(file?.name).toBe('r.pdf');
    expect(await file?.text()).toBe('%PDF-1.4');
    expect(headers!.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(headers!.get('api-key')).toBe(deriveApiKey('/secure/testResult/uploadResultFile/cdd/KT1'));
  });

  it('returns the body as a Blob with responseType blob (file downloads), errors still formatted', async () => {
    server.use(
      http.get(`${BASE}/secure/testResult/export`, () => new HttpResponse('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } })),
      http.get(`${BASE}/secure/labRequest/export`, () => HttpResponse.json({ msg: 'No', reason: 'nope' }, { status: 403 })),
    );
    const blob = await api<Blob>('/secure/testResult/export', { responseType: 'blob' });
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect((await caught(api('/secure/labRequest/export', { responseType: 'blob' }))).message).toBe('No.Reason: nope');
  });

  it('returns null for an empty success body', async () => {
    server.use(http.delete(`${BASE}/secure/x/1`, () => new HttpResponse(null, { status: 204 })));
    expect(await api('/secure/x/1', { method: 'DELETE' })).toBeNull();
  });
});

describe('apiFetch errors (generic formatter)', () => {
  it('uses the server msg and reason with the HTTP status', async () => {
    server.use(http.get(`${BASE}/secure/a`, () => HttpResponse.json({ msg: 'Not allowed', reason: 'license' }, { status: 403 })));
    const error = await caught(api('/secure/a'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Not allowed.Reason: license');
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ msg: 'Not allowed', reason: 'license' });
  });

  it('falls back to "Internal server error" and "unknown cause" for a JSON body without them', async () => {
    server.use(http.get(`${BASE}/secure/b`, () => HttpResponse.json({}, { status: 500 })));
    const error = await caught(api('/secure/b'));
    expect(error.message).toBe('Internal server error.Reason: unknown cause');
    expect(error.status).toBe(500);
  });

  it('gives "Internal server error.Reason: unknown cause" for a body that is not JSON', async () => {
    server.use(http.get(`${BASE}/secure/c`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await caught(api('/secure/c'));
    expect(error.message).toBe('Internal server error.Reason: unknown cause');
    expect(error.status).toBe(502);
  });

  it('treats a success answer that is not JSON as an error too', async () => {
    server.use(http.get(`${BASE}/secure/d`, () => new HttpResponse('oops', { status: 200 })));
    expect((await caught(api('/secure/d'))).message).toBe('Internal server error.Reason: unknown cause');
  });

  it('gives the "Failed calling server" text and status NA (0) when fetch rejects', async () => {
    server.use(http.get(`${BASE}/secure/e`, () => HttpResponse.error()));
    const error = await caught(api('/secure/e'));
    expect(error.message).toBe(FAILED_CALL_TEXT);
    expect(error.status).toBe(0);
    expect(error.body).toEqual({ status: 'NA' });
  });

  it('gives the "Error setting up request" text when a sent request gets no answer in time', async () => {
    server.use(
      http.get(`${BASE}/secure/f`, async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const error = await caught(api('/secure/f', { timeoutMs: 20 }));
    expect(error.message).toBe(NO_RESPONSE_TEXT);
    expect(error.status).toBe(0);
  });

  it('answers 401 with the session text when there is no token', async () => {
    const signedOut = createApiFetch({ baseUrl: BASE, getToken: () => Promise.reject(new Error('No signed-in session')) });
    const error = await caught(signedOut('/secure/g'));
    expect(error.status).toBe(401);
    expect(error.message).toBe(UI_TEXT.sessionExpired);
  });
});
