import { createContext, useContext } from 'react';
import { BOOKING_API } from '../providers/bookingMethods';
import { apiFetch, type ApiFetch } from '../providers/httpClient';

/*
 * What the booking detail screen (booking-detail/) still reads through its own HTTP context. The search, the
 * calendar and their actions go through the dataProvider (the `bookings` resource and providers/bookingMethods.ts);
 * this file goes when booking-detail moves onto it too.
 */
export { BOOKING_API };
export { errorReason as reasonOf } from '../providers/errorReason';

/** The HTTP client of the booking detail screen; the portal's by default, a test one (msw) in tests. */
export const BookingsApiContext = createContext<ApiFetch>(apiFetch);
export const useBookingsApi = () => useContext(BookingsApiContext);

/** Assign to me, naming the primary clinician the user saw (409 when it changed meanwhile). */
export const assignBookingToMe = (api: ApiFetch, id: string, expectedClinicianId: string | null) =>
  api(`${BOOKING_API}/assignToMe/${encodeURIComponent(id)}`, { method: 'PATCH', body: { expectedClinicianId } });
