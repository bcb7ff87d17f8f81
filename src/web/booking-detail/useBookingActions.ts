import { useGetIdentity, useNotify } from 'react-admin';
import { BOOKING_ACTIONS, withinCancelWindow, type BookingActionKey } from '../../domain/booking-detail/booking-actions';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { viewerActionRefusal, type ActionViewer } from '../../domain/bookings/booking-rules';
import { rescheduleUrl } from '../../domain/bookings/booking-rules';
import { openInNewTab } from '../providers/newTab';
import { useRuntimeConfig } from '../providers/useRuntimeConfig';
import { bookingActionItems } from './actionList';
import type { OpenDialog } from './dialogState';
import { useViewer } from '../shared/bookings/bookingHooks';
import { usePortalPermissions } from '../providers/permissions';

/** The role and visit refusals of the shared rules for each action. */
const viewerRefusals = (status: string, viewer: ActionViewer) =>
  Object.fromEntries(BOOKING_ACTIONS.map((a) => [a.key, viewerActionRefusal(a.key, status, viewer)])) as Partial<
    Record<BookingActionKey, string | null>
  >;

/**
 * The Select Action list and what picking each does: a dialog, the cancel / no-show flow (inside the
 * 40-minute window the reason modal, beyond it a confirmation, POST /markPreNoShowCancel 'Pre mark No Show' and the
 * scheduling page in a new tab), or Reschedule (the public booking page in a new tab).
 */
export function useBookingActions(b: BookingDetail, onDialog: OpenDialog, now: () => number = Date.now) {
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const config = useRuntimeConfig();
  const viewer = useViewer();
  const { permissions } = usePortalPermissions();
  const publicUrl = config.data?.bookingPublicUrl;
  const actor = identity?.fullName ?? '';
  // Beyond the 40-minute window nothing is cancelled here: a confirmation says so, then the pre-mark (PreMarkDialog).
  const cancelFlow = (isNoShow: boolean) => {
    if (withinCancelWindow(b.appntStartEpochSec, Math.floor(now() / 1000))) onDialog({ kind: isNoShow ? 'noShow' : 'cancel' });
    else onDialog({ kind: 'preMark', isNoShow });
  };
  const roles = viewerRefusals(b.bookingStatus, viewer);
  const items = bookingActionItems(b, {
    ...roles,
    reschedule: publicUrl || config.isPending ? null : 'booking.noPublicBookingUrl',
    sendPrescription: roles.sendPrescription ?? (permissions?.clinician && !permissions.readOnly ? null : 'prescription.cliniciansOnly'),
  });
  const pick = (key: BookingActionKey) => {
    switch (key) {
      case 'cancel':
        return cancelFlow(false);
      case 'noShow':
        return cancelFlow(true);
      case 'reschedule':
        if (publicUrl && !openInNewTab(rescheduleUrl(publicUrl, b.id, actor))) notify('bookingDetail.ui.popupBlocked', { type: 'error' });
        return undefined;
      case 'markConfirmed':
      case 'appointmentNotes':
      case 'clinicalNotes':
      case 'completeClinical':
      case 'enterPaymentInfo':
      case 'chartingNotes':
      case 'visitSummary':
      case 'sendPrescription': // e-prescribing
      case 'labOrder':
      case 'followUp': // the lab order requisition wizard; the follow-up choices
        return onDialog({ kind: key });
      default:
        return undefined;
    }
  };
  return { items, pick, busy: false };
}
