import { describe, expect, it } from 'vitest';
import { CALENDAR_LINK_MAX, calendarLinkSchema, clinicianProfileUpdateSchema, isValidCalendarLink, signUpSchema } from './clinician-profile';
import { PROFILE_TEXT } from '../i18n/en/profile';

const refusal = (calendarLink: string) => {
  const r = calendarLinkSchema.safeParse({ calendarLink });
  return r.success ? null : r.error.issues[0].message;
};

describe('the calendar link: one https URL', () => {
  it('accepts an https link to a named host', () => {
    expect(isValidCalendarLink('https://cal.example.com/jane-doe?x=1#a')).toBe(true);
    expect(calendarLinkSchema.parse({ calendarLink: '  https://cal.example.com/jane  ' })).toEqual({ calendarLink: 'https://cal.example.com/jane' });
  });
  it.each([
    'http://cal.example.com/x',
    'javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'https://',
    'https://localhost',
    'cal.example.com/x',
    '',
    'https://evil.example/\n<script>',
    'https://exa mple.com',
    'https://cal.example.com/a\tb',
    'https://cal.example.com/\u0000',
    'https://cal.example.com/\u007f',
    'https://user:pw@cal.example.com/x',
  ])('refuses %j with the link text', (link) => {
    expect(isValidCalendarLink(link)).toBe(false);
    expect(refusal(link)).toBe(PROFILE_TEXT.invalidCalendarLink);
  });
  it(`names the limit of ${CALENDAR_LINK_MAX} characters`, () => {
    const base = 'https://cal.example.com/';
    expect(refusal(base + 'a'.repeat(CALENDAR_LINK_MAX - base.length))).toBeNull();
    expect(refusal(base + 'a'.repeat(CALENDAR_LINK_MAX - base.length + 1))).toBe('The calendar link must be at most 2048 characters');
  });
});

describe('profile fields: birth date, mobile, e-mail, names and zip', () => {
  const valid = {
    firstName: ' Jane ',
    lastName: 'Doe',
    dob: '1984-05-15',
    personalEmail: ' Jane@Home.TEST ',
    mobile: '(702) 555-0101',
    address1: '100 Test Way',
    address2: 'Suite 5',
    city: 'Las Vegas',
    state: 'NV',
    zip: ' 89104 ',
  };
  const messages = (v: Record<string, unknown>) => {
    const r = clinicianProfileUpdateSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };
  it('trims and normalises names, e-mail, mobile and zip', () => {
    expect(clinicianProfileUpdateSchema.parse(valid)).toMatchObject({
      firstName: 'Jane',
      personalEmail: 'jane@home.test',
      mobile: '+17025550101',
      zip: '89104',
    });
    expect(clinicianProfileUpdateSchema.parse({ ...valid, mobile: ' ' }).mobile).toBeNull();
  });
  it('refuses a birth date in the future and a mobile that is not a phone, with plain texts', () => {
    expect(messages({ ...valid, dob: '2090-01-01' })).toEqual({ dob: PROFILE_TEXT.dobInFuture });
    expect(messages({ ...valid, dob: '1984-02-30' })).toEqual({ dob: PROFILE_TEXT.invalidDob });
    expect(messages({ ...valid, mobile: 'call me maybe' })).toEqual({ mobile: PROFILE_TEXT.invalidPhone });
    expect(messages({ ...valid, personalEmail: 'nope' })).toEqual({ personalEmail: PROFILE_TEXT.invalidEmail });
  });
  it('sign-up and profile creation use the same phone rule', () => {
    expect(signUpSchema.shape.phone.safeParse('+1 (702) 555-0101').success).toBe(true);
    expect(signUpSchema.shape.phone.safeParse('call me').success).toBe(false);
  });
});
