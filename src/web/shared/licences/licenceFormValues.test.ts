// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LICENCE_RULE_TEXT } from '../../../domain/clinician/licenses';
import { EMPTY_LICENCE_FORM, licenceInputOf, validateLicenceForm } from './licenceFormValues';

const valid = { state: 'NV', licenseId: ' NV-123 ', expirationDate: '2030-06-30', goodStanding: 'yes', acknowledgement: 'no' } as const;

describe('licence form validation', () => {
  it('requires every field', () => {
    expect(validateLicenceForm(EMPTY_LICENCE_FORM)).toEqual({
      state: 'ra.validation.required',
      licenseId: 'ra.validation.required',
      expirationDate: 'ra.validation.required',
      goodStanding: 'ra.validation.required',
      acknowledgement: 'ra.validation.required',
    });
    expect(validateLicenceForm({ ...valid, licenseId: '   ' })).toEqual({ licenseId: 'ra.validation.required' });
  });

  it('applies licenceInputSchema (state list, date format, length)', () => {
    expect(validateLicenceForm({ ...valid, state: 'ZZ' })).toEqual({ state: 'Unknown state' });
    expect(validateLicenceForm({ ...valid, expirationDate: '30/06/2030' })).toEqual({
      expirationDate: 'expirationDate must be a date (yyyy-mm-dd)',
    });
    expect(Object.keys(validateLicenceForm({ ...valid, licenseId: 'x'.repeat(65) }))).toEqual(['licenseId']);
  });

  it('refuses a free-text licence number and an expiration date in the past, with plain texts', () => {
    expect(validateLicenceForm({ ...valid, licenseId: '<script>alert(1)</script>' })).toEqual({ licenseId: LICENCE_RULE_TEXT.number });
    expect(validateLicenceForm({ ...valid, licenseId: 'call me maybe!' })).toEqual({ licenseId: LICENCE_RULE_TEXT.number });
    expect(validateLicenceForm({ ...valid, licenseId: 'NV-RN 010.231/A' })).toEqual({});
    expect(validateLicenceForm({ ...valid, expirationDate: '2020-01-01' })).toEqual({ expirationDate: LICENCE_RULE_TEXT.pastExpiry });
    expect(validateLicenceForm({ ...valid, expirationDate: new Date().toISOString().slice(0, 10) })).toEqual({});
  });

  it('accepts valid values and turns Yes/No into booleans', () => {
    expect(validateLicenceForm(valid)).toEqual({});
    expect(licenceInputOf(valid)).toEqual({
      state: 'NV',
      licenseId: 'NV-123',
      expirationDate: '2030-06-30',
      goodStanding: true,
      acknowledgement: false,
    });
    expect(licenceInputOf(EMPTY_LICENCE_FORM)).toBeNull();
  });

  it('accepts territories from the profile list', () => {
    expect(validateLicenceForm({ ...valid, state: 'PR' })).toEqual({});
  });
});
