import { describe, expect, it } from 'vitest';
import { initialSearchValues, searchCriteria, withFromDate } from './searchForm';

const values = initialSearchValues('2026-03-20');

describe('booking search form rules', () => {
  it('starts the date range 14 days back and ends it 1 day ahead', () => {
    expect([values.fromDate, values.toDate]).toEqual(['2026-03-06', '2026-03-21']);
  });

  it('moves the end with the start (shared rule), only when the end is before the start or more than 15 days after', () => {
    expect(withFromDate(values, '2026-03-25').toDate).toBe('2026-04-09');
    expect(withFromDate(values, '2026-03-10').toDate).toBe('2026-03-21');
    expect(withFromDate(values, '2026-').toDate).toBe('2026-03-21'); // a date still being typed moves nothing
  });

  it('refuses an unknown mode, a range over 15 days, and inputs the shared schema refuses', () => {
    expect(searchCriteria('NAME', values)).toEqual({ ok: false, message: 'booking.unsupportedSearch' });
    expect(searchCriteria('DATE_RANGE', { ...values, fromDate: '2026-03-01', toDate: '2026-03-18' })).toEqual({
      ok: false,
      message: 'booking.dateRangeTooLong',
      field: 'toDate',
    });
    expect(searchCriteria('LASTNAME_DOB', { ...values, lastName: 'Lee', dob: '' })).toEqual({
      ok: false,
      message: 'booking.invalidField',
      field: 'dob',
    });
    expect(searchCriteria('EMAIL_ID', values)).toEqual({ ok: false, message: 'booking.invalidField', field: 'emailId' });
  });

  it('sends only the inputs of the mode, trimmed', () => {
    const outcome = searchCriteria('LASTNAME_DOB', { ...values, lastName: ' Lee ', dob: '1990-05-20', emailId: 'x@y.z' });
    expect(outcome).toEqual({ ok: true, criteria: { searchType: 'LASTNAME_DOB', lastName: 'Lee', dob: '1990-05-20' } });
  });

  it('accepts a formatted mobile number, refuses a malformed e-mail and says why for a reversed range', () => {
    const base = initialSearchValues('2026-11-23');
    expect(searchCriteria('MOBILE_NO', { ...base, mobileNo: '702-087-9009' })).toEqual({
      ok: true,
      criteria: { searchType: 'MOBILE_NO', mobileNo: '7020879009' },
    });
    expect(searchCriteria('MOBILE_NO', { ...base, mobileNo: '(702) 087 9009' })).toMatchObject({ ok: true });
    expect(searchCriteria('MOBILE_NO', { ...base, mobileNo: '702-087' })).toEqual({ ok: false, message: 'booking.mobileFormat', field: 'mobileNo' });
    expect(searchCriteria('EMAIL_ID', { ...base, emailId: 'notanemail' })).toEqual({ ok: false, message: 'booking.invalidField', field: 'emailId' });
    expect(searchCriteria('DATE_RANGE', { ...base, fromDate: '2026-11-10', toDate: '2026-11-05' })).toEqual({
      ok: false,
      message: 'booking.toBeforeFrom',
      field: 'toDate',
    });
  });
});
