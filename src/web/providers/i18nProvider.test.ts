// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import { TEXT } from '../../domain/i18n/en/app';
import { UI_TEXT } from '../../domain/i18n/en/ui';
import { i18nProvider } from './i18nProvider';

describe('i18n catalogue', () => {
  it('serves every spec text under app.*', () => {
    for (const [key, text] of Object.entries(TEXT)) {
      if (!text.includes('%{')) expect(i18nProvider.translate(`app.${key}`)).toBe(text);
    }
    expect(i18nProvider.translate('app.invalidLicences', { states: 'CO, NV' })).toBe('Your licence is expired or invalid in these states: CO, NV');
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

  it('serves the secure-message texts under message.*, verbatim', () => {
    for (const [key, text] of Object.entries(MESSAGE_TEXT)) {
      if (!text.includes('%{')) expect(i18nProvider.translate(`message.${key}`)).toBe(text);
    }
    expect(i18nProvider.translate('message.statusChanged', { status: 'DONE' })).toBe('Status changed to DONE successfully');
    expect(i18nProvider.translate('message.loadFailed', { msg: 'x' })).toBe('failed loading message details,cause: x.Please try again with refresh');
    expect(i18nProvider.translate('message.ui.menu.others')).toBe('Sent - Other Clinicians');
  });
});
