import { bookingTransitionRefusal, isTerminal } from '../../domain/bookings';
import { BOOKING_STATUSES } from '../../domain/statuses';
import type { CalendarEventRow } from '../bookings/bookingsApi';

/** Why an action cannot be taken on a booking, as an i18n key and its values; null when it can. */
export interface Refusal {
  key: string;
  args?: Record<string, unknown>;
}

const readOnly = (b: CalendarEventRow): Refusal | null =>
  b.isReadOnly === true ? { key: 'booking.readOnlyRefusal', args: { reason: b.readOnlyReason ?? '' } } : null;

/** The statuses a booking may move to (the shared transition rule). */
export const allowedStatuses = (from: string) =>
  BOOKING_STATUSES.filter((to) => to !== 'UNKNOWN' && bookingTransitionRefusal(from, to) === null);

/** Status update: not on a read-only booking, nor once the booking reached a terminal status. */
export function statusRefusal(b: CalendarEventRow): Refusal | null {
  return readOnly(b) ?? (isTerminal(b.bookingStatus) ? { key: 'booking.terminalRefusal', args: { status: b.bookingStatus } } : null);
}

export const tagRefusal = (b: CalendarEventRow): Refusal | null => readOnly(b);

/** Reschedule: refused for COMPLETED or CANCELLED bookings (spec 2 §4) and read-only ones. */
export function rescheduleRefusal(b: CalendarEventRow): Refusal | null {
  return readOnly(b) ?? (['COMPLETED', 'CANCELLED'].includes(b.bookingStatus) ? { key: 'booking.terminalRefusal', args: { status: b.bookingStatus } } : null);
}

/** 'Assign to me' (nobody assigned), 'Re-assign to me' (someone else) or the disabled 'Assigned to you'. */
export function assignLabel(b: CalendarEventRow, userId: string | null | undefined) {
  if (b.primaryClinicianId && b.primaryClinicianId === userId) return 'booking.assignedToYou';
  return b.primaryClinicianId ? 'booking.reassignToMe' : 'booking.assignToMe';
}

/** Why assigning is refused (read-only booking); an own booking shows the disabled 'Assigned to you' instead. */
export const assignRefusal = (b: CalendarEventRow): Refusal | null => readOnly(b);

/** The public scheduling page of a booking: {bookingPublicUrl}/choose-slot?id=&actor=&actorType=CL. */
export function rescheduleUrl(base: string, bookingId: string, actor: string) {
  const query = new URLSearchParams({ id: bookingId, actor, actorType: 'CL' });
  return `${base.replace(/\/+$/, '')}/choose-slot?${query.toString()}`;
}
