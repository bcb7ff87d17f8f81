import { z } from 'zod';
import { PASSWORD_POLICY_TEXT } from '../i18n/en/profile';

/**
 * The sign-up password policy is the identity provider's (Cognito's default user-pool policy, which the local
 * cognito-local emulator declares but does not enforce): at least 8 characters, an upper-case letter, a lower-case
 * letter, a digit and a symbol. The sign-up form states it and checks it before sending, so the rule holds on the
 * local stack too.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** Cognito's special characters; a space counts too, but not a leading or trailing one. */
const SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

const hasSymbol = (pw: string) => [...pw.trim()].some((c) => c === ' ' || SYMBOLS.includes(c));

/** The policy's rules a password misses, in the order of PASSWORD_POLICY_TEXT.rule (empty when it meets them all). */
export function passwordProblems(pw: string): string[] {
  const t = PASSWORD_POLICY_TEXT;
  const checks: Array<[boolean, string]> = [
    [pw.length < PASSWORD_MIN_LENGTH, t.minLength],
    [!/[A-Z]/.test(pw), t.uppercase],
    [!/[a-z]/.test(pw), t.lowercase],
    [!/\d/.test(pw), t.digit],
    [!hasSymbol(pw), t.symbol],
  ];
  return checks.filter(([missing]) => missing).map(([, text]) => text);
}

export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, PASSWORD_POLICY_TEXT.tooLong)
  .superRefine((pw, ctx) => {
    const missing = passwordProblems(pw);
    if (missing.length) ctx.addIssue({ code: 'custom', message: PASSWORD_POLICY_TEXT.needs.replace('%{list}', missing.join(', ')) });
  });
