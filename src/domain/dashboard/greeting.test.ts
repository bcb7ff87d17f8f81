import { describe, expect, it } from 'vitest';
import { greetingFor, nameOrUnknown } from './greeting';

describe('greetingFor (boundaries at 12 and 18)', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [23, 'Good Evening'],
  ])('%i h -> %s', (hour, text) => expect(greetingFor(hour)).toBe(text));
});

describe('nameOrUnknown', () => {
  it('falls back to UNKNOWN', () => {
    expect(nameOrUnknown('Jane')).toBe('Jane');
    expect(nameOrUnknown(' ')).toBe('UNKNOWN');
    expect(nameOrUnknown(undefined)).toBe('UNKNOWN');
    expect(nameOrUnknown(3)).toBe('UNKNOWN');
  });
});
