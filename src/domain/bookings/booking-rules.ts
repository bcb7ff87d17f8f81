import { actionRefusal, BOOKING_ACTIONS, CANCEL_WINDOW_SECONDS, withinCancelWindow, type PermissionFacts } from '../booking-detail/booking-actions';
import { lineNet } from '../booking-detail/booking-money';
import { type BookingProduct } from '../booking-detail/booking-detail';
import { BOOKING_REFUSAL_TEXT } from '../booking-detail/booking-access';
import { bookingTransitionRefusal, CONFIRMED_STATUSES } from './bookings';
import { BOOKING_STATUSES } from '../shared/statuses';

/**
 * The booking rules every screen and every server route share (spec 2 §4, §5, §6): who may move a booking to which
 * status from which path, the money of Collect Payment, and plausible dates. One implementation: the server refuses
 * with these texts, the portal offers only what they allow and shows the same reason.
 */

// ---------------------------------------------------------------- status changes

export const STATUS_RULE_TEXT = {
  completeClinicalForm: 'Use Complete clinical service on the booking detail: it needs the service minutes, notes and acknowledgement',
  completeBookingForm: 'Use Complete Booking on the booking detail: it needs the end time, duration, payment and closing notes',
} as const;

/** The action whose permission rule governs a move to `to` (the same rule as the booking detail's action). */
function ruleOf(to: string) {
  const key = (CONFIRMED_STATUSES as readonly string[]).includes(to)
    ? 'markConfirmed'
    : to === 'CANCELLED'
      ? 'cancel'
      : to === 'CANCELLED_NO_SHOW'
        ? 'noShow'
        : 'completeClinical';
  return BOOKING_ACTIONS.find((a) => a.key === key)!;
}

export type StatusFacts = PermissionFacts & { appntStartEpochSec: number | string };

/**
 * Why the generic status update (the calendar's Update status, PATCH /updateStatus) may not move this booking to `to`,
 * or null. The action permission check of the matching detail action first (read-only, clinical access); then the
 * transition rule; then the completions, which need their forms' required fields and so are refused here; cancel and no-show only
 * inside the 40-minute window (beyond it the detail's pre-mark flow applies); then the transition rule.
 */
export function statusUpdateRefusal(b: StatusFacts, to: string, nowSec: number): string | null {
  // A final booking answers with the transition rule's text ('Booking already cancelled or completed').
  const permission = actionRefusal(b, { ...ruleOf(to), allowTerminal: true });
  if (permission) return permission;
  const transition = bookingTransitionRefusal(b.bookingStatus, to);
  if (transition) return transition;
  if (to === 'CLINICAL_SERVICE_COMPLETED') return STATUS_RULE_TEXT.completeClinicalForm;
  if (to === 'COMPLETED') return STATUS_RULE_TEXT.completeBookingForm;
  if (
    (to === 'CANCELLED' || to === 'CANCELLED_NO_SHOW') &&
    typeof b.appntStartEpochSec === 'number' &&
    !withinCancelWindow(b.appntStartEpochSec, nowSec)
  )
    return BOOKING_REFUSAL_TEXT.outsideCancelWindow;
  return null;
}

/** The statuses the generic status update offers for this booking now. */
export const statusChoices = (b: StatusFacts, nowSec: number) =>
  BOOKING_STATUSES.filter((to) => to !== 'UNKNOWN' && statusUpdateRefusal(b, to, nowSec) === null);

/**
 * Why the status update cannot be opened at all (no status it could move to): the permission check of a
 * non-clinical action first, else the first refusal met; null when some status is offered.
 */
export function statusUpdateBlocked(b: StatusFacts, nowSec: number): string | null {
  if (statusChoices(b, nowSec).length) return null;
  return actionRefusal(b, ruleOf('CANCELLED')) ?? statusUpdateRefusal(b, 'CANCELLED', nowSec) ?? 'No status change is possible now';
}

/** Assign to me / Re-assign to me: clinical write access, not read-only, not on a terminal booking (every screen, the server). */
export function assignRefusal(b: PermissionFacts & { hasWriteAccessToClinicalData: boolean }): string | null {
  const permission = actionRefusal(b, { clinical: true, allowTerminal: false });
  if (permission) return permission;
  if (!b.hasWriteAccessToClinicalData)
    return `Action not permitted. Reason: ${b.restrictClinicalDataAccessReason ?? 'no write access to clinical data'}`;
  return null;
}

/** The viewer's role flags the detail's actions depend on beyond the permission check (spec 2 §6). */
export interface ActionViewer {
  clinicianOrSuperAdmin: boolean;
  productOrderAccess: boolean;
}

export const VISIT_NOT_HELD_TEXT = 'Action not permitted. The visit did not take place: %{status}';

/**
 * Refusals of the detail's actions that the role or the visit decide, so no one is offered an action that can only fail:
 * charting / clinician notes are written by clinicians and super admins; payment needs product and order data access;
 * a visit summary needs a visit (not on CANCELLED or CANCELLED_NO_SHOW). The server refuses the same.
 */
export function viewerActionRefusal(key: string, status: string, v: ActionViewer): string | null {
  if ((key === 'chartingNotes' || key === 'clinicalNotes') && !v.clinicianOrSuperAdmin)
    return `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noClinicalNotesAccess}`;
  if (key === 'enterPaymentInfo' && !v.productOrderAccess) return `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noProductAccess}`;
  if (key === 'visitSummary' && (status === 'CANCELLED' || status === 'CANCELLED_NO_SHOW')) return VISIT_NOT_HELD_TEXT.replace('%{status}', status);
  return null;
}

// ---------------------------------------------------------------- money

export const PAYMENT_TEXT = {
  negative: 'Amounts cannot be negative',
  cents: 'Enter dollars and cents (at most 2 decimals)',
  discountTooHigh: 'The discount cannot be more than the amount due (%{due})',
  collectedTooHigh: 'The collected amount cannot be more than the amount due after the discount (%{due})',
  nothing: 'Enter the amount collected or a discount',
} as const;

const toCents = (dollars: number) => Math.round(dollars * 100);
const isCents = (x: number) => Number.isFinite(x) && Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;
const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;

/** A booking line with what was already collected on it in cash (dollars). */
export type PayableLine = Pick<BookingProduct, 'unitPrice' | 'qty' | 'discountType' | 'discountValue'> & { collected?: number | null };

/** What is still due on a line, in cents: its net after discounts less what was already collected. */
export const lineDueCents = (p: PayableLine) => Math.max(0, toCents(lineNet(p)) - toCents(p.collected ?? 0));

/**
 * Why a Collect Payment row is refused for this line, or null (spec 2 §3: collected, discount): amounts non-negative,
 * in cents; the discount at most what is due; collected at most what is due after the discount; something entered.
 */
export function collectRowRefusal(line: PayableLine, row: { collected: number; discount: number }): string | null {
  if (!isCents(row.collected) || !isCents(row.discount)) return PAYMENT_TEXT.cents;
  if (row.collected < 0 || row.discount < 0) return PAYMENT_TEXT.negative;
  const due = lineDueCents(line);
  if (toCents(row.discount) > due) return PAYMENT_TEXT.discountTooHigh.replace('%{due}', dollars(due));
  if (toCents(row.collected) > due - toCents(row.discount))
    return PAYMENT_TEXT.collectedTooHigh.replace('%{due}', dollars(due - toCents(row.discount)));
  if (toCents(row.collected) === 0 && toCents(row.discount) === 0) return PAYMENT_TEXT.nothing;
  return null;
}

/** After a valid row: the line is paid when the collected amount and the discount cover what was due. */
export const rowPaysLine = (line: PayableLine, row: { collected: number; discount: number }) =>
  toCents(row.collected) + toCents(row.discount) >= lineDueCents(line);

// ---------------------------------------------------------------- plausible dates

export const DATE_TEXT = {
  sampleInFuture: 'Sample Taken Date cannot be in the future',
  sampleTooOld: 'Sample Taken Date cannot be more than a year ago',
  endBeforeStart: 'Actual Appointment End cannot be before the appointment start',
  endInFuture: 'Actual Appointment End cannot be in the future',
  dobInFuture: 'Date of birth cannot be in the future',
  dobTooOld: 'Date of birth cannot be more than 130 years ago',
  notStarted: 'The appointment has not started yet',
} as const;

const DAY_MS = 86_400_000;
/** Dates are compared as calendar days; a day ahead is tolerated for time zones ahead of the server's. */
const dayOf = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** Sample taken: a real date, not in the future, not more than a year back. */
export function sampleDateRefusal(isoDate: string, nowMs: number): string | null {
  const d = dayOf(isoDate);
  if (Number.isNaN(d)) return BOOKING_REFUSAL_TEXT.sampleTakenDate;
  if (d > nowMs + DAY_MS) return DATE_TEXT.sampleInFuture;
  if (d < nowMs - 366 * DAY_MS) return DATE_TEXT.sampleTooOld;
  return null;
}

/** Date of birth: not in the future, not more than 130 years back. */
export function birthDateRefusal(isoDate: string | null, nowMs: number): string | null {
  if (!isoDate) return null;
  const d = dayOf(isoDate);
  if (Number.isNaN(d)) return DATE_TEXT.dobInFuture;
  if (d > nowMs) return DATE_TEXT.dobInFuture;
  if (d < nowMs - 130 * 366 * DAY_MS) return DATE_TEXT.dobTooOld;
  return null;
}

/** Complete Booking's actual end: after the appointment start and not in the future (5 minutes' clock tolerance). */
export function actualEndRefusal(actualEndIso: string, appntStartMs: number, nowMs: number): string | null {
  const end = Date.parse(actualEndIso);
  if (end <= appntStartMs) return DATE_TEXT.endBeforeStart;
  if (end > nowMs + 5 * 60_000) return DATE_TEXT.endInFuture;
  return null;
}

/** Completing (clinical service or the booking) needs the appointment to have started (or to start within 40 minutes). */
export const completionRefusal = (appntStartMs: number, nowMs: number) =>
  appntStartMs - nowMs > CANCEL_WINDOW_SECONDS * 1000 ? DATE_TEXT.notStarted : null;

/** The public scheduling page of a booking: {bookingPublicUrl}/choose-slot?id=&actor=&actorType=CL. */
export function rescheduleUrl(base: string, bookingId: string, actor: string) {
  const query = new URLSearchParams({ id: bookingId, actor, actorType: 'CL' });
  return `${base.replace(/\/+$/, '')}/choose-slot?${query.toString()}`;
}
