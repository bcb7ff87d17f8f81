import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { appointmentNotesSchema, cancelBookingSchema, clinicalNotesSchema, markConfirmedSchema } from '../../domain/booking-detail/booking-requests';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { BookingDemographics } from './BookingDemographics';
import { useBookingMutation, withReason } from '../shared/bookings/bookingHooks';
import { TextReasonDialog } from './TextReasonDialog';

interface Props {
  booking: BookingDetail;
  onClose: () => void;
}

/** Confirm booking with a reason: PATCH /markConfirmed/{id}. */
export const MarkConfirmedDialog = ({ booking, onClose }: Props) => {
  const m = useBookingMutation((dp, reason: string) => dp.confirmBooking(booking.id, reason), {
    success: 'bookingDetail.confirmed',
    failure: withReason('bookingDetail.confirmFailed'),
    onSuccess: onClose,
  });
  return (
    <TextReasonDialog
      title="bookingDetail.ui.titles.confirm"
      label="bookingDetail.ui.fields.reason"
      schema={markConfirmedSchema}
      field="reasonOrComments"
      pending={m.isPending}
      onSubmit={(t) => m.mutate(t)}
      onClose={onClose}
    />
  );
};

/** Appointment notes (PATCH /addNotes/{id}); as the Booking Note, with the booking's demographics beside it. */
export const AppointmentNotesDialog = ({ booking, onClose, withDemographics }: Props & { withDemographics?: boolean }) => {
  const m = useBookingMutation((dp, notes: string) => dp.addBookingNotes(booking.id, notes), {
    success: 'bookingDetail.appointmentNotesAdded',
    onSuccess: onClose,
  });
  return (
    <TextReasonDialog
      title={withDemographics ? 'bookingDetail.ui.titles.bookingNote' : 'bookingDetail.ui.titles.appointmentNotes'}
      label="bookingDetail.ui.fields.notes"
      schema={appointmentNotesSchema}
      field="notes"
      pending={m.isPending}
      onSubmit={(t) => m.mutate(t)}
      onClose={onClose}
      aside={withDemographics ? <BookingDemographics booking={booking} /> : undefined}
    />
  );
};

/** Clinician/Charting notes: PATCH /addClinicalNotes/{id}. */
export const ClinicalNotesDialog = ({ booking, onClose }: Props) => {
  const m = useBookingMutation((dp, notes: string) => dp.addBookingClinicalNotes(booking.id, notes), {
    success: 'bookingDetail.clinicalNotesAdded',
    onSuccess: onClose,
  });
  return (
    <TextReasonDialog
      title="bookingDetail.ui.titles.clinicalNotes"
      label="bookingDetail.ui.fields.notes"
      schema={clinicalNotesSchema}
      field="notes"
      pending={m.isPending}
      onSubmit={(t) => m.mutate(t)}
      onClose={onClose}
    />
  );
};

/** Cancel or no-show reason (inside the 40-minute window): DELETE /cancel/{id} with the reason and the no-show flag. */
export const CancelDialog = ({ booking, onClose, isNoShow }: Props & { isNoShow: boolean }) => {
  const translate = useTranslate();
  const m = useBookingMutation((dp, reason: string) => dp.cancelBooking(booking.id, reason, isNoShow), {
    success: isNoShow ? 'bookingDetail.noShowMarked' : 'bookingDetail.cancelled',
    failure: () => ({ key: isNoShow ? 'bookingDetail.noShowFailed' : 'bookingDetail.cancelFailed' }),
    onSuccess: onClose,
  });
  return (
    <TextReasonDialog
      title={isNoShow ? 'bookingDetail.ui.titles.noShow' : 'bookingDetail.ui.titles.cancel'}
      label="bookingDetail.ui.fields.reason"
      schema={cancelBookingSchema}
      field="reasonOrComments"
      body={{ isNoShow }}
      closeLabel="ra.action.close"
      pending={m.isPending}
      onSubmit={(t) => m.mutate(t)}
      onClose={onClose}
      aside={
        <Typography variant="body2">{`${booking.firstName} ${booking.lastName} · ${translate('bookingDetail.ui.fields.bookingId')}: ${booking.id}`}</Typography>
      }
    />
  );
};
