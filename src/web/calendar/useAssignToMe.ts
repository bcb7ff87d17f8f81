import { useNotify, useTranslate } from 'react-admin';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { failureWithReason, useAction } from '../shared/useAction';
import { openBookingDetails } from './openInNewTab';

/**
 * Assign to me from the calendar: PATCH /assignToMe/{id} naming the primary clinician the user saw; then
 * 'Booking assigned to you,navigating to detail page' and the detail in a new tab, or
 * 'Failed to assign booking to you. Reason: {reason or unknown}'. The calendar is read again either way: a booking
 * assigned by someone else meanwhile (the reason names who) shows as it now is.
 */
export function useAssignToMe() {
  const translate = useTranslate();
  const notify = useNotify();
  return useAction((dp, booking: CalendarEventRow) => dp.assignBookingToMe(booking.id, booking.primaryClinicianId ?? null), {
    success: 'booking.assigned',
    failure: failureWithReason('booking.assignFailed', 'reason', translate('booking.unknown')),
    invalidate: ['bookings'],
    invalidateOnError: true,
    onSuccess: (_, booking) => {
      if (!openBookingDetails(booking.id)) notify('booking.openDetailsFailed', { type: 'error' });
    },
  });
}
