import { useGetIdentity, useNotify } from 'react-admin';
import { PRE_MARK_NO_SHOW_REASON, withinCancelWindow, type BookingActionKey, type BookingDetail } from '../../domain/booking-detail';
import { rescheduleUrl } from '../calendar/calendarActions';
import { openInNewTab } from '../calendar/openInNewTab';
import { useRuntimeConfig } from '../calendar/useRuntimeConfig';
import { bookingActionItems } from './actionList';
import type { OpenDialog } from './dialogState';
import { useDetailMutation } from './hooks';

/** Actions whose flow belongs to a later release: visibly disabled with this reason. */
const LATER: Partial<Record<BookingActionKey, string>> = {
  sendPrescription: 'bookingDetail.ui.notAvailable.later',
  labOrder: 'bookingDetail.ui.notAvailable.later',
  followUp: 'bookingDetail.ui.notAvailable.later',
};

/** The external scheduling page of a cancel / no-show beyond the 40-minute window: the booking, the actor, actorType CL and noShow. */
export const cancelPageUrl = (base: string, bookingId: string, actor: string, isNoShow: boolean) =>
  `${rescheduleUrl(base, bookingId, actor)}&noShow=${isNoShow}`;

/**
 * The Select Action list and what picking each does: a dialog, the cancel / no-show flow (inside the
 * 40-minute window the reason modal, beyond it POST /markPreNoShowCancel 'Pre mark No Show' and the
 * scheduling page in a new tab), or Reschedule (the public booking page in a new tab).
 */
export function useBookingActions(b: BookingDetail, onDialog: OpenDialog, now: () => number = Date.now) {
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const config = useRuntimeConfig();
  const publicUrl = config.data?.bookingPublicUrl;
  const actor = identity?.fullName ?? '';
  const preMark = useDetailMutation(b.id, (api, isNoShow: boolean) => api.markPreNoShowCancel(b.id, isNoShow, PRE_MARK_NO_SHOW_REASON), {
    success: (_, isNoShow) => ({ key: isNoShow ? 'bookingDetail.noShowMarked' : 'bookingDetail.cancelled' }),
    failure: (_, isNoShow) => ({ key: isNoShow ? 'bookingDetail.noShowFailed' : 'bookingDetail.cancelFailed' }),
    onSuccess: (_, isNoShow) => {
      if (!publicUrl) notify('booking.noPublicBookingUrl', { type: 'warning' });
      else if (!openInNewTab(cancelPageUrl(publicUrl, b.id, actor, isNoShow))) notify('bookingDetail.ui.popupBlocked', { type: 'error' });
    },
  });
  const cancelFlow = (isNoShow: boolean) => {
    if (withinCancelWindow(b.appntStartEpochSec, Math.floor(now() / 1000))) onDialog({ kind: isNoShow ? 'noShow' : 'cancel' });
    else preMark.mutate(isNoShow);
  };
  const items = bookingActionItems(b, {
    ...LATER,
    reschedule: publicUrl || config.isPending ? null : 'booking.noPublicBookingUrl',
  });
  const pick = (key: BookingActionKey) => {
    switch (key) {
      case 'cancel': return cancelFlow(false);
      case 'noShow': return cancelFlow(true);
      case 'reschedule':
        if (publicUrl && !openInNewTab(rescheduleUrl(publicUrl, b.id, actor))) notify('bookingDetail.ui.popupBlocked', { type: 'error' });
        return undefined;
      case 'markConfirmed': case 'appointmentNotes': case 'clinicalNotes': case 'completeClinical': case 'enterPaymentInfo':
      case 'chartingNotes': case 'visitSummary':
        return onDialog({ kind: key });
      default:
        return undefined;
    }
  };
  return { items, pick, busy: preMark.isPending };
}
