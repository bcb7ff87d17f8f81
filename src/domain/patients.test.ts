import { describe, expect, it } from 'vitest';
import {
  ageOf,
  barSearchTerm,
  columnFiltersOf,
  criteriaOf,
  ETHNICITY_OPTIONS,
  GENDER_IDENTITY_OPTIONS,
  isActiveKit,
  isPreviousKit,
  isUpcoming,
  isValidZip,
  kitInGroup,
  normaliseSearch,
  patientUpdateSchema,
  searchCriteriaProblem,
  profileCompleteness,
  PRONOUN_OPTIONS,
  RACE_OPTIONS,
  reminderQuery,
  searchPhone,
  SEX_AT_BIRTH_OPTIONS,
  SEXUAL_ORIENTATION_OPTIONS,
  tabOfView,
  viewOfTab,
  displayDate,
  displayTime,
} from './patients';

describe('search rules (spec 3 §5, §9)', () => {
  it('the phone is reduced to digits and its last 10', () => {
    expect(searchPhone('+1 (702) 555-0123')).toBe('7025550123');
    expect(searchPhone('17025550123')).toBe('7025550123');
    expect(searchPhone('555-01')).toBe('55501');
  });
  it('the bar needs a type first, more than one character, and lowercases the term', () => {
    expect(barSearchTerm(null, 'smith')).toEqual({ error: 'noType' });
    expect(barSearchTerm(null, '')).toBeNull();
    expect(barSearchTerm('patient_name', 'S')).toBeNull();
    expect(barSearchTerm('patient_name', ' SMith ')).toEqual({ term: 'smith' });
  });
  it('normalises each type; a term that cannot match is null', () => {
    expect(normaliseSearch('patient_dob', '1990-02-30')).toBeNull();
    expect(normaliseSearch('patient_dob', '1990-02-28')).toBe('1990-02-28');
    expect(normaliseSearch('patient_kit_id', 'kt0000012')).toBe('KT0000012');
    expect(normaliseSearch('patient_name', '  Ann   Lee ')).toBe('ann lee');
    expect(normaliseSearch('patient_phone', 'ab')).toBeNull();
  });
  it('a page criterion that cannot be searched names its field and the form it needs; the first one in page order', () => {
    expect(searchCriteriaProblem({ dob: '05/01/1990' })).toEqual({ field: 'dob', reason: 'DOB must be a date written YYYY-MM-DD' });
    expect(searchCriteriaProblem({ dob: '1990-02-30' })?.reason).toBe('DOB must be a date written YYYY-MM-DD');
    expect(searchCriteriaProblem({ phone: 'ab' })).toEqual({ field: 'phone', reason: 'Phone must have at least 3 digits' });
    expect(searchCriteriaProblem({ kitId: 'KT 1' })).toEqual({ field: 'kitId', reason: 'Kit Id must be 2 to 40 letters, digits and dashes' });
    expect(searchCriteriaProblem({ name: 'a' })).toEqual({ field: 'name', reason: 'Name must be at least 2 characters' });
    expect(searchCriteriaProblem({ email: 'x', name: 'y'.repeat(121) })).toEqual({ field: 'email', reason: 'Email must be at least 2 characters' });
    expect(searchCriteriaProblem({ name: 'y'.repeat(121) })).toEqual({ field: 'name', reason: 'Name must be at most 120 characters' });
    expect(searchCriteriaProblem({ name: ' lee ', dob: '1990-05-01', phone: '(702) 555', kitId: 'kt0000012', email: ' ' })).toBeNull();
  });
  it('criteria of the page: the filled ones, in the page order', () => {
    expect(criteriaOf({ name: 'lee', email: ' ', phone: '702' }).map((c) => c.type)).toEqual(['patient_phone', 'patient_name']);
  });
});

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
  it('zip: five digits, optionally a dash and four', () => {
    expect(['89104', '89104-1234'].every(isValidZip)).toBe(true);
    expect(['8910', '89104-12', '89104 1234', 'abcde'].some(isValidZip)).toBe(false);
    const res = patientUpdateSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      preferredName: '',
      phoneNumber: '',
      dob: null,
      genderAtBirth: null,
      currentGenderIdentity: null,
      pronoun: null,
      race: null,
      ethnicity: null,
      sexualOrientationPreference: null,
      address: { street_address: '', street_address2: '', locality: '', region: '', postal_code: '123' },
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('Please enter a valid Zip Code.');
  });
  it('phone: the one phone rule, stored as +1 and ten digits; names and zip trimmed', () => {
    const base = {
      firstName: '  Ann  ',
      lastName: 'Lee ',
      preferredName: '',
      phoneNumber: '(702) 555-0123',
      dob: null,
      genderAtBirth: null,
      currentGenderIdentity: null,
      pronoun: null,
      race: null,
      ethnicity: null,
      sexualOrientationPreference: null,
      address: { street_address: '', street_address2: '', locality: '', region: '', postal_code: ' 89104 ' },
    };
    expect(patientUpdateSchema.parse(base)).toMatchObject({ firstName: 'Ann', lastName: 'Lee', phoneNumber: '+17025550123' });
    for (const bad of ['call me', '+447911123456', '702555']) {
      expect(patientUpdateSchema.safeParse({ ...base, phoneNumber: bad }).error?.issues[0].message).toBe('e.g. +19876543210');
    }
  });
  it('the static option lists of §9', () => {
    expect(PRONOUN_OPTIONS.map((o) => o.value)).toEqual([
      'She/her/hers',
      'He/him/his',
      'They/them/theirs',
      'Ze/hir/hirs',
      'No pronoun',
      'No preference',
      'Not listed',
      'I prefer not to say',
    ]);
    expect(SEXUAL_ORIENTATION_OPTIONS).toHaveLength(6);
    expect(GENDER_IDENTITY_OPTIONS[3].value).toBe('Transgender Female/Trans woman/Male-to-Female (MTF)');
    expect(SEX_AT_BIRTH_OPTIONS.map((o) => o.value)).toEqual(['male', 'female', 'intersex']);
    expect(ETHNICITY_OPTIONS).toEqual([
      { value: 'hispani', label: 'Yes' },
      { value: 'not-hispani', label: 'No' },
      { value: 'unknown', label: 'Decline to State' },
    ]);
    expect(RACE_OPTIONS.find((o) => o.value === 'africa')?.label).toBe('Black or African-American');
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

describe('columnFiltersOf (the Patients List column filters)', () => {
  it('keeps the filled ones in column order, lowercased with spaces squeezed; the phone as its digits', () => {
    expect(columnFiltersOf({ locationContains: ' Las  Vegas ', nameContains: 'ANN', phoneContains: '(702) 555', emailContains: '  ' })).toEqual([
      { param: 'nameContains', term: 'ann' },
      { param: 'phoneContains', term: '702555' },
      { param: 'locationContains', term: 'las vegas' },
    ]);
    expect(columnFiltersOf({ phoneContains: '()-' })).toEqual([]);
  });
});
