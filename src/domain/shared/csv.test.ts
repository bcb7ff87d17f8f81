import { describe, expect, it } from 'vitest';
import { ageYearsMonths, csvCell, csvLine } from './csv';

describe('csv', () => {
  it('quotes and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
  it('ages in years and months', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    expect(ageYearsMonths('1990-09-30', today)).toBe('36y 1m');
    expect(ageYearsMonths('1990-11-21', today)).toBe('36y 0m');
    expect(ageYearsMonths('1990-11-22', today)).toBe('35y 11m');
    expect(ageYearsMonths('XXXXXX', today)).toBe('');
  });
});
