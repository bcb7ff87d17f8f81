// The node environment: fetch, FormData and File are Node's own, as msw (msw/node) expects; under jsdom, Node 24's
// multipart parser meets jsdom's File and refuses the upload. Nothing here renders.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiFetch } from './httpClient';
import { createDataProvider } from './dataProvider';
import { RESOURCE_ENDPOINTS } from '../resources';

const BASE = 'http://portal.test';
const server = setupServer();
const api = createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' });
const dataProvider = createDataProvider(api, {
  ...RESOURCE_ENDPOINTS,
  widgets: { route: '/widgets', list: '/secure/widgets', one: (id) => `/secure/widgets/${id}` },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const licences = [
  { id: 'l1', state: 'NV', licenseId: 'B', expirationDate: '2030-01-01', goodStanding: true, acknowledgement: true },
  { id: 'l2', state: 'CO', licenseId: 'A', expirationDate: '2020-01-01', goodStanding: true, acknowledgement: true },
];

describe('resources', () => {
  it('searches bookings with POST findBookings: the filter and the paging in the body, empty values left out', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/secure/booking/v1/findBookings`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ items: [{ id: 'BK1' }], total: 7 });
      }),
    );
    const result = await dataProvider.getList('bookings', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { searchType: 'LASTNAME_DOB', lastName: 'Lee', dob: '1990-05-20', queryType: 'SELF', email: '' },
    });
    expect(result).toEqual({ data: [{ id: 'BK1' }], total: 7 });
    expect(bodies).toEqual([{ searchType: 'LASTNAME_DOB', lastName: 'Lee', dob: '1990-05-20', queryType: 'SELF', page: 2, perPage: 50 }]);
  });

  it('reads one booking as the bookings resource (GET get/{id}); its actions are named methods on the booking paths', async () => {
    const calls: Array<[string, string, unknown]> = [];
    server.use(
      http.get(`${BASE}/secure/booking/v1/get/:id`, ({ params }) => HttpResponse.json({ id: params.id, bookingStatus: 'BOOKED_CONFIRMED' })),
      http.all(`${BASE}/secure/booking/v1/*`, async ({ request }) => {
        const text = await request.text();
        calls.push([request.method, new URL(request.url).pathname, text ? JSON.parse(text) : null]);
        return HttpResponse.json({});
      }),
    );
    expect((await dataProvider.getOne('bookings', { id: 'BK 1' })).data).toEqual({ id: 'BK 1', bookingStatus: 'BOOKED_CONFIRMED' });
    await dataProvider.cancelBooking('BK1', 'ill', true);
    await dataProvider.confirmBooking('BK1', 'called');
    await dataProvider.assignBookingToMe('BK1', 'c-2');
    expect(calls).toEqual([
      ['DELETE', '/secure/booking/v1/cancel/BK1', { reasonOrComments: 'ill', isNoShow: true }],
      ['PATCH', '/secure/booking/v1/markConfirmed/BK1', { reasonOrComments: 'called' }],
      ['PATCH', '/secure/booking/v1/assignToMe/BK1', { expectedClinicianId: 'c-2' }],
    ]);
  });

  it("a list too large to count (Content-Range total *: more rows follow) pages on with pageInfo: react-admin's partial pagination", async () => {
    server.use(http.get(`${BASE}/secure/auditLog`, () => HttpResponse.json([{ id: '9' }], { headers: { 'Content-Range': 'items 2-2/*' } })));
    const result = await dataProvider.getList('access-log', {
      pagination: { page: 3, perPage: 1 },
      sort: { field: 'at', order: 'DESC' },
      filter: {},
    });
    expect(result).toEqual({ data: [{ id: '9' }], pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    server.use(http.get(`${BASE}/secure/auditLog`, () => HttpResponse.json([{ id: '9' }], { headers: { 'Content-Range': 'items 0-0/12' } })));
    expect(
      await dataProvider.getList('access-log', { pagination: { page: 1, perPage: 1 }, sort: { field: 'at', order: 'DESC' }, filter: {} }),
    ).toEqual({ data: [{ id: '9' }], total: 12 });
  });

  it('lists the kits of a Manage Lab Order step at GET /secure/kit/status/{status}: the status is the path, not a query param', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/kit/status/:status`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [{ kitId: 'KT0000001' }], total: 7 });
      }),
    );
    const result = await dataProvider.getList('lab-order-kits', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'created', order: 'DESC' },
      filter: { status: 'SAMPLE_COLLECTED_PENDING_REVIEW', careLocation: 'CHARLESTON_NV_89104' },
    });
    expect(urls[0].pathname).toBe('/secure/kit/status/SAMPLE_COLLECTED_PENDING_REVIEW');
    expect(Object.fromEntries(urls[0].searchParams)).toEqual({
      page: '2',
      perPage: '50',
      sort: 'created',
      order: 'DESC',
      careLocation: 'CHARLESTON_NV_89104',
    });
    expect(result).toEqual({ data: [{ kitId: 'KT0000001', id: 'KT0000001' }], total: 7 });
  });

  it('lists licences from GET /secure/license (an array)', async () => {
    server.use(http.get(`${BASE}/secure/license`, () => HttpResponse.json(licences)));
    const result = await dataProvider.getList('licenses', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'state', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(2);
    expect(result.data.map((l) => l.id)).toEqual(['l2', 'l1']);
  });

  it('creates a licence with POST /secure/license', async () => {
    let sent: unknown;
    server.use(
      http.post(`${BASE}/secure/license`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...(sent as object), id: 'l9' }, { status: 201 });
      }),
    );
    const data = { state: 'NV', licenseId: 'X', expirationDate: '2031-05-05', goodStanding: true, acknowledgement: true };
    const result = await dataProvider.create('licenses', { data });
    expect(sent).toEqual(data);
    expect(result.data).toEqual({ ...data, id: 'l9' });
  });

  it('create sends meta.idempotencyKey as the Idempotency-Key header (a double submit creates once)', async () => {
    const keys: Array<string | null> = [];
    server.use(
      http.post(`${BASE}/secure/license`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ id: 'l9' }, { status: 201 });
      }),
    );
    const data = { state: 'NV', licenseId: 'X', expirationDate: '2031-05-05', goodStanding: true, acknowledgement: true };
    await dataProvider.create('licenses', { data, meta: { idempotencyKey: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' } });
    await dataProvider.create('licenses', { data });
    expect(keys).toEqual(['7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', null]);
  });

  it('sends page, perPage, sort, order and filters on a paged list and reads { items, total }', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${BASE}/secure/widgets`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ items: [{ id: 1 }, { id: 2 }], total: 42 });
      }),
    );
    const result = await dataProvider.getList('widgets', {
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'createDateTime', order: 'DESC' },
      filter: { status: 'PENDING', myStates: true, states: ['NV', 'CO'], blank: '' },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(Object.fromEntries(url!.searchParams)).toMatchObject({
      page: '3',
      perPage: '50',
      sort: 'createDateTime',
      order: 'DESC',
      status: 'PENDING',
      myStates: 'true',
    });
    expect(url!.searchParams.getAll('states')).toEqual(['NV', 'CO']);
    expect(url!.searchParams.has('blank')).toBe(false);
  });

  it('gets one record', async () => {
    server.use(http.get(`${BASE}/secure/widgets/7`, () => HttpResponse.json({ id: 7, name: 'w' })));
    expect((await dataProvider.getOne('widgets', { id: 7 })).data).toEqual({ id: 7, name: 'w' });
  });

  it('refuses unknown resources and missing endpoints', async () => {
    await expect(
      dataProvider.getList('nope', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow('Unknown resource');
    await expect(dataProvider.delete('shipping-manifests', { id: 'm1' })).rejects.toThrow('no delete endpoint');
  });
});

describe('custom methods', () => {
  it('licences: update PATCHes updateLicence with the id in the body, delete sends the id as a query', async () => {
    const seen: string[] = [];
    server.use(
      http.patch(`${BASE}/secure/clinician/updateLicence`, async ({ request }) => {
        seen.push(`PATCH ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: 'l1', valid: true });
      }),
      http.delete(`${BASE}/secure/clinician/deleteLicence`, ({ request }) => {
        seen.push(`DELETE ${new URL(request.url).search}`);
        return HttpResponse.json({ id: 'l1', deleted: true });
      }),
    );
    await dataProvider.update('licenses', { id: 'l1', data: { id: 'l1', state: 'NV' }, previousData: { id: 'l1' } });
    await dataProvider.delete('licenses', { id: 'l1' });
    expect(seen).toEqual(['PATCH {"id":"l1","state":"NV"}', 'DELETE ?id=l1']);
  });

  it('getClinicianProfile reads GET /secure/clinician/profile', async () => {
    server.use(http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json({ id: 'c1', status: 'ACTIVE' })));
    expect(await dataProvider.getClinicianProfile()).toEqual({ id: 'c1', status: 'ACTIVE' });
  });

  it('getClinicianProfile gives null on 404 and throws otherwise', async () => {
    server.use(http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json({ msg: 'Not found' }, { status: 404 })));
    expect(await dataProvider.getClinicianProfile()).toBeNull();
    server.use(http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json({ msg: 'Boom' }, { status: 500 })));
    await expect(dataProvider.getClinicianProfile()).rejects.toThrow('Boom.Reason: unknown cause');
  });

  it('getLicenceStates reads /secure/license/validAndInvalidStates', async () => {
    server.use(
      http.get(`${BASE}/secure/license/validAndInvalidStates`, () =>
        HttpResponse.json({ validStates: ['NV'], pendingStates: ['FL'], inValidStates: ['CO'], allStates: ['CO', 'FL', 'NV'] }),
      ),
    );
    expect(await dataProvider.getLicenceStates()).toEqual({
      validStates: ['NV'],
      pendingStates: ['FL'],
      inValidStates: ['CO'],
      allStates: ['CO', 'FL', 'NV'],
    });
  });

  it('getCalendarLink reads /secure/calendar/link', async () => {
    server.use(http.get(`${BASE}/secure/calendar/link`, () => HttpResponse.json({ calendarLink: null })));
    expect(await dataProvider.getCalendarLink()).toEqual({ calendarLink: null });
  });

  it('getAccountStatus reads /secure/account/status', async () => {
    const status = { sub: 's1', groups: ['staff'], roles: ['staff'] };
    server.use(http.get(`${BASE}/secure/account/status`, () => HttpResponse.json(status)));
    expect(await dataProvider.getAccountStatus()).toEqual(status);
  });
});

describe('lab resources and lab actions', () => {
  it('lists lab results with `id` = kitId and the list query', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${BASE}/secure/testResult`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ items: [{ kitId: 'KT1', status: 'NEEDS_CLINICIAN_REVIEW' }], total: 1 });
      }),
    );
    const result = await dataProvider.getList('lab-results', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createDateTime', order: 'DESC' },
      filter: { queryType: 'ASSIGNED', myStates: true, q: 'ann' },
    });
    expect(result).toEqual({ data: [{ id: 'KT1', kitId: 'KT1', status: 'NEEDS_CLINICIAN_REVIEW' }], total: 1 });
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      page: '1',
      perPage: '50',
      sort: 'createDateTime',
      order: 'DESC',
      queryType: 'ASSIGNED',
      myStates: 'true',
      q: 'ann',
    });
  });

  it('lists lab requests from /secure/labRequest and gets one test result by kit', async () => {
    server.use(
      http.get(`${BASE}/secure/labRequest`, () => HttpResponse.json({ items: [{ kitId: 'KT2' }], total: 1 })),
      http.get(`${BASE}/secure/testResult/KT3`, () => HttpResponse.json({ kitId: 'KT3' })),
    );
    const list = await dataProvider.getList('lab-requests', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'kitId', order: 'ASC' },
      filter: {},
    });
    expect(list.data).toEqual([{ id: 'KT2', kitId: 'KT2' }]);
    expect((await dataProvider.getOne('lab-results', { id: 'KT3' })).data).toEqual({ id: 'KT3', kitId: 'KT3' });
  });

  it('exportList fetches the server CSV as a Blob with the filters and sort', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${BASE}/secure/labRequest/export`, ({ request }) => {
        url = new URL(request.url);
        return new HttpResponse('Kit ID\nKT2\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const blob = await dataProvider.exportList('lab-requests', {
      filter: { queryType: 'ALL', myStates: false },
      sort: { field: 'kitId', order: 'ASC' },
    });
    expect(await blob.text()).toBe('Kit ID\nKT2\n');
    expect(Object.fromEntries(url!.searchParams)).toEqual({ sort: 'kitId', order: 'ASC', queryType: 'ALL', myStates: 'false' });
  });

  it("exportList of a simple REST resource asks in the list's own dialect (filter and sort as JSON)", async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${BASE}/secure/auditLog/export`, ({ request }) => {
        url = new URL(request.url);
        return new HttpResponse('Time (UTC)\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    await dataProvider.exportList('access-log', { filter: { outcome: 'DENIED' }, sort: { field: 'at', order: 'ASC' } });
    expect(Object.fromEntries(url!.searchParams)).toEqual({ filter: '{"outcome":"DENIED"}', sort: '["at","ASC"]' });
  });

  it('sends the lab actions to the spec paths with their bodies; the creations carry the Idempotency-Key', async () => {
    const KEY = '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const seen: Array<[string, string, unknown]> = [];
    const keys: Record<string, string | null> = {};
    const record = async ({ request }: { request: Request }) => {
      const text = await request.text();
      keys[new URL(request.url).pathname] = request.headers.get('idempotency-key');
      seen.push([request.method, new URL(request.url).pathname, text ? JSON.parse(text) : null]);
      return HttpResponse.json({ ok: true });
    };
    server.use(http.put(`${BASE}/secure/*`, record), http.post(`${BASE}/secure/*`, record));
    await dataProvider.labAssign('request', 'KT1');
    await dataProvider.labAssign('result', 'KT1', 'covering');
    await dataProvider.labApprove('KT1');
    await dataProvider.labReject({ kitId: 'KT1', internalNote: 'i', externalNote: 'e' });
    await dataProvider.saveResultNotes('KT1', 'external', 'n');
    await dataProvider.releaseResultNotes('KT1');
    await dataProvider.overrideAutoRelease('KT1');
    await dataProvider.registerCovidTube('KT1', 'TUBE-1');
    await dataProvider.requestAppointment('tr-1', 'm', KEY);
    await dataProvider.messagePatient('KT1', 'm', KEY);
    await dataProvider.createTestResult({ kitId: 'KT1', resultData: [{ testName: 'A', testValue: '' }], resultFileS3Url: null }, KEY);
    expect(seen).toEqual([
      ['PUT', '/secure/labRequest/assign', { kitId: 'KT1' }],
      ['PUT', '/secure/testResult/assign', { kitId: 'KT1', reason: 'covering' }],
      ['PUT', '/secure/labRequest/approve', { kitId: 'KT1' }],
      ['PUT', '/secure/labRequest/reject', { kitId: 'KT1', internalNote: 'i', externalNote: 'e' }],
      ['POST', '/secure/testResult/KT1/notes', { noteType: 'external', notes: 'n' }],
      ['PUT', '/secure/testResult/KT1/notes/release', null],
      ['POST', '/secure/testResult/overrideForManualClinicianReview/KT1', null],
      ['POST', '/secure/kit/covid', { kitId: 'KT1', serialNumber: 'TUBE-1' }],
      ['POST', '/secure/testResult/appointmentRequest', { testResultId: 'tr-1', message: 'm' }],
      ['POST', '/secure/testResult/patientMessage', { kitId: 'KT1', message: 'm' }],
      ['POST', '/secure/testResult', { kitId: 'KT1', resultData: [{ testName: 'A', testValue: '' }], resultFileS3Url: null }],
    ]);
    for (const path of ['/secure/testResult/appointmentRequest', '/secure/testResult/patientMessage', '/secure/testResult'])
      expect(keys[path], path).toBe(KEY);
    expect(keys['/secure/labRequest/approve']).toBeNull();
  });

  it('reads the result form and uploads the result PDF as multipart field `file`', async () => {
    let field: Blob | undefined;
    server.use(
      http.get(`${BASE}/secure/testResult/cdd/labResultsForm`, ({ request }) =>
        HttpResponse.json({ kitId: new URL(request.url).searchParams.get('kitId'), productName: 'P', labName: 'CDD', entries: [] }),
      ),
      http.post(`${BASE}/secure/testResult/uploadResultFile/cdd/KT1`, async ({ request }) => {
        field = (await request.formData()).get('file') as Blob;
        return HttpResponse.json({ fileS3Url: 's3://r.pdf' });
      }),
    );
    expect((await dataProvider.getResultForm('KT1')).kitId).toBe('KT1');
    const file = new File(['%PDF-1.4'], 'r.pdf', { type: 'application/pdf' });
    expect(await dataProvider.uploadResultFile('KT1', file)).toEqual({ fileS3Url: 's3://r.pdf' });
    expect(field).toBeInstanceOf(File);
    expect((field as File).name).toBe('r.pdf');
    expect(await field?.text()).toBe('%PDF-1.4');
  });
});
