// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { LiveUpdates } from './LiveUpdates';
import { liveChanges } from './recordChanges';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it('a change event invalidates the react-admin queries of its resources ([resource, method, params] keys), once per burst', async () => {
  const event = (id: string) =>
    `event: change\ndata: ${JSON.stringify({ resource: 'lab-requests', id, action: 'ASSIGN', by: 'Alex Morgan', mine: false })}\n\n`;
  server.use(
    http.get(
      '*/secure/events',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode(event('KT1') + event('KT2')));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
  const queryClient = new QueryClient();
  const list = ['lab-requests', 'getList', { pagination: { page: 1, perPage: 25 }, filter: {} }];
  const other = ['bookings', 'getList', {}];
  queryClient.setQueryData(list, { data: [], total: 0 });
  queryClient.setQueryData(other, { data: [], total: 0 });
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LiveUpdates getToken={async () => 'tok'} />
    </QueryClientProvider>,
  );
  await vi.waitFor(() => expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true));
  expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  expect(spy.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === '["lab-requests"]')).toHaveLength(1);
  view.unmount();
});

it('a message event refreshes the message lists and the new-message count, and tells the screens (recordChanges)', async () => {
  const change = { resource: 'messages', id: 'm-1', action: 'REPLY', by: 'Jane Doe', mine: false };
  server.use(
    http.get(
      '*/secure/events',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode(`event: change\ndata: ${JSON.stringify(change)}\n\n`));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
  const queryClient = new QueryClient();
  const count = ['messages', 'newCount'];
  const patientTab = ['patient-messages', 'getList', {}];
  queryClient.setQueryData(count, { count: 1 });
  queryClient.setQueryData(patientTab, { data: [], total: 0 });
  const heard = vi.fn();
  liveChanges.addEventListener('change', (e) => heard((e as CustomEvent).detail));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LiveUpdates getToken={async () => 'tok'} />
    </QueryClientProvider>,
  );
  await vi.waitFor(() => expect(queryClient.getQueryState(count)?.isInvalidated).toBe(true));
  expect(queryClient.getQueryState(patientTab)?.isInvalidated).toBe(true);
  expect(heard).toHaveBeenCalledWith(change);
  view.unmount();
});
