import { http, HttpResponse } from 'msw';
import type { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { BookingDetail, OrderSummary } from '../../domain/booking-detail/booking-detail';
import type { Location } from 'react-router';
import { BASE, bookingMswServer, testApiFetch } from './bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import { createDataProvider } from '../providers/dataProvider';
import { fakeAuthProvider, renderInAdmin } from './adminTestContext';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';

/** Test helpers of the booking detail screen (not shipped): a booking, msw answers and a renderer. */

export const detail = (o: Partial<BookingDetail> = {}): BookingDetail => ({
  id: 'BK1',
  bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
  tagOrLabel: null,
  primaryClinicianId: 'sub-1',
  primaryClinicianName: 'Jane Doe',
  isAssignedToMe: true,
  isUnAssigned: false,
  isReadOnly: false,
  readOnlyReason: null,
  hasWriteAccessToClinicalData: true,
  hasReadAccessToClinicalData: true,
  restrictClinicalDataAccessReason: null,
  hasPatientStateLicense: true,
  masked: false,
  patientId: 'pat-1',
  city: 'Las Vegas',
  state: 'NV',
  zip: '89104',
  address1: '1 Main St',
  address2: null,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  phone: '7025550101',
  mobile: '7025550101',
  dob: '1990-05-20',
  genderAtBirth: 'FEMALE',
  pronoun: null,
  medications: null,
  symptoms: 'none',
  customerNotes: null,
  allergies: null,
  isReturningPatient: false,
  bookedAt: '2026-11-18T18:00:00.000Z',
  appntStart: '2026-11-21T18:00:00.000Z',
  appntEnd: '2026-11-21T18:30:00.000Z',
  appntStartEpochSec: Date.parse('2026-11-21T18:00:00.000Z') / 1000,
  eventTimeZone: 'America/Los_Angeles',
  eventTitle: 'Consult',
  careType: { name: 'TELEMED_CONSULT', displayName: 'Telemedicine Consult' },
  careLocation: { name: 'ONLINE', address: '', timezone: 'America/Los_Angeles' },
  careStateRegion: 'NV',
  documentS3UrlMap: {},
  isSelfCheckInIdentityVerified: null,
  selfCheckInCompletedSteps: [],
  patientIntakeJotformSubmissionLink: null,
  kitIds: [],
  onlineMeetingUrl: 'https://meet.example.com/x',
  onlineMeetingPwd: 'pw',
  consultMediumType: 'VIDEO',
  plannedMins: 30,
  actualMins: null,
  calComUniqueId: null,
  calcomBaseUrl: null,
  isOnboardTbd: true,
  products: [],
  appntNotes: [],
  clinicalNotes: [],
  timeline: [],
  clinicalServiceMins: null,
  clinicalServiceNotes: null,
  closingNotes: null,
  paymentMode: null,
  paymentAmount: null,
  paymentRefId: null,
  ...o,
});

export const orderSummary = (o: Partial<OrderSummary> = {}): OrderSummary => ({
  plannedProducts: [],
  unpaidProducts: [],
  grossTotalPaid: 0,
  netTotalPaid: 0,
  taxTotalPaid: 0,
  netTotalUnpaid: 0,
  taxUnPaid: 0,
  grossTotalUnpaid: 0,
  paymentStatus: 'NOT_REQUIRED',
  isRequirePayment: false,
  orders: [],
  childOrders: [],
  ...o,
});

/** Answers the screen's reads for one booking (and /config.json); returns the bodies of the writes by path. */
export function answerDetail(server: ReturnType<typeof setupServer>, booking: BookingDetail | null, summary = orderSummary()) {
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const id = booking?.id ?? 'BK1';
  server.use(
    http.get(`${BASE}${BOOKING_API}/get/${id}`, () =>
      booking ? HttpResponse.json(booking) : HttpResponse.json({ msg: 'Not found', reason: 'no such booking' }, { status: 404 }),
    ),
    http.get(`${BASE}${BOOKING_API}/onboardStatus/${id}`, () => HttpResponse.json({ isOnboardTbd: booking?.isOnboardTbd ?? false })),
    http.get(`${BASE}${BOOKING_API}/orderSummary/${id}`, () => HttpResponse.json(summary)),
    http.get(`${BASE}${BOOKING_API}/outbox/${id}`, () => HttpResponse.json([])),
    http.get(`${BASE}${BOOKING_API}/${id}/documents`, () => HttpResponse.json({})),
    http.get('*/config.json', () =>
      HttpResponse.json({
        region: 'local',
        userPoolId: 'p',
        userPoolClientId: 'c',
        authFlowType: 'USER_PASSWORD_AUTH',
        bookingPublicUrl: 'https://book.example.com',
      }),
    ),
    http.all(`${BASE}/secure/*`, async ({ request }) => {
      if (request.method === 'GET') return undefined;
      const text = await request.text();
      writes.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
      return HttpResponse.json({});
    }),
  );
  return writes;
}

/** The Idempotency-Key each write sent, by path (call after answerDetail: it looks, then lets the answer through). */
export function keysSent(server: ReturnType<typeof setupServer>): Record<string, string | null> {
  const keys: Record<string, string | null> = {};
  server.use(
    http.all(`${BASE}/secure/*`, ({ request }) => {
      if (request.method !== 'GET') keys[new URL(request.url).pathname] = request.headers.get(IDEMPOTENCY_KEY_HEADER);
      return undefined;
    }),
  );
  return keys;
}

/** A booking detail component whose one dataProvider talks to msw at BASE, signed in with these groups; onLocation sees every navigation. */
export const renderDetail = (
  ui: ReactNode,
  groups: string[] = ['clinicians'],
  onLocation?: (location: Location) => void,
  queryClient?: QueryClient,
) =>
  renderInAdmin(ui, {
    authProvider: fakeAuthProvider({ groups }),
    dataProvider: createDataProvider(testApiFetch()),
    initialEntries: ['/BookingDetails?bookingId=BK1'],
    onLocation,
    queryClient,
  });

/** The msw server of a test file, started, reset after each test (with the mocks and timers) and closed. */
export function detailServer() {
  vi.setConfig({ testTimeout: 20_000 });
  const server = bookingMswServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}
