import { describe, expect, it } from 'vitest';
import type { BookingRow } from '../bookings/bookingsApi';
import { allowedStatuses, assignLabel, assignRefusal, rescheduleRefusal, rescheduleUrl, statusRefusal } from './calendarActions';

const booking = (o: Partial<BookingRow> = {}) => ({ id: 'BK1', bookingStatus: 'BOOKED_PENDING_CONFIRMATION', primaryClinicianId: null,
  isReadOnly: false, readOnlyReason: null, ...o }) as BookingRow;

describe('calendar booking actions', () => {
  it('offers the transitions the shared rule allows', () => {
    expect(allowedStatuses('BOOKED_PENDING_CONFIRMATION')).toEqual(['BOOKED_CONFIRMED', 'CLINICAL_SERVICE_COMPLETED', 'CANCELLED_NO_SHOW', 'CANCELLED', 'COMPLETED']);
    expect(allowedStatuses('COMPLETED')).toEqual([]);
  });

  it('refuses a status update on terminal or read-only bookings, and reschedule for COMPLETED or CANCELLED', () => {
    expect(statusRefusal(booking({ bookingStatus: 'CANCELLED' }))).toEqual({ key: 'booking.terminalRefusal', args: { status: 'CANCELLED' } });
    expect(statusRefusal(booking({ isReadOnly: true, readOnlyReason: 'Read-only role' }))).toEqual({ key: 'booking.readOnlyRefusal', args: { reason: 'Read-only role' } });
    expect(statusRefusal(booking())).toBeNull();
    expect(rescheduleRefusal(booking({ bookingStatus: 'COMPLETED' }))?.key).toBe('booking.terminalRefusal');
    expect(rescheduleRefusal(booking({ bookingStatus: 'CANCELLED_NO_SHOW' }))).toBeNull();
  });

  it('labels the assign button by the assignee', () => {
    expect(assignLabel(booking(), 'me')).toBe('booking.assignToMe');
    expect(assignLabel(booking({ primaryClinicianId: 'other' }), 'me')).toBe('booking.reassignToMe');
    expect(assignLabel(booking({ primaryClinicianId: 'me' }), 'me')).toBe('booking.assignedToYou');
    expect(assignRefusal(booking({ isReadOnly: true, readOnlyReason: 'Read-only role' }))?.key).toBe('booking.readOnlyRefusal');
  });

  it('builds the public choose-slot link', () => {
    expect(rescheduleUrl('https://book.example.com/', 'BK000012', 'Jane Doe')).toBe(
      'https://book.example.com/choose-slot?id=BK000012&actor=Jane+Doe&actorType=CL');
  });
});
