import { describe, expect, it } from 'vitest';
import { actionRefusal, BOOKING_ACTIONS, withinCancelWindow } from './booking-actions';

const facts = {
  isReadOnly: false,
  readOnlyReason: null,
  hasReadAccessToClinicalData: true,
  restrictClinicalDataAccessReason: null,
  bookingStatus: 'BOOKED_CONFIRMED',
};
const rule = (key: string) => BOOKING_ACTIONS.find((a) => a.key === key)!;

describe('action permission check', () => {
  it('refuses a read-only booking first, with its reason', () => {
    expect(actionRefusal({ ...facts, isReadOnly: true, readOnlyReason: 'Read-only role', bookingStatus: 'COMPLETED' }, rule('labOrder'))).toBe(
      'Action not permitted. Reason: Read-only role',
    );
  });
  it('refuses clinical actions without clinical read access, but not the others', () => {
    const f = { ...facts, hasReadAccessToClinicalData: false, restrictClinicalDataAccessReason: 'No licence for the patient state' };
    expect(actionRefusal(f, rule('completeClinical'))).toBe('Action not permitted. Reason: No licence for the patient state');
    expect(actionRefusal(f, rule('appointmentNotes'))).toBeNull();
  });
  it('refuses booking changes on a terminal booking but allows follow-up actions', () => {
    const f = { ...facts, bookingStatus: 'CANCELLED' };
    expect(actionRefusal(f, rule('cancel'))).toBe('Action not permitted. Booking reached terminal status: CANCELLED');
    expect(actionRefusal(f, rule('chartingNotes'))).toBeNull();
  });
  it('lists 13 actions', () => expect(BOOKING_ACTIONS).toHaveLength(13));
});

describe('40-minute window', () => {
  it('is inside at exactly 2400 s and when past, outside at 2401 s', () => {
    expect(withinCancelWindow(10_000 + 2400, 10_000)).toBe(true);
    expect(withinCancelWindow(10_000 - 60, 10_000)).toBe(true);
    expect(withinCancelWindow(10_000 + 2401, 10_000)).toBe(false);
  });
});
