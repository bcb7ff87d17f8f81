import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import { assignRefusal } from '../../domain/bookings/booking-rules';
import { useBookingMutation, withReason } from '../shared/bookings/bookingHooks';
import { GuardedButton } from './parts';

type AssignFacts = Pick<
  BookingDetail,
  | 'isAssignedToMe'
  | 'isUnAssigned'
  | 'isReadOnly'
  | 'readOnlyReason'
  | 'hasWriteAccessToClinicalData'
  | 'hasReadAccessToClinicalData'
  | 'restrictClinicalDataAccessReason'
  | 'bookingStatus'
>;

/** 'Assign to me' (nobody assigned), 'Re-assign to me' (someone else) or 'Assigned to you' (spec 2 §4). */
export const assignButtonLabel = (b: AssignFacts) =>
  b.isAssignedToMe ? 'bookingDetail.assignedToYou' : b.isUnAssigned ? 'bookingDetail.assignToMe' : 'bookingDetail.reassignToMe';

/** The shared assign rule (as on the calendar and the server); 'Assigned to you' is always disabled. */
export function assignButtonRefusal(b: AssignFacts): string | null {
  return assignRefusal(b) ?? (b.isAssignedToMe ? 'bookingDetail.assignedToYou' : null);
}

export const AssignBookingButton = ({ booking }: { booking: BookingDetail }) => {
  const assign = useBookingMutation((dp) => dp.assignBookingToMe(booking.id, booking.primaryClinicianId), {
    success: 'bookingDetail.assigned',
    failure: withReason('bookingDetail.assignFailed'),
  });
  return (
    <GuardedButton
      label={assignButtonLabel(booking)}
      refusal={assignButtonRefusal(booking)}
      pending={assign.isPending}
      onClick={() => assign.mutate()}
      variant="contained"
    />
  );
};
