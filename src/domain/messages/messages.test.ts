import { describe, expect, it } from 'vitest';
import { fillText } from './messages';
import { TEXT } from '../i18n/en/app';

describe('TEXT catalogue', () => {
  it('holds the spec texts verbatim', () => {
    expect(TEXT.unauthorizedPage).toBe('You do not have permission to access this page. Contact us if this is a mistake');
    expect(TEXT.superAdminWelcome).toBe('WELCOME, SUPER ADMIN - You have full access to all features');
    expect(TEXT.accountDisabled).toBe('Your account is disabled, please contact support');
  });
  it('fills placeholders and leaves unknown ones', () => {
    expect(fillText('a %{x} b %{y}', { x: 1 })).toBe('a 1 b %{y}');
  });
});
