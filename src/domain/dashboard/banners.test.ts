import { describe, expect, it } from 'vitest';
import { homeStateFor } from './banners';
import type { ClinicianProfile } from '../clinician/clinician';

const profile = (over: Partial<ClinicianProfile> = {}): ClinicianProfile => ({
  id: 'c1',
  email: 'c@x',
  firstName: 'Jane',
  lastName: 'Doe',
  status: 'ACTIVE',
  state: 'NV',
  timezone: null,
  calendarLink: 'https://cal',
  hasNoLicense: false,
  hasCalendar: true,
  hasExpiredOrInValidLicense: false,
  validLicenseStates: ['NV'],
  pendingLicenseStates: [],
  inValidLicenseStates: [],
  ...over,
});

describe('homeStateFor (spec 1 §6 dashboard banners)', () => {
  it('no group: pending review', () => expect(homeStateFor([], [], undefined)).toEqual({ kind: 'pending' }));
  it('groups but no known role: error banner', () =>
    expect(homeStateFor(['other'], [], undefined)).toEqual({ kind: 'home', banners: [{ kind: 'noRoles' }], onboardingLicence: false }));
  it('super admin welcome', () =>
    expect(homeStateFor(['super_admin'], ['super_admin'], profile())).toMatchObject({ banners: [{ kind: 'superAdminWelcome' }] }));
  it.each(['staff', 'operation_support', 'auditor_read_only'] as const)('%s: access restricted', (r) =>
    expect(homeStateFor([r], [r], undefined)).toMatchObject({ banners: [{ kind: 'accessRestricted' }] }),
  );
  it('clinician without profile', () =>
    expect(homeStateFor(['clinicians'], ['clinicians'], null)).toMatchObject({ banners: [{ kind: 'noProfile' }] }));
  it('inactive clinician is disabled', () =>
    expect(homeStateFor(['clinicians'], ['clinicians'], profile({ status: 'INACTIVE' }))).toEqual({ kind: 'disabled' }));
  it('no licence: banner and onboarding', () =>
    expect(homeStateFor(['clinicians'], ['clinicians'], profile({ hasNoLicense: true, validLicenseStates: [] }))).toEqual({
      kind: 'home',
      banners: [{ kind: 'noLicense' }],
      onboardingLicence: true,
    }));
  it('no calendar: redirect to the profile', () =>
    expect(homeStateFor(['clinicians'], ['clinicians'], profile({ hasCalendar: false, calendarLink: null }))).toEqual({
      kind: 'redirect',
      to: '/profile?reason=invalidOrNoCalendar',
    }));
  it('invalid licences listed', () =>
    expect(homeStateFor(['clinicians'], ['clinicians'], profile({ hasExpiredOrInValidLicense: true, inValidLicenseStates: ['TX'] }))).toEqual({
      kind: 'home',
      banners: [{ kind: 'invalidLicences', states: ['TX'] }],
      onboardingLicence: false,
    }));
  it('a healthy clinician has no banner', () =>
    expect(homeStateFor(['clinicians'], ['clinicians'], profile())).toEqual({ kind: 'home', banners: [], onboardingLicence: false }));
});
