import { useState } from 'react';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { PRE_MARK_NO_SHOW_REASON } from '../../domain/booking-detail/booking-actions';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { rescheduleUrl } from '../../domain/bookings/booking-rules';
import { errorReason } from '../providers/errorReason';
import { openInNewTab } from '../providers/newTab';
import { useRuntimeConfig } from '../providers/useRuntimeConfig';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useBookingMutation } from '../shared/bookings/bookingHooks';

/** The external scheduling page of a cancel / no-show beyond the 40-minute window: the booking, the actor, actorType CL and noShow. */
export const cancelPageUrl = (base: string, bookingId: string, actor: string, isNoShow: boolean) =>
  `${rescheduleUrl(base, bookingId, actor)}&noShow=${isNoShow}`;

/**
 * Cancel / no-show more than 40 minutes ahead (spec 2 §4): the booking is not cancelled here. The dialog says so; Continue
 * records 'Pre mark No Show' (POST /markPreNoShowCancel), tells the truth (nothing is cancelled yet) and opens the scheduling
 * page in a new tab. A refusal (already pre-marked, final booking) is 'Failed to cancel booking' / 'Failed to mark booking as No Show',
 * and the dialog then gives the server's reason and opens the scheduling page to finish there.
 */
export const PreMarkDialog = ({ booking, isNoShow, onClose }: { booking: BookingDetail; isNoShow: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const config = useRuntimeConfig();
  const publicUrl = config.data?.bookingPublicUrl;
  // A refusal names its reason here (e.g. already pre-marked: finish on the scheduling page) and Continue opens that page.
  const [refusal, setRefusal] = useState<string | null>(null);
  const openSchedulingPage = () => {
    if (!publicUrl) notify('booking.noPublicBookingUrl', { type: 'warning' });
    else if (!openInNewTab(cancelPageUrl(publicUrl, booking.id, identity?.fullName ?? '', isNoShow)))
      notify('bookingDetail.ui.popupBlocked', { type: 'error' });
  };
  const m = useBookingMutation((dp) => dp.preMarkBooking(booking.id, isNoShow, PRE_MARK_NO_SHOW_REASON), {
    failure: (error) => {
      setRefusal(errorReason(error) ?? error.message);
      return { key: isNoShow ? 'bookingDetail.noShowFailed' : 'bookingDetail.cancelFailed' };
    },
    onSuccess: () => {
      notify('bookingDetail.ui.preMarked', { type: 'info' });
      onClose();
      openSchedulingPage();
    },
  });
  const what = isNoShow ? 'noShow' : 'cancel';
  if (refusal) {
    return (
      <ConfirmDialog
        open
        title={`bookingDetail.ui.titles.${isNoShow ? 'preMarkNoShow' : 'preMarkCancel'}`}
        content="bookingDetail.ui.preMarkRefused"
        contentArgs={{ reason: refusal }}
        confirmLabel="bookingDetail.ui.openSchedulingPage"
        cancelLabel="ra.action.close"
        onConfirm={() => {
          openSchedulingPage();
          onClose();
        }}
        onCancel={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      title={`bookingDetail.ui.titles.${isNoShow ? 'preMarkNoShow' : 'preMarkCancel'}`}
      content="bookingDetail.ui.titles.preMarkText"
      contentArgs={{ what: translate(`bookingDetail.ui.preMarkWhat.${what}`), what2: translate(`bookingDetail.ui.preMarkWhat.${what}2`) }}
      confirmLabel="bookingDetail.ui.continue"
      cancelLabel="ra.action.close"
      loading={m.isPending}
      onConfirm={() => {
        if (!m.isPending) m.mutate();
      }}
      onCancel={onClose}
    />
  );
};
