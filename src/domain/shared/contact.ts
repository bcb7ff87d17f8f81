import { z } from 'zod';

/**
 * The one phone, e-mail, name and zip rule of every form and server schema (spec 3 §5, spec 2 §9). The portal works
 * with US patients and clinicians only, so a phone is a US number.
 */

/** What a typed phone may contain: digits, spaces, brackets, dots, dashes and one leading plus. */
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
/** The normalised phone: E.164, a plus, the country code 1 and ten digits (spec 3 §5 'Phone must be in format +14047897890'). */
export const PHONE_E164 = /^\+1\d{10}$/;
/** A phone typed as digits only: 10 digits, or 11 with a leading 1 (spec 2 §9, spec 3 §5 sign-up). */
export const PHONE_DIGITS = /^1?\d{10}$/;

/**
 * A phone as stored and sent: 10 digits, or 11 with a leading 1, become '+1' and the ten digits ('+1 (404) 789-7890'
 * and '4047897890' both become '+14047897890'; with a plus, the country code must be 1). Any other text is only trimmed (or reduced to a plus and its digits),
 * so isValidPhone refuses it.
 */
export function normalisePhone(raw: string): string {
  const t = raw.trim();
  if (!PHONE_CHARS.test(t)) return t;
  const plus = t.startsWith('+') ? '+' : '';
  const digits = t.replace(/\D/g, '');
  // With a plus the country code is written: it must be 1.
  if (plus ? /^1\d{10}$/.test(digits) : PHONE_DIGITS.test(digits)) return `+1${digits.slice(-10)}`;
  return `${plus}${digits}`;
}
export const isValidPhone = (raw: string) => PHONE_E164.test(normalisePhone(raw));

/**
 * The order forms' own phone rule (spec 3 §5 'Phone must be in format +14047897890'): every non-digit other than a
 * leading plus is stripped, then it must be a plus and exactly 11 digits. Stricter than isValidPhone on purpose: a
 * typed number without its country code is refused there (a prefilled one is normalised first, so it passes).
 */
export const stripOrderFormPhone = (raw: string) => {
  const t = raw.trim();
  return `${t.startsWith('+') ? '+' : ''}${t.replace(/\D/g, '')}`;
};
export const isValidOrderFormPhone = (raw: string) => /^\+\d{11}$/.test(stripOrderFormPhone(raw));

/** The longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Non-space text, @, text, dot, text (spec 3 §5). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const normaliseEmail = (raw: string) => raw.trim().toLowerCase();
export const isValidEmail = (raw: string) => {
  const e = raw.trim();
  return e.length <= EMAIL_MAX && EMAIL_RE.test(e);
};

/** Names: trimmed, inner runs of spaces squeezed to one. */
export const normaliseName = (raw: string) => raw.trim().replace(/\s+/g, ' ');
/** Zips: trimmed (the zip rule itself is patients.isValidZip). */
export const normaliseZip = (raw: string) => raw.trim();

/** A required phone field: refused with `message` unless a phone; stored normalised. */
export const phoneField = (message: string) => z.string().trim().max(40, message).refine(isValidPhone, message).transform(normalisePhone);
/** A required e-mail field: refused with `message` unless an e-mail; stored trimmed and lower-cased. */
export const emailField = (message: string) => z.string().trim().max(EMAIL_MAX, message).refine(isValidEmail, message).transform(normaliseEmail);
/** An optional text field: empty or blank reads as null. */
export const blankAsNull = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), field.nullable()).optional();
