import { describe, expect, it } from 'vitest';
import { profileFlags } from './clinician';
import { isLicenceValid, licenceInputSchema, licenceStates } from './licenses';

const l = (state: string, expirationDate: string, goodStanding = true) => ({ state, expirationDate, goodStanding });

describe('licences', () => {
  it('is valid through its expiration day when in good standing', () => {
    expect(isLicenceValid(l('NV', '2026-11-21'), '2026-11-21')).toBe(true);
    expect(isLicenceValid(l('NV', '2026-11-20'), '2026-11-21')).toBe(false);
    expect(isLicenceValid(l('NV', '2030-01-01', false), '2026-11-21')).toBe(false);
  });
  it('splits states: one valid licence makes a state valid', () => {
    expect(licenceStates([l('NV', '2030-01-01'), l('TX', '2020-01-01'), l('NV', '2020-01-01'), l('CA', '2030-01-01', false)], '2026-11-21'))
      .toEqual({ validStates: ['NV'], inValidStates: ['CA', 'TX'], allStates: ['CA', 'NV', 'TX'] });
  });
  it('derives the profile flags', () => {
    expect(profileFlags([], null, '2026-11-21')).toMatchObject({ hasNoLicense: true, hasCalendar: false, hasExpiredOrInValidLicense: false });
    expect(profileFlags([l('TX', '2020-01-01')], 'https://cal', '2026-11-21'))
      .toMatchObject({ hasNoLicense: false, hasCalendar: true, hasExpiredOrInValidLicense: true, inValidLicenseStates: ['TX'] });
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
