import { useGetIdentity, useNotify } from 'react-admin';
import { withinCancelWindow, type BookingActionKey, type BookingDetail } from '../../domain/booking-detail';
import { rescheduleUrl } from '../calendar/calendarActions';
import { openInNewTab } from '../calendar/openInNewTab';
import { useRuntimeConfig } from '../calendar/useRuntimeConfig';
import { bookingActionItems } from './actionList';
import type { OpenDialog } from './dialogState';

/** Actions whose flow belongs to a later release: visibly disabled with this reason. */
const LATER: Partial<Record<BookingActionKey, string>> = {
  sendPrescription: 'bookingDetail.ui.notAvailable.later',
  labOrder: 'bookingDetail.ui.notAvailable.later',
  followUp: 'bookingDetail.ui.notAvailable.later',
};


/**
 * The Select Action list and what picking each does: a dialog, the cancel / no-show flow (inside the
 * 40-minute window the reason modal, beyond it a confirmation, POST /markPreNoShowCancel 'Pre mark No Show' and the
 * scheduling page in a new tab), or Reschedule (the public booking page in a new tab).
 */
export function useBookingActions(b: BookingDetail, onDialog: OpenDialog, now: () => number = Date.now) {
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const config = useRuntimeConfig();
  const publicUrl = config.data?.bookingPublicUrl;
  const actor = identity?.fullName ?? '';
  // Beyond the 40-minute window nothing is cancelled here: a confirmation says so, then the pre-mark (PreMarkDialog).
  const cancelFlow = (isNoShow: boolean) => {
    if (withinCancelWindow(b.appntStartEpochSec, Math.floor(now() / 1000))) onDialog({ kind: isNoShow ? 'noShow' : 'cancel' });
    else onDialog({ kind: 'preMark', isNoShow });
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
  return { items, pick, busy: false };
}
