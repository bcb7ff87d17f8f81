import { describe, expect, it } from 'vitest';
import { CALENDAR_LINK_MAX, calendarLinkSchema, isValidCalendarLink, PROFILE_TEXT } from './clinician-profile';

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
    'http://cal.example.com/x', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'https://', 'https://localhost',
    'cal.example.com/x', '', 'https://evil.example/\n<script>', 'https://exa mple.com', 'https://cal.example.com/a\tb',
    'https://cal.example.com/\u0000', 'https://cal.example.com/\u007f', 'https://user:pw@cal.example.com/x',
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
