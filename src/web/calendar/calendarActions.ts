import type { PermissionFacts } from '../../domain/booking-detail/booking-actions';
import { assignRefusal as assignRule, statusChoices, statusUpdateBlocked, type StatusFacts } from '../../domain/bookings/booking-rules';
import type { CalendarEventRow } from '../providers/bookingMethods';

/** Why an action cannot be taken on a booking, as an i18n key (or the shared rule's text) and its values; null when it can. */
export interface Refusal {
  key: string;
  args?: Record<string, unknown>;
}

const readOnly = (b: CalendarEventRow): Refusal | null =>
  b.isReadOnly === true ? { key: 'booking.readOnlyRefusal', args: { reason: b.readOnlyReason ?? '' } } : null;
const text = (t: string | null): Refusal | null => (t ? { key: t } : null);
const nowSec = () => Math.floor(Date.now() / 1000);

/** A calendar row as the shared booking rules read it (the same facts the server decides on). */
export function factsOf(b: CalendarEventRow): StatusFacts & { hasWriteAccessToClinicalData: boolean } {
  return {
    bookingStatus: b.bookingStatus,
    isReadOnly: b.isReadOnly === true || b.masked,
    readOnlyReason: b.readOnlyReason,
    hasReadAccessToClinicalData: b.hasReadAccessToClinicalData === true,
    hasWriteAccessToClinicalData: b.hasWriteAccessToClinicalData === true,
    restrictClinicalDataAccessReason: b.restrictClinicalDataAccessReason ?? null,
    appntStartEpochSec: typeof b.appntStartEpochSec === 'number' ? b.appntStartEpochSec : Math.floor(Date.parse(b.appntStart) / 1000),
  } satisfies PermissionFacts & Record<string, unknown>;
}

/** The statuses this booking may move to from the calendar now (the shared status rule). */
export const allowedStatuses = (b: CalendarEventRow, now = nowSec()) => statusChoices(factsOf(b), now);

/** Status update: refused when no status is possible, with the shared rule's reason. */
export const statusRefusal = (b: CalendarEventRow, now = nowSec()): Refusal | null => readOnly(b) ?? text(statusUpdateBlocked(factsOf(b), now));

export const tagRefusal = (b: CalendarEventRow): Refusal | null => readOnly(b);

/** Reschedule: refused for COMPLETED or CANCELLED bookings (spec 2 §4) and read-only ones. */
export function rescheduleRefusal(b: CalendarEventRow): Refusal | null {
  return (
    readOnly(b) ??
    (['COMPLETED', 'CANCELLED'].includes(b.bookingStatus) ? { key: 'booking.terminalRefusal', args: { status: b.bookingStatus } } : null)
  );
}

/** 'Assign to me' (nobody assigned), 'Re-assign to me' (someone else) or the disabled 'Assigned to you'. */
export function assignLabel(b: CalendarEventRow, userId: string | null | undefined) {
  if (b.primaryClinicianId && b.primaryClinicianId === userId) return 'booking.assignedToYou';
  return b.primaryClinicianId ? 'booking.reassignToMe' : 'booking.assignToMe';
}

/** Why assigning is refused: the shared assign rule (clinical write access, not read-only, not final), as on the detail. */
export const assignRefusal = (b: CalendarEventRow): Refusal | null => readOnly(b) ?? text(assignRule(factsOf(b)));
