import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone, normaliseEmail, normaliseName, normalisePhone, normaliseZip } from './contact';

describe('one phone rule (US numbers)', () => {
  it('normalises 10 digits, or 11 with a leading 1, written with spaces, brackets, dots or dashes, to +1 and ten digits', () => {
    expect(normalisePhone('7020799819')).toBe('+17020799819');
    expect(normalisePhone(' +1 (404) 789-7890 ')).toBe('+14047897890');
    expect(normalisePhone('1.404.789.7890')).toBe('+14047897890');
    expect(normalisePhone('+14047897890')).toBe('+14047897890');
  });
  it('accepts exactly those and refuses other texts', () => {
    for (const ok of ['7020799819', '17020799819', '+17020799819', '(702) 079-9819']) expect(isValidPhone(ok)).toBe(true);
    for (const bad of [
      'call me maybe',
      '702555',
      '27020799819',
      '+447911123456',
      '+4047897890',
      '+140478978901',
      '702-079-9819 ext 2',
      '',
      '+1702079981x',
    ])
      expect(isValidPhone(bad)).toBe(false);
  });
});

describe('one e-mail rule', () => {
  it('non-space text, @, text, dot, text; trimmed and lower-cased', () => {
    expect(isValidEmail(' Ann@Example.test ')).toBe(true);
    for (const bad of ['nope', 'a@b', 'a b@c.d', '@b.c', 'a@.']) expect(isValidEmail(bad)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
    expect(normaliseEmail(' Ann@Example.TEST ')).toBe('ann@example.test');
  });
});

describe('names and zips', () => {
  it('names are trimmed with inner spaces squeezed; zips trimmed', () => {
    expect(normaliseName('  FTB   Kitorder ')).toBe('FTB Kitorder');
    expect(normaliseZip(' 89104 ')).toBe('89104');
  });
});
