// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/lab-texts';
import { TEXT } from '../../domain/messages';
import { UI_TEXT } from '../../domain/ui-texts';
import { i18nProvider } from './i18nProvider';

describe('i18n catalogue', () => {
  it('serves every spec text under app.*', () => {
    for (const [key, text] of Object.entries(TEXT)) {
      if (!text.includes('%{')) expect(i18nProvider.translate(`app.${key}`)).toBe(text);
    }
    expect(i18nProvider.translate('app.invalidLicences', { states: 'CO, NV' })).toBe(
      'Your licence is expired or invalid in these states: CO, NV',
    );
    expect(i18nProvider.translate('app.initializationFailed', { reason: 'x' })).toBe('Initialization failed: x');
  });

  it('serves portal labels, menu labels and react-admin texts', () => {
    expect(i18nProvider.translate('ui.signIn')).toBe(UI_TEXT.signIn);
    expect(i18nProvider.translate('ui.greeting', { greeting: 'Good Evening', name: 'Jane' })).toBe('Good Evening, Jane');
    expect(i18nProvider.translate('nav.profile')).toBe('Manage Profile License & Calendar');
    expect(i18nProvider.translate('nav.section.lab')).toBe('Lab');
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
  });

  it('serves the lab texts under lab.*, with their placeholders', () => {
    for (const [key, text] of Object.entries(LAB_TEXT)) {
      if (!text.includes('%{')) expect(i18nProvider.translate(`lab.${key}`)).toBe(text);
    }
    expect(i18nProvider.translate('lab.assignFailed', { cause: 'x' })).toBe('Failed to assign kit. Cause: x');
    expect(i18nProvider.translate('lab.defaultAppointmentMessage')).toContain('{meetingLink}');
  });
});
