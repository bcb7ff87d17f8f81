import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, deriveApiKey } from '../../domain/shared/headers';
import { createApiFetch } from './httpClient';
import { createDataProvider } from './dataProvider';
import { RESOURCE_ENDPOINTS } from '../resources';

const BASE = 'http://portal.test';
const server = setupServer();
const api = createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' });
const dataProvider = createDataProvider(api, {
  ...RESOURCE_ENDPOINTS,
  gadgets: { route: '/gadgets', rest: '/secure/gadgets', update: (id) => `/secure/gadgets/${id}/review` },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sorted = { field: 'startedAt', order: 'DESC' } as const;

describe('the simple REST base (ra-data-simple-rest) for the routes in its conventions', () => {
  it('lists with filter, range and sort as JSON parameters on the portal client (token, api-key), total from Content-Range', async () => {
    const seen: Request[] = [];
    server.use(
      http.get(`${BASE}/secure/gadgets`, ({ request }) => {
        seen.push(request);
        return HttpResponse.json([{ id: 'g26' }, { id: 'g27' }], { headers: { 'Content-Range': 'items 25-26/27' } });
      }),
    );
    const result = await dataProvider.getList('gadgets', { pagination: { page: 2, perPage: 25 }, sort: sorted, filter: { reviewed: false } });
    expect(result).toEqual({ data: [{ id: 'g26' }, { id: 'g27' }], total: 27 });
    const url = new URL(seen[0].url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      filter: '{"reviewed":false}',
      range: '[25,49]',
      sort: '["startedAt","DESC"]',
    });
    expect(seen[0].headers.get('authorization')).toBe('Bearer tok');
    expect(seen[0].headers.get(API_KEY_HEADER)).toBe(deriveApiKey('/secure/gadgets'));
  });

  it('a list too large to count (Content-Range total *) pages on: react-admin partial pagination', async () => {
    server.use(http.get(`${BASE}/secure/gadgets`, () => HttpResponse.json([{ id: 'g1' }], { headers: { 'Content-Range': 'items 2-2/*' } })));
    const result = await dataProvider.getList('gadgets', { pagination: { page: 3, perPage: 1 }, sort: sorted, filter: {} });
    expect(result).toEqual({ data: [{ id: 'g1' }], pageInfo: { hasNextPage: true, hasPreviousPage: true } });
  });

  it('reads one at /{path}/{id}; an operation the resource maps itself stays on its own route', async () => {
    const calls: Array<[string, string, unknown]> = [];
    server.use(
      http.get(`${BASE}/secure/gadgets/:id`, ({ params }) => HttpResponse.json({ id: params.id, note: null })),
      http.put(`${BASE}/secure/gadgets/:id/review`, async ({ request, params }) => {
        calls.push([request.method, new URL(request.url).pathname, await request.json()]);
        return HttpResponse.json({ id: params.id, note: 'ok' });
      }),
    );
    expect((await dataProvider.getOne('gadgets', { id: 'g 1' })).data).toEqual({ id: 'g 1', note: null });
    const updated = await dataProvider.update('gadgets', { id: 'g1', data: { note: 'ok' }, previousData: { id: 'g1', note: null } });
    expect(updated.data).toEqual({ id: 'g1', note: 'ok' });
    expect(calls).toEqual([['PUT', '/secure/gadgets/g1/review', { note: 'ok' }]]);
  });

  it("a refusal keeps the portal's error texts (an HttpError with the server's body)", async () => {
    const body = { msg: 'Invalid request', reason: 'Sort field must be one of: startedAt', field: 'sort' };
    server.use(http.get(`${BASE}/secure/gadgets`, () => HttpResponse.json(body, { status: 400 })));
    const error = await dataProvider.getList('gadgets', { pagination: { page: 1, perPage: 5 }, sort: sorted, filter: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).body).toEqual(body);
  });

  it('the project-defined list routes are resources of the base: their lists ask in its dialect', async () => {
    const asked: Record<string, URLSearchParams> = {};
    const answer =
      (name: string) =>
      ({ request }: { request: Request }) => {
        asked[name] = new URL(request.url).searchParams;
        return HttpResponse.json([], { headers: { 'Content-Range': 'items */0' } });
      };
    server.use(
      http.get(`${BASE}/secure/breakGlass`, answer('break-glass')),
      http.get(`${BASE}/secure/admin/pendingSignUps`, answer('pending-sign-ups')),
      http.get(`${BASE}/secure/clinician/licences/all`, answer('all-licences')),
      http.get(`${BASE}/secure/auditLog`, answer('access-log')),
    );
    for (const resource of ['break-glass', 'pending-sign-ups', 'all-licences', 'access-log']) {
      expect(await dataProvider.getList(resource, { pagination: { page: 1, perPage: 25 }, sort: sorted, filter: {} })).toEqual({
        data: [],
        total: 0,
      });
      expect(Object.fromEntries(asked[resource]), resource).toEqual({ filter: '{}', range: '[0,24]', sort: '["startedAt","DESC"]' });
    }
  });
});
