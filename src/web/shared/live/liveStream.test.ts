// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../../domain/shared/headers';
import type { LiveEvent } from '../../../domain/live/live';
import { openLiveStream } from './liveStream';

const BASE = 'http://portal.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const change: LiveEvent = { resource: 'lab-requests', id: 'KT0000001', action: 'ASSIGN', by: 'Alex Morgan', mine: false };
const sse = (text: string) =>
  new HttpResponse(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
  );

describe('openLiveStream', () => {
  it('sends the token in the Authorization header (never the URL), passes change events on, and reconnects after a loss', async () => {
    const seen: Request[] = [];
    server.use(
      http.get(`${BASE}/secure/events`, ({ request }) => {
        seen.push(request);
        // The first stream carries a heartbeat, one change and a malformed event, then ends (a lost connection).
        return sse(
          seen.length === 1
            ? `retry: 10\n: heartbeat\n\nevent: change\ndata: ${JSON.stringify(change)}\n\nevent: change\ndata: {bad\n\n`
            : ': open\n\n',
        );
      }),
    );
    const ctrl = new AbortController();
    const onChange = vi.fn();
    const onReconnect = vi.fn();
    const done = openLiveStream({ baseUrl: BASE, getToken: async () => 'tok', signal: ctrl.signal, onChange, onReconnect, retryMs: 10 });
    await vi.waitFor(() => expect(onReconnect).toHaveBeenCalled());
    expect(onChange.mock.calls).toEqual([[change]]);
    const first = seen[0];
    expect(new URL(first.url).search).toBe('');
    expect(first.headers.get('authorization')).toBe('Bearer tok');
    expect(first.headers.get(ADDRESSEE_TYPE_HEADER)).toBe('C');
    expect(first.headers.get(API_KEY_HEADER)).toBe(deriveApiKey('/secure/events', undefined));
    ctrl.abort();
    await done;
  });

  it('stops for good when the server refuses the user (signed out, revoked)', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/secure/events`, () => {
        calls += 1;
        return HttpResponse.json({ msg: 'Unauthorized', reason: 'session ended, sign in again' }, { status: 401 });
      }),
    );
    const ctrl = new AbortController();
    await expect(
      openLiveStream({ baseUrl: BASE, getToken: async () => 'tok', signal: ctrl.signal, onChange: vi.fn(), onReconnect: vi.fn(), retryMs: 10 }),
    ).rejects.toThrow('live updates refused (401)');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(1);
  });
});
