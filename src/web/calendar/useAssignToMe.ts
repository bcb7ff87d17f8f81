import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { assignBookingToMe, reasonOf, useBookingsApi, type CalendarEventRow } from '../bookings/bookingsApi';
import { useSingleFlight } from '../providers/useSingleFlight';
import { openBookingDetails } from './openInNewTab';

/**
 * Assign to me from the calendar: PATCH /assignToMe/{id} naming the primary clinician the user saw; then
 * 'Booking assigned to you,navigating to detail page' and the detail in a new tab, or
 * 'Failed to assign booking to you. Reason: {reason or unknown}'.
 */
export function useAssignToMe() {
  const api = useBookingsApi();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useSingleFlight(useMutation({
    mutationFn: (booking: CalendarEventRow) => assignBookingToMe(api, booking.id, booking.primaryClinicianId ?? null),
    onSuccess: async (_, booking) => {
      notify('booking.assigned', { type: 'success' });
      if (!openBookingDetails(booking.id)) notify('booking.openDetailsFailed', { type: 'error' });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) =>
      notify('booking.assignFailed', { type: 'error', messageArgs: { reason: reasonOf(error) ?? translate('booking.unknown') } }),
  }));
}
