import { describe, expect, it } from 'vitest';
import type { BookingRow } from '../providers/bookingMethods';
import { rescheduleUrl } from '../../domain/bookings/booking-rules';
import { allowedStatuses, assignLabel, assignRefusal, rescheduleRefusal, statusRefusal } from './calendarActions';

const NOW = 1_800_000_000;
const clinician = { hasReadAccessToClinicalData: true, hasWriteAccessToClinicalData: true, restrictClinicalDataAccessReason: null };
const staff = {
  hasReadAccessToClinicalData: false,
  hasWriteAccessToClinicalData: false,
  restrictClinicalDataAccessReason: 'Clinical data is restricted to clinicians and super admins',
};
const booking = (o: Partial<BookingRow> = {}) =>
  ({
    id: 'BK1',
    bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
    primaryClinicianId: null,
    isReadOnly: false,
    readOnlyReason: null,
    appntStart: '',
    appntStartEpochSec: NOW + 600,
    masked: false,
    ...clinician,
    ...o,
  }) as BookingRow;

describe('calendar booking actions', () => {
  it('offers what the shared status rule allows: never a completion (it needs its form), cancel only inside 40 minutes', () => {
    expect(allowedStatuses(booking(), NOW)).toEqual(['BOOKED_CONFIRMED', 'CANCELLED_NO_SHOW', 'CANCELLED']);
    expect(allowedStatuses(booking({ ...staff }), NOW)).toEqual(['BOOKED_CONFIRMED', 'CANCELLED_NO_SHOW', 'CANCELLED']);
    expect(allowedStatuses(booking({ appntStartEpochSec: NOW + 5 * 86_400 }), NOW)).toEqual(['BOOKED_CONFIRMED']);
    expect(allowedStatuses(booking({ bookingStatus: 'COMPLETED' }), NOW)).toEqual([]);
  });

  it('refuses a status update on terminal or read-only bookings, and reschedule for COMPLETED or CANCELLED', () => {
    expect(statusRefusal(booking({ bookingStatus: 'CANCELLED' }), NOW)).toEqual({
      key: 'Action not permitted. Booking reached terminal status: CANCELLED',
    });
    expect(statusRefusal(booking({ bookingStatus: 'BOOKED_CONFIRMED', appntStartEpochSec: NOW + 5 * 86_400 }), NOW)).toEqual({
      key: 'The appointment is more than 40 minutes away: pre-mark it instead',
    });
    expect(statusRefusal(booking({ isReadOnly: true, readOnlyReason: 'Read-only role' }))).toEqual({
      key: 'booking.readOnlyRefusal',
      args: { reason: 'Read-only role' },
    });
    expect(statusRefusal(booking(), NOW)).toBeNull();
    expect(rescheduleRefusal(booking({ bookingStatus: 'COMPLETED' }))?.key).toBe('booking.terminalRefusal');
    expect(rescheduleRefusal(booking({ bookingStatus: 'CANCELLED_NO_SHOW' }))).toBeNull();
  });

  it('labels the assign button by the assignee', () => {
    expect(assignLabel(booking(), 'me')).toBe('booking.assignToMe');
    expect(assignLabel(booking({ primaryClinicianId: 'other' }), 'me')).toBe('booking.reassignToMe');
    expect(assignLabel(booking({ primaryClinicianId: 'me' }), 'me')).toBe('booking.assignedToYou');
    expect(assignRefusal(booking({ isReadOnly: true, readOnlyReason: 'Read-only role' }))?.key).toBe('booking.readOnlyRefusal');
    // staff: the same refusal as on the booking detail; final bookings are never (re)assigned
    expect(assignRefusal(booking({ ...staff }))?.key).toBe(
      'Action not permitted. Reason: Clinical data is restricted to clinicians and super admins',
    );
    expect(assignRefusal(booking({ bookingStatus: 'COMPLETED' }))?.key).toBe('Action not permitted. Booking reached terminal status: COMPLETED');
    expect(assignRefusal(booking())).toBeNull();
  });

  it('builds the public choose-slot link', () => {
    expect(rescheduleUrl('https://book.example.com/', 'BK000012', 'Jane Doe')).toBe(
      'https://book.example.com/choose-slot?id=BK000012&actor=Jane+Doe&actorType=CL',
    );
  });
});
