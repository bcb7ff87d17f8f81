import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CalendarEventRow } from '../providers/bookingMethods';
import type { PortalDataProvider } from '../providers/dataProvider';
import { errorReason } from '../providers/errorReason';
import { useSingleFlight } from '../providers/useSingleFlight';
import { openBookingDetails } from './openInNewTab';
import { changedByRefusal } from '../live/recordChanges';

/**
 * Assign to me from the calendar: PATCH /assignToMe/{id} naming the primary clinician the user saw; then
 * 'Booking assigned to you,navigating to detail page' and the detail in a new tab, or
 * 'Failed to assign booking to you. Reason: {reason or unknown}'.
 */
export function useAssignToMe() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useSingleFlight(useMutation({
    mutationFn: (booking: CalendarEventRow) => dataProvider.assignBookingToMe(booking.id, booking.primaryClinicianId ?? null),
    onSuccess: async (_, booking) => {
      notify('booking.assigned', { type: 'success' });
      if (!openBookingDetails(booking.id)) notify('booking.openDetailsFailed', { type: 'error' });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) => {
      notify('booking.assignFailed', { type: 'error', messageArgs: { reason: errorReason(error) ?? translate('booking.unknown') } });
      // Assigned by someone else meanwhile (the reason names who): the calendar shows the booking as it now is.
      if (changedByRefusal(error)) void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  }));
}
