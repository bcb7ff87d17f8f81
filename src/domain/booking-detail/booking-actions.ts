import { isPending, isTerminal } from '../bookings/bookings';
import type { BookingDetail } from './booking-detail';

/**
 * Booking actions (spec 2 §2.3, §4, §5): the action list, the other booking writes, the action permission check and
 * the 40-minute cancel / no-show window.
 */

/** The 13 actions of the action list (spec 2 §2.3). clinical: also needs clinical data read access (spec 2 §6). */
export const BOOKING_ACTIONS = [
  { key: 'markConfirmed', label: 'Mark Booking Confirmed', clinical: false, allowTerminal: false },
  { key: 'appointmentNotes', label: 'Submit Appointment Notes', clinical: false, allowTerminal: false },
  { key: 'clinicalNotes', label: 'Submit Clinician/Charting Notes', clinical: true, allowTerminal: false },
  { key: 'cancel', label: 'Cancel Booking [pro active]', clinical: false, allowTerminal: false },
  { key: 'noShow', label: 'Mark as No Show', clinical: false, allowTerminal: false },
  { key: 'reschedule', label: 'Reschedule', clinical: false, allowTerminal: false },
  { key: 'completeClinical', label: 'Complete clinical service', clinical: true, allowTerminal: false },
  { key: 'enterPaymentInfo', label: 'Enter payment info', clinical: false, allowTerminal: false },
  { key: 'chartingNotes', label: 'Create Charting Notes', clinical: false, allowTerminal: true },
  { key: 'sendPrescription', label: 'Send Prescription', clinical: false, allowTerminal: true },
  { key: 'visitSummary', label: 'Send visit summary to patient', clinical: true, allowTerminal: true },
  { key: 'labOrder', label: 'Lab order request', clinical: true, allowTerminal: true },
  { key: 'followUp', label: 'Schedule Follow-up Appointment', clinical: false, allowTerminal: true },
] as const;
export type BookingActionKey = (typeof BOOKING_ACTIONS)[number]['key'];

/**
 * Other booking writes and whether they are clinical / allowed on a terminal booking
 * (the patient-info update, products, kit creation, payment, completion, identity review).
 */
export const BOOKING_WRITES = {
  updatePatientInfo: { clinical: false, allowTerminal: false },
  product: { clinical: false, allowTerminal: false },
  orderKit: { clinical: true, allowTerminal: false },
  collectPayment: { clinical: false, allowTerminal: false },
  sendLink: { clinical: false, allowTerminal: true },
  completeBooking: { clinical: false, allowTerminal: false },
  verifyIdentity: { clinical: false, allowTerminal: false },
  uploadDocument: { clinical: false, allowTerminal: false },
  assign: { clinical: true, allowTerminal: false },
} as const;

export type PermissionFacts = Pick<
  BookingDetail,
  'isReadOnly' | 'readOnlyReason' | 'hasReadAccessToClinicalData' | 'restrictClinicalDataAccessReason' | 'bookingStatus'
>;

/**
 * The action permission check (spec 2 §5): read-only booking, then clinical data access for clinical actions,
 * then a terminal status (for actions not allowed there). Returns the refusal text or null.
 */
export function actionRefusal(b: PermissionFacts, rule: { clinical: boolean; allowTerminal: boolean }): string | null {
  if (b.isReadOnly) return `Action not permitted. Reason: ${b.readOnlyReason ?? 'read only'}`;
  if (rule.clinical && !b.hasReadAccessToClinicalData)
    return `Action not permitted. Reason: ${b.restrictClinicalDataAccessReason ?? 'no clinical data access'}`;
  if (!rule.allowTerminal && isTerminal(b.bookingStatus)) return `Action not permitted. Booking reached terminal status: ${b.bookingStatus}`;
  return null;
}

/** Mark Confirmed only from a status containing PENDING (spec 2 §4). */
export const confirmRefusal = (status: string) => (isPending(status) ? null : 'Booking is not in pending confirmation status');
/** Mark Booking Confirmed is listed only while pending; the rest are always listed. */
export const isActionHidden = (key: BookingActionKey, status: string) => key === 'markConfirmed' && !isPending(status);

/** Cancel / no-show window (spec 2 §4, §9): 2400 s. */
export const CANCEL_WINDOW_SECONDS = 2400;
/** True when the start is 40 minutes or less away or already past: the reason modal and the cancel call; else pre-mark + scheduling page. */
export const withinCancelWindow = (appntStartEpochSec: number, nowEpochSec: number) => appntStartEpochSec - nowEpochSec <= CANCEL_WINDOW_SECONDS;
export const PRE_MARK_NO_SHOW_REASON = 'Pre mark No Show';
