import { describe, expect, it } from 'vitest';
import { ageOf } from './patients';
import {
  displayDate,
  displayTime,
  isActiveKit,
  isPreviousKit,
  isUpcoming,
  kitInGroup,
  profileCompleteness,
  reminderQuery,
  tabOfView,
  viewOfTab,
} from './patient-profile';

describe('profile rules (spec 3 §4, §5; spec 2 §4)', () => {
  it('kit grouping: REPORT_READY in Active and Previous, COMPLETE only in Previous', () => {
    expect([isActiveKit('REPORT_READY'), isPreviousKit('REPORT_READY')]).toEqual([true, true]);
    expect([isActiveKit('COMPLETE'), isPreviousKit('COMPLETE')]).toEqual([false, true]);
    expect([isActiveKit('REGISTERED'), isPreviousKit('REGISTERED')]).toEqual([true, false]);
    expect(kitInGroup('all', 'COMPLETE')).toBe(true);
  });
  it('an appointment is upcoming if its end is after now', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isUpcoming({ appntStart: '2026-01-01T11:45:00Z', appntEnd: '2026-01-01T12:15:00Z' }, now)).toBe(true);
    expect(isUpcoming({ appntStart: '2026-01-01T11:00:00Z', appntEnd: '2026-01-01T12:00:00Z' }, now)).toBe(false);
    expect(isUpcoming({ appntStart: '2026-01-02T11:00:00Z', appntEnd: null }, now)).toBe(true);
  });
  it('completeness messages', () => {
    const sex = { genderAtBirth: 'female' };
    expect(profileCompleteness({ dob: '1990-01-01', state: 'NV', ...sex })).toEqual({ severity: 'success', text: 'Patient Profile is complete' });
    expect(profileCompleteness({ dob: null, state: 'NV', ...sex }).text).toBe('Missing DOB in Patient Account');
    expect(profileCompleteness({ dob: '1990-01-01', state: null, ...sex }).text).toBe('Missing State in Patient Account');
    expect(profileCompleteness({ dob: null, state: null, ...sex }).text).toBe('Missing State and DOB in Patient Account');
  });
  it('a profile without Sex at Birth is not complete: a lab requisition needs it', () => {
    expect(profileCompleteness({ dob: '1990-01-01', state: 'NV', genderAtBirth: null })).toEqual({
      severity: 'warning',
      text: 'Missing Sex at Birth in Patient Account',
    });
    expect(profileCompleteness({ dob: '1990-01-01', state: 'NV', genderAtBirth: ' ' }).text).toBe('Missing Sex at Birth in Patient Account');
    expect(profileCompleteness({ dob: null, state: 'NV', genderAtBirth: null }).text).toBe('Missing DOB and Sex at Birth in Patient Account');
    expect(profileCompleteness({ dob: null, state: null, genderAtBirth: null }).text).toBe('Missing State, DOB and Sex at Birth in Patient Account');
    expect(profileCompleteness(null)).toEqual({ severity: 'error', text: 'No customer account found.' });
  });
  it('reminder query and its missing-details rules', () => {
    const clinician = { firstName: 'Jane', lastName: 'Doe', tbdEmail: 'jane@tbd.test' };
    expect(reminderQuery({ id: 'p1', firstName: null, email: 'a@b.c' }, clinician)).toEqual({ error: 'patientDetailsMissing' });
    expect(reminderQuery({ id: 'p1', firstName: 'Ann', email: 'a@b.c' }, { ...clinician, tbdEmail: null })).toEqual({
      error: 'clinicianDetailsMissing',
    });
    const ok = reminderQuery({ id: 'p1', firstName: 'Ann', lastName: 'Lee', email: 'a@b.c', phoneNumber: '702' }, clinician);
    expect(ok).toMatchObject({ query: { name: 'Ann Lee', email: 'a@b.c', phone: '702', patientId: 'p1' } });
    expect(Object.keys((ok as { query: object }).query).sort()).toEqual(['email', 'name', 'notes', 'patientId', 'phone']);
  });
  it('tabs as view parameters, order status labels, dates and ages', () => {
    expect(viewOfTab('Kit Detail')).toBe('kit-detail');
    expect(tabOfView('charting-notes')).toBe('Charting Notes');
    expect(tabOfView('nope')).toBe('Appointment');
    expect(displayDate('2026-03-05T10:00:00Z')).toBe("5 Mar '26");
    expect(displayTime('2026-03-05T15:07:00Z')).toBe('3:07 pm');
    expect(ageOf('2000-06-15', new Date('2026-06-14T00:00:00Z'))).toBe(25);
    expect(ageOf('2000-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(26);
  });
});
