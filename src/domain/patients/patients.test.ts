import { describe, expect, it } from 'vitest';
import {
  ETHNICITY_OPTIONS,
  GENDER_IDENTITY_OPTIONS,
  isValidZip,
  patientUpdateSchema,
  PRONOUN_OPTIONS,
  RACE_OPTIONS,
  SEX_AT_BIRTH_OPTIONS,
  SEXUAL_ORIENTATION_OPTIONS,
} from './patients';

describe('patient record rules (spec 3 §3, §5, §9)', () => {
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
});
