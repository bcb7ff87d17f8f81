// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
