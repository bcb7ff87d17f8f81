import { describe, expect, it } from 'vitest';
import { profileReasonBanner, profileSectionFor } from './profile-reasons';
import { UI_TEXT } from '../i18n/en/ui';

describe('profile reason', () => {
  it('maps each reason to its banner and section', () => {
    expect(profileReasonBanner('noLicense')).toMatchObject({ title: 'Access Restricted', severity: 'error', section: 'licences' });
    expect(profileReasonBanner('expiredOrInvalidLicense')).toMatchObject({ title: 'Action Required', severity: 'warning', section: 'licences' });
    expect(profileReasonBanner('invalidOrNoCalendar')).toMatchObject({ title: 'Access Restricted', section: 'calendar' });
  });

  it('ignores unknown or missing reasons', () => {
    expect(profileReasonBanner('other')).toBeNull();
    expect(profileReasonBanner(null)).toBeNull();
  });

  it('names texts that exist in the catalogue', () => {
    for (const r of ['noLicense', 'expiredOrInvalidLicense', 'invalidOrNoCalendar']) {
      const banner = profileReasonBanner(r)!;
      expect(UI_TEXT[banner.messageKey]).toBeTruthy();
    }
  });

  it('opens the section of the reason, else of the path', () => {
    expect(profileSectionFor('/profile', 'invalidOrNoCalendar')).toBe('calendar');
    expect(profileSectionFor('/profile', 'noLicense')).toBe('licences');
    expect(profileSectionFor('/license', null)).toBe('licences');
    expect(profileSectionFor('/calendar', undefined)).toBe('calendar');
    expect(profileSectionFor('/profile', 'bogus')).toBe('personal');
  });
});
