import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import type { PortalDataProvider } from '../providers/dataProvider';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useBookingMutation } from '../shared/bookings/bookingHooks';

interface Props {
  booking: BookingDetail;
  onClose: () => void;
}

/** The links a booking can mail its patient: the call, its success text and its dialog's texts. */
const LINKS = {
  signUp: {
    send: 'sendBookingSignUpLink',
    success: 'bookingDetail.signUpLinkSent',
    title: 'bookingDetail.ui.titles.sendSignUpLink',
    content: 'bookingDetail.ui.titles.sendSignUpLinkText',
  },
  pay: {
    send: 'sendBookingPayLink',
    success: 'bookingDetail.payLinkSent',
    title: 'bookingDetail.ui.titles.sendPayLink',
    content: 'bookingDetail.ui.titles.sendPayLinkText',
  },
} as const satisfies Record<string, { send: keyof PortalDataProvider; success: string; title: string; content: string }>;

/** A confirm that mails the patient a link (POST /sendSignUpLink/{id} or /sendPayLink/{id}); a double click mails once. */
function SendLinkDialog({ booking, onClose, link }: Props & { link: keyof typeof LINKS }) {
  const { send, success, title, content } = LINKS[link];
  const withKey = useIdempotencyKey();
  const m = useBookingMutation((dp) => withKey((key) => dp[send](booking.id, key)), { success, onSuccess: onClose });
  return (
    <ConfirmDialog
      open
      title={title}
      content={content}
      contentArgs={{ email: booking.email }}
      confirmLabel="bookingDetail.ui.send"
      cancelLabel="ra.action.cancel"
      loading={m.isPending}
      onConfirm={() => m.mutate()}
      onCancel={onClose}
    />
  );
}

export const SendSignUpLinkDialog = (props: Props) => <SendLinkDialog {...props} link="signUp" />;
export const SendPayLinkDialog = (props: Props) => <SendLinkDialog {...props} link="pay" />;
