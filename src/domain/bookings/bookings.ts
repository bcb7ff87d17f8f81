import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus } from '../shared/statuses';
import { NO_CALENDAR_TEXT } from '../clinician/clinical-gate';
import { inPatientScope } from '../shared/scope';
import { DATE_RANGE_TEXT, INVALID_TAG_TEXT, UNSUPPORTED_SEARCH_TEXT } from '../i18n/en/booking';

/** Booking status groups (spec 2 §4). */
export const PENDING_STATUSES = [
  'BOOKED_PENDING_CONFIRMATION',
  'PT_RESCHEDULED_PENDING_CONFIRMATION',
  'CL_RESCHEDULED_PENDING_CONFIRMATION',
] as const;
export const CONFIRMED_STATUSES = ['BOOKED_CONFIRMED', 'PT_RESCHEDULED_CONFIRMED', 'CL_RESCHEDULED_CONFIRMED'] as const;
export const TERMINAL_STATUSES = ['CANCELLED_NO_SHOW', 'CANCELLED', 'COMPLETED'] as const;

export const isTerminal = (s: string) => (TERMINAL_STATUSES as readonly string[]).includes(s);
export const isPending = (s: string) => s.includes('PENDING');

/** The confirmed status a pending one becomes (BOOKED_PENDING_CONFIRMATION -> BOOKED_CONFIRMED, ...). */
export const confirmedFor = (s: string): BookingStatus | null =>
  (PENDING_STATUSES as readonly string[]).includes(s) ? (s.replace('_PENDING_CONFIRMATION', '_CONFIRMED') as BookingStatus) : null;

/**
 * Allowed status transitions (the spec does not show them; defined here): a pending booking to its confirmed
 * status; any non-terminal booking to CLINICAL_SERVICE_COMPLETED, CANCELLED, CANCELLED_NO_SHOW or COMPLETED;
 * nothing ever leaves a terminal status.
 */
export function bookingTransitionRefusal(from: string, to: string): string | null {
  if (!(BOOKING_STATUSES as readonly string[]).includes(to) || to === 'UNKNOWN') return `unknown booking status ${to}`;
  if (isTerminal(from)) return 'Booking already cancelled or completed';
  if (from === to) return `booking is already ${to}`;
  if ((CONFIRMED_STATUSES as readonly string[]).includes(to)) {
    return confirmedFor(from) === to ? null : 'Booking is not in pending confirmation status';
  }
  if ((PENDING_STATUSES as readonly string[]).includes(to)) return 'a booking cannot be set back to pending';
  if (to === 'CLINICAL_SERVICE_COMPLETED' && from === 'CLINICAL_SERVICE_COMPLETED') return 'already completed clinically';
  return null;
}

/** Tag or label choices (spec 2 §4); 'Custom Label' means free text. */
export const BOOKING_TAGS = [
  'Pending_Confirm',
  'Confirmed',
  'Done',
  'No-Show',
  'Paid',
  'Running_Late',
  'Rescheduled',
  'Need Reminder',
  'Reminder-Call-Done',
  'Reminder-SMS-Done',
  'Self-Checkin-Pending',
  'Self-Checkin-Complete',
] as const;

/** Search (spec 2 §3/§5). */
export const DATE_RANGE_LIMIT_DAYS = 15;
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const addDays = (iso: string, days: number) => new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10);

/** 'Date range cannot be more than 15 days'; the check tolerates up to 16 (spec 2 §5): end - start <= 16 days. */
export const DATE_RANGE_TOLERANCE_DAYS = 16;
export const dateRangeTooLong = (from: string, to: string) => dayNumber(to) - dayNumber(from) > DATE_RANGE_TOLERANCE_DAYS;

/** Changing the start moves the end to start + 15 when the end is before the start or more than 15 days later. */
export function endAfterStartChange(from: string, to: string): string {
  const d = dayNumber(to) - dayNumber(from);
  return d < 0 || d > DATE_RANGE_LIMIT_DAYS ? addDays(from, DATE_RANGE_LIMIT_DAYS) : to;
}

/** Default search range: 14 days back to 1 day ahead. */
export const defaultSearchRange = (today: string) => ({ fromDate: addDays(today, -14), toDate: addDays(today, 1) });

const isoDate = z.iso.date();
const paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  perPage: z.number().int().min(1).max(500).default(100),
  queryType: z.enum(['ALL', 'SELF', 'UNASSIGNED']).default('ALL'),
};
export const BOOKING_SEARCH_TYPES = [
  'TODAY',
  'BOOKING_ID',
  'LASTNAME_DOB',
  'DATE_RANGE',
  'MOBILE_NO',
  'EMAIL_ID',
  'UNASSIGNED',
  'BOOKING_STATUS',
] as const;

export const findBookingsSchema = z.discriminatedUnion(
  'searchType',
  [
    z.strictObject({ searchType: z.literal('TODAY'), ...paging }),
    z.strictObject({
      searchType: z.literal('BOOKING_ID'),
      bookingId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{1,40}$/),
      ...paging,
    }),
    z.strictObject({ searchType: z.literal('LASTNAME_DOB'), lastName: z.string().trim().min(1).max(100), dob: isoDate, ...paging }),
    z
      .strictObject({ searchType: z.literal('DATE_RANGE'), fromDate: isoDate, toDate: isoDate, ...paging })
      .refine((v) => v.fromDate <= v.toDate, { message: 'toDate is before fromDate', path: ['toDate'] })
      .refine((v) => !dateRangeTooLong(v.fromDate, v.toDate), { message: DATE_RANGE_TEXT, path: ['toDate'] }),
    z.strictObject({ searchType: z.literal('MOBILE_NO'), mobileNo: z.string().regex(/^\d{10}$/, 'Mobile number is 10 digits'), ...paging }),
    z.strictObject({ searchType: z.literal('EMAIL_ID'), emailId: z.string().trim().min(3).max(200), ...paging }),
    z.strictObject({ searchType: z.literal('UNASSIGNED'), ...paging }),
    z.strictObject({ searchType: z.literal('BOOKING_STATUS'), bookingStatus: z.enum(BOOKING_STATUSES), ...paging }),
  ],
  { error: UNSUPPORTED_SEARCH_TEXT },
);
export type FindBookings = z.infer<typeof findBookingsSchema>;

/** A status update needs a reason (spec 3 §5's text): the form and the server refuse an empty one with it. */
export const STATUS_REASON_REQUIRED_TEXT = 'Please enter a reason';
export const updateStatusSchema = z.strictObject({
  bookingStatus: z.enum(BOOKING_STATUSES),
  reasonOrComments: z.string().trim().min(1, STATUS_REASON_REQUIRED_TEXT).max(2000),
});
/** A custom label: not empty ('Please enter a valid Tag'), at most 64 characters (said so). */
export const TAG_MAX_LENGTH = 64;
export const TAG_TOO_LONG_TEXT = `${INVALID_TAG_TEXT}: at most ${TAG_MAX_LENGTH} characters`;
export const tagSchema = z.strictObject({ label: z.string().trim().min(1, INVALID_TAG_TEXT).max(TAG_MAX_LENGTH, TAG_TOO_LONG_TEXT) });

/** Calendar range query: the visible range only (at most 45 days: a month view with its edges). */
export const calendarQuerySchema = z
  .strictObject({
    date: isoDate.optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    location: z.enum(['ALL', 'CHARLESTON_NV_89104', 'ONLINE', 'DENVER_CAREHUB_01']).default('ALL'),
    type: z.enum(['ALL', 'SELF', 'UNASSIGNED']).default('ALL'),
    clinicianId: z.guid().optional(),
    /** events: the calendar's light projection (what an event shows and its actions need, no contact or clinical data). */
    view: z.enum(['rows', 'events']).default('rows'),
  })
  .refine((v) => !!v.date || (!!v.from && !!v.to), { message: 'give date, or from and to' })
  .refine((v) => !v.from || !v.to || (Date.parse(v.to) > Date.parse(v.from) && Date.parse(v.to) - Date.parse(v.from) <= 45 * DAY_MS), {
    message: 'the range must be positive and at most 45 days',
  });

export const DEFAULT_APPOINTMENT_MINUTES = 30;

export const CARE_TYPE_NAMES: Record<string, string> = {
  TELEMED_CONSULT: 'Telemedicine Consult',
  STI_TESTING_VISIT: 'STI Testing Visit',
  PREP_CONSULT: 'PrEP Consult',
  LAB_DRAW: 'Lab Draw',
};

/**
 * Why a booking is read-only for a viewer, or null: auditors read only; a clinician (not super admin)
 * without a valid licence in the patient's state reads only; masked rows are read-only.
 */
export function bookingReadOnlyReason(
  patientState: string | null,
  patientId: string | null | undefined,
  v: {
    readOnlyRole: boolean;
    clinician: boolean;
    superAdmin: boolean;
    validStates: readonly string[];
    breakGlass: readonly string[];
    masked: boolean;
    noCalendar?: boolean;
  },
): string | null {
  if (v.readOnlyRole) return 'Read-only role';
  // A clinician without a calendar link has no clinical work yet (spec 1 §6: redirected to the profile): read only.
  if (v.noCalendar && v.clinician && !v.superAdmin && !v.masked) return NO_CALENDAR_TEXT;
  if (v.masked) return 'Patient state licence is invalid or expired';
  if (!inPatientScope({ licenceBound: v.clinician && !v.superAdmin, states: v.validStates, breakGlass: v.breakGlass }, patientState, true, patientId))
    return 'No licence for the patient state';
  return null;
}
