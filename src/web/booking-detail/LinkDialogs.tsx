import type { BookingDetail } from '../../domain/booking-detail';
import { ConfirmDialog } from '../lab-shared/ConfirmDialog';
import { useDetailMutation } from './hooks';

interface Props { booking: BookingDetail; onClose: () => void }

/** Send Signup Link confirm: POST /sendSignUpLink/{id}. */
export const SendSignUpLinkDialog = ({ booking, onClose }: Props) => {
  const m = useDetailMutation(booking.id, (api) => api.sendSignUpLink(booking.id), { success: 'bookingDetail.signUpLinkSent', onSuccess: onClose });
  return <ConfirmDialog open title="bookingDetail.ui.titles.sendSignUpLink" content="bookingDetail.ui.titles.sendSignUpLinkText"
    contentArgs={{ email: booking.email }} confirmLabel="bookingDetail.ui.send" cancelLabel="bookingDetail.ui.cancel" loading={m.isPending}
    onConfirm={() => m.mutate()} onCancel={onClose} />;
};

/** Send payment link confirm: POST /sendPayLink/{id}. */
export const SendPayLinkDialog = ({ booking, onClose }: Props) => {
  const m = useDetailMutation(booking.id, (api) => api.sendPayLink(booking.id), { success: 'bookingDetail.payLinkSent', onSuccess: onClose });
  return <ConfirmDialog open title="bookingDetail.ui.titles.sendPayLink" content="bookingDetail.ui.titles.sendPayLinkText"
    contentArgs={{ email: booking.email }} confirmLabel="bookingDetail.ui.send" cancelLabel="bookingDetail.ui.cancel" loading={m.isPending}
    onConfirm={() => m.mutate()} onCancel={onClose} />;
};
