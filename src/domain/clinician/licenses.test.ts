import { describe, expect, it } from 'vitest';
import { profileFlags } from './clinician';
import { countsForScope, isLicenceExpired, isLicenceValid, licenceInputSchema, licenceStates, verifyRefusal } from './licenses';
import { LICENCE_TEXT } from '../i18n/en/profile';

const l = (state: string, expirationDate: string, goodStanding = true, verified = true) => ({ state, expirationDate, goodStanding, verified });

describe('licences', () => {
  it('is valid through its expiration day when in good standing', () => {
    expect(isLicenceValid(l('NV', '2026-11-21'), '2026-11-21')).toBe(true);
    expect(isLicenceValid(l('NV', '2026-11-20'), '2026-11-21')).toBe(false);
    expect(isLicenceValid(l('NV', '2030-01-01', false), '2026-11-21')).toBe(false);
  });
  it('splits states: one valid licence makes a state valid', () => {
    expect(licenceStates([l('NV', '2030-01-01'), l('TX', '2020-01-01'), l('NV', '2020-01-01'), l('CA', '2030-01-01', false)], '2026-11-21')).toEqual({
      validStates: ['NV'],
      pendingStates: [],
      inValidStates: ['CA', 'TX'],
      allStates: ['CA', 'NV', 'TX'],
    });
  });
  it('a licence counts for the patient scope only when a super admin verified it and it is valid', () => {
    expect(countsForScope(l('FL', '2030-01-01', true, false), '2026-11-21')).toBe(false);
    expect(countsForScope(l('FL', '2030-01-01', true, true), '2026-11-21')).toBe(true);
    expect(countsForScope(l('FL', '2020-01-01', true, true), '2026-11-21')).toBe(false);
    // an unverified valid licence is pending: neither a valid nor an invalid state
    expect(licenceStates([l('CO', '2030-01-01'), l('FL', '2030-01-01', true, false), l('TX', '2020-01-01', true, false)], '2026-11-21')).toEqual({
      validStates: ['CO'],
      pendingStates: ['FL'],
      inValidStates: ['TX'],
      allStates: ['CO', 'FL', 'TX'],
    });
    // a verified valid licence of the same state wins over a pending one
    expect(licenceStates([l('FL', '2030-01-01'), l('FL', '2031-01-01', true, false)], '2026-11-21')).toMatchObject({
      validStates: ['FL'],
      pendingStates: [],
    });
    expect(profileFlags([l('FL', '2030-01-01', true, false)], 'https://cal', '2026-11-21')).toMatchObject({
      validLicenseStates: [],
      pendingLicenseStates: ['FL'],
      hasExpiredOrInValidLicense: false,
    });
  });
  it('an expired licence cannot be verified', () => {
    expect(isLicenceExpired(l('NV', '2026-11-21'), '2026-11-21')).toBe(false);
    expect(isLicenceExpired(l('NV', '2026-11-20'), '2026-11-21')).toBe(true);
    expect(verifyRefusal(l('NV', '2026-11-20', true, false), '2026-11-21')).toBe(LICENCE_TEXT.expiredNotVerifiable);
    expect(verifyRefusal(l('NV', '2026-11-21', false, false), '2026-11-21')).toBeNull();
  });
  it('derives the profile flags', () => {
    expect(profileFlags([], null, '2026-11-21')).toMatchObject({ hasNoLicense: true, hasCalendar: false, hasExpiredOrInValidLicense: false });
    expect(profileFlags([l('TX', '2020-01-01')], 'https://cal', '2026-11-21')).toMatchObject({
      hasNoLicense: false,
      hasCalendar: true,
      hasExpiredOrInValidLicense: true,
      inValidLicenseStates: ['TX'],
    });
  });
  it('validates the licence body', () => {
    const ok = { state: 'NV', licenseId: 'NV-1', expirationDate: '2028-01-01', goodStanding: true, acknowledgement: true };
    expect(licenceInputSchema.safeParse(ok).success).toBe(true);
    expect(licenceInputSchema.safeParse({ ...ok, state: 'ZZ' }).success).toBe(false);
    expect(licenceInputSchema.safeParse({ ...ok, licenseId: ' ' }).success).toBe(false);
    expect(licenceInputSchema.safeParse({ ...ok, expirationDate: '01/01/2028' }).success).toBe(false);
    expect(licenceInputSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
