import { describe, expect, it } from 'vitest';
import {
  bookingTransitionRefusal,
  confirmedFor,
  dateRangeTooLong,
  defaultSearchRange,
  endAfterStartChange,
  findBookingsSchema,
  tagSchema,
} from './bookings';
import { BOOKING_STATUSES } from '../shared/statuses';

describe('booking transitions', () => {
  it('pending to its confirmed status only', () => {
    expect(confirmedFor('PT_RESCHEDULED_PENDING_CONFIRMATION')).toBe('PT_RESCHEDULED_CONFIRMED');
    expect(bookingTransitionRefusal('BOOKED_PENDING_CONFIRMATION', 'BOOKED_CONFIRMED')).toBeNull();
    expect(bookingTransitionRefusal('BOOKED_CONFIRMED', 'BOOKED_CONFIRMED')).toMatch(/already/);
    expect(bookingTransitionRefusal('BOOKED_PENDING_CONFIRMATION', 'CL_RESCHEDULED_CONFIRMED')).toBe('Booking is not in pending confirmation status');
    expect(bookingTransitionRefusal('BOOKED_CONFIRMED', 'BOOKED_PENDING_CONFIRMATION')).toMatch(/back to pending/);
  });
  it.each(['CANCELLED_NO_SHOW', 'CANCELLED', 'COMPLETED'])('nothing leaves terminal %s', (from) => {
    for (const to of BOOKING_STATUSES) expect(bookingTransitionRefusal(from, to)).not.toBeNull();
  });
  it.each(['BOOKED_PENDING_CONFIRMATION', 'BOOKED_CONFIRMED', 'CLINICAL_SERVICE_COMPLETED', 'UNKNOWN'])(
    'non-terminal %s can be cancelled, no-show, completed',
    (from) => {
      for (const to of ['CANCELLED', 'CANCELLED_NO_SHOW', 'COMPLETED']) expect(bookingTransitionRefusal(from, to)).toBeNull();
      expect(bookingTransitionRefusal(from, 'UNKNOWN')).not.toBeNull();
    },
  );
});

describe('booking search rules', () => {
  it('15-day range, tolerating up to 16 days (field test finding 11: Nov 1 to Nov 17 is accepted)', () => {
    expect(dateRangeTooLong('2026-11-01', '2026-11-16')).toBe(false);
    expect(dateRangeTooLong('2026-11-01', '2026-11-17')).toBe(false);
    expect(dateRangeTooLong('2026-11-01', '2026-11-18')).toBe(true);
    expect(findBookingsSchema.safeParse({ searchType: 'DATE_RANGE', fromDate: '2026-11-01', toDate: '2026-11-20' }).error?.issues[0].message).toBe(
      'Date range cannot be more than 15 days',
    );
  });
  it('moves the end date when the start changes', () => {
    expect(endAfterStartChange('2026-11-10', '2026-11-05')).toBe('2026-11-25');
    expect(endAfterStartChange('2026-11-10', '2026-12-01')).toBe('2026-11-25');
    expect(endAfterStartChange('2026-11-10', '2026-11-20')).toBe('2026-11-20');
  });
  it('defaults to 14 days back and 1 ahead', () => {
    expect(defaultSearchRange('2026-11-21')).toEqual({ fromDate: '2026-11-07', toDate: '2026-11-22' });
  });
  it('refuses unknown search types and bad criteria', () => {
    expect(findBookingsSchema.safeParse({ searchType: 'ZODIAC' }).error?.issues[0].message).toBe('Unsupported search type');
    expect(findBookingsSchema.safeParse({ searchType: 'MOBILE_NO', mobileNo: '123' }).success).toBe(false);
    expect(findBookingsSchema.safeParse({ searchType: 'LASTNAME_DOB', lastName: 'Doe', dob: '1990-02-30' }).success).toBe(false);
    expect(findBookingsSchema.parse({ searchType: 'TODAY' })).toMatchObject({ page: 1, perPage: 100, queryType: 'ALL' });
  });
  it('a label cannot be empty', () => {
    expect(tagSchema.safeParse({ label: '  ' }).error?.issues[0].message).toBe('Please enter a valid Tag');
  });
});
