import type { BookingDetail } from '../../domain/booking-detail';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useBookingMutation } from './hooks';

interface Props {
  booking: BookingDetail;
  onClose: () => void;
}

/** Send Signup Link confirm: POST /sendSignUpLink/{id}. */
export const SendSignUpLinkDialog = ({ booking, onClose }: Props) => {
  const withKey = useIdempotencyKey(); // a double click mails once
  const m = useBookingMutation((dp) => withKey((key) => dp.sendBookingSignUpLink(booking.id, key)), {
    success: 'bookingDetail.signUpLinkSent',
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      title="bookingDetail.ui.titles.sendSignUpLink"
      content="bookingDetail.ui.titles.sendSignUpLinkText"
      contentArgs={{ email: booking.email }}
      confirmLabel="bookingDetail.ui.send"
      cancelLabel="ra.action.cancel"
      loading={m.isPending}
      onConfirm={() => m.mutate()}
      onCancel={onClose}
    />
  );
};

/** Send payment link confirm: POST /sendPayLink/{id}. */
export const SendPayLinkDialog = ({ booking, onClose }: Props) => {
  const withKey = useIdempotencyKey(); // a double click mails once
  const m = useBookingMutation((dp) => withKey((key) => dp.sendBookingPayLink(booking.id, key)), {
    success: 'bookingDetail.payLinkSent',
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      title="bookingDetail.ui.titles.sendPayLink"
      content="bookingDetail.ui.titles.sendPayLinkText"
      contentArgs={{ email: booking.email }}
      confirmLabel="bookingDetail.ui.send"
      cancelLabel="ra.action.cancel"
      loading={m.isPending}
      onConfirm={() => m.mutate()}
      onCancel={onClose}
    />
  );
};
