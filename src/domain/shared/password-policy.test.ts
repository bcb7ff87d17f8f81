import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordSchema } from './password-policy';
import { PASSWORD_POLICY_TEXT } from '../i18n/en/profile';

describe("password policy (the identity provider's default: 8+ characters, upper, lower, digit, symbol)", () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Secret-Pass-1')).toEqual([]);
    expect(passwordSchema.safeParse('Aa1!aaaa').success).toBe(true);
  });

  it('names each rule a password misses', () => {
    expect(passwordProblems('password')).toEqual([PASSWORD_POLICY_TEXT.uppercase, PASSWORD_POLICY_TEXT.digit, PASSWORD_POLICY_TEXT.symbol]);
    expect(passwordProblems('Aa1!')).toEqual([PASSWORD_POLICY_TEXT.minLength]);
    expect(passwordProblems('SECRET-PASS-1')).toEqual([PASSWORD_POLICY_TEXT.lowercase]);
  });

  it("counts only the provider's symbols, and not a leading or trailing space", () => {
    expect(passwordProblems('Secret Pass 1')).toEqual([]);
    expect(passwordProblems(' SecretPass1 ')).toEqual([PASSWORD_POLICY_TEXT.symbol]);
    expect(passwordProblems('SecretPass1é')).toEqual([PASSWORD_POLICY_TEXT.symbol]);
  });

  it('refuses a weak password with one message listing what is missing', () => {
    const r = passwordSchema.safeParse('password');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      `Password needs ${[PASSWORD_POLICY_TEXT.uppercase, PASSWORD_POLICY_TEXT.digit, PASSWORD_POLICY_TEXT.symbol].join(', ')}`,
    );
  });
});
