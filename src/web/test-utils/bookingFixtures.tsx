import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import type { AuthProvider } from 'react-admin';
import { createApiFetch } from '../providers/httpClient';
import { createDataProvider, type PortalDataProvider } from '../providers/dataProvider';
import { fakeAuthProvider, renderInAdmin } from './adminTestContext';
import { BOOKING_API, type BookingRow } from '../providers/bookingMethods';

/** Test helpers of the booking screens (not shipped): rows, an msw server at BASE and a renderer. */

export const BASE = 'http://portal.test';
export const bookingMswServer = () => setupServer();
export const testApiFetch = () => createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' });

export const bookingRow = (id: string, o: Partial<BookingRow> = {}): BookingRow => ({
  id,
  bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
  tagOrLabel: null,
  primaryClinicianId: 'sub-1',
  primaryClinicianName: 'Jane Doe',
  careType: { name: 'TELEMED_CONSULT', displayName: 'Telemedicine Consult' },
  careLocation: 'ONLINE',
  appntStart: '2026-11-21T18:00:00.000Z',
  appntEnd: '2026-11-21T18:30:00.000Z',
  eventTimeZone: 'America/Los_Angeles',
  bookedAt: '2026-11-18T18:00:00.000Z',
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  email: 'ann.lee@example.com',
  phone: '7025550101',
  mobile: '7025550101',
  dob: '1990-05-20',
  state: 'NV',
  city: 'Las Vegas',
  zip: '89104',
  products: [],
  isAssignedToMe: true,
  isUnAssigned: false,
  isReadOnly: false,
  readOnlyReason: null,
  hasPatientStateLicense: true,
  masked: false,
  hasReadAccessToClinicalData: true,
  hasWriteAccessToClinicalData: true,
  restrictClinicalDataAccessReason: null,
  ...o,
});

/** Answers POST /findBookings (recording each body) and /findBookings/export. */
export function answerFind(server: ReturnType<typeof setupServer>, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.post(`${BASE}${BOOKING_API}/findBookings`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

export const page = (items: BookingRow[], total = items.length) => HttpResponse.json({ items, total }) as Response;

/** A booking screen whose dataProvider talks to msw at BASE. */
export function renderBookingScreen(
  ui: ReactNode,
  options: { authProvider?: AuthProvider; dataProvider?: PortalDataProvider; initialEntries?: string[] } = {},
) {
  return renderInAdmin(ui, {
    authProvider: options.authProvider ?? fakeAuthProvider({ groups: ['clinicians'] }),
    dataProvider: options.dataProvider ?? createDataProvider(testApiFetch()),
    initialEntries: options.initialEntries,
  });
}
