import { BOOKING_SEARCH_TYPES, dateRangeTooLong, defaultSearchRange, endAfterStartChange, findBookingsSchema } from '../../domain/bookings/bookings';
import { isValidEmail } from '../../domain/shared/contact';
import type { SearchCriteria } from '../providers/bookingMethods';

/** The search form of Find Appointments (spec 2 §2.1, §3, §5): modes, their inputs, and the body a search sends. */
export type SearchMode = (typeof BOOKING_SEARCH_TYPES)[number];

export interface SearchValues {
  bookingId: string;
  lastName: string;
  dob: string;
  fromDate: string;
  toDate: string;
  mobileNo: string;
  emailId: string;
  bookingStatus: string;
}
export type SearchField = keyof SearchValues;

/** The inputs of each mode (the criteria objects of spec 2 §3). */
export const SEARCH_FIELDS: Record<SearchMode, readonly SearchField[]> = {
  TODAY: [],
  BOOKING_ID: ['bookingId'],
  LASTNAME_DOB: ['lastName', 'dob'],
  DATE_RANGE: ['fromDate', 'toDate'],
  MOBILE_NO: ['mobileNo'],
  EMAIL_ID: ['emailId'],
  UNASSIGNED: [],
  BOOKING_STATUS: ['bookingStatus'],
};

export const isSearchMode = (mode: string): mode is SearchMode => (BOOKING_SEARCH_TYPES as readonly string[]).includes(mode);

/** Empty inputs, the date range 14 days back to 1 day ahead of today (yyyy-mm-dd). */
export const initialSearchValues = (today: string): SearchValues => ({
  bookingId: '',
  lastName: '',
  dob: '',
  ...defaultSearchRange(today),
  mobileNo: '',
  emailId: '',
  bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
});

/** A new start date; the end moves to start + 15 days when it is before the start or more than 15 days later. */
export const withFromDate = (values: SearchValues, fromDate: string): SearchValues =>
  /^\d{4}-\d{2}-\d{2}$/.test(fromDate) && /^\d{4}-\d{2}-\d{2}$/.test(values.toDate)
    ? { ...values, fromDate, toDate: endAfterStartChange(fromDate, values.toDate) }
    : { ...values, fromDate };

export type SearchOutcome =
  | { ok: true; criteria: SearchCriteria }
  | {
      ok: false;
      message: 'booking.unsupportedSearch' | 'booking.dateRangeTooLong' | 'booking.invalidField' | 'booking.mobileFormat' | 'booking.toBeforeFrom';
      field?: SearchField;
    };

/** A mobile number as typed ("702-087-9009", "(702) 087 9009"): its digits. */
const digitsOf = (typed: string) => typed.replace(/[\s().+-]/g, '');

/**
 * The criteria a search sends, or why nothing is sent: 'Unsupported search type' for an unknown mode,
 * 'Date range cannot be more than 15 days', or the first input the shared schema refuses.
 */
export function searchCriteria(mode: string, values: SearchValues): SearchOutcome {
  if (!isSearchMode(mode)) return { ok: false, message: 'booking.unsupportedSearch' };
  if (mode === 'DATE_RANGE' && values.fromDate && values.toDate && dateRangeTooLong(values.fromDate, values.toDate)) {
    return { ok: false, message: 'booking.dateRangeTooLong', field: 'toDate' };
  }
  if (mode === 'DATE_RANGE' && values.fromDate && values.toDate && values.toDate < values.fromDate) {
    return { ok: false, message: 'booking.toBeforeFrom', field: 'toDate' };
  }
  const fields = SEARCH_FIELDS[mode];
  const body: Record<string, string> = {
    searchType: mode,
    ...Object.fromEntries(fields.map((f) => [f, f === 'mobileNo' ? digitsOf(values[f]) : values[f].trim()])),
  };
  if (mode === 'MOBILE_NO' && !/^\d{10}$/.test(body.mobileNo ?? '')) return { ok: false, message: 'booking.mobileFormat', field: 'mobileNo' };
  if (mode === 'EMAIL_ID' && !isValidEmail(body.emailId ?? '')) return { ok: false, message: 'booking.invalidField', field: 'emailId' };
  const parsed = findBookingsSchema.safeParse(body);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path[0];
    const field = fields.find((f) => f === path) ?? fields[fields.length - 1];
    return { ok: false, message: 'booking.invalidField', field };
  }
  return { ok: true, criteria: body as SearchCriteria };
}
