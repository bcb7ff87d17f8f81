import { describe, expect, it } from 'vitest';
import { code128Bars, code128Values, CODE128_PATTERNS } from './code128';

describe('Code 128 B', () => {
  it('has 107 distinct symbols of 11 modules (the stop 13), each 3 bars and 3 spaces', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => {
      const sum = [...p].reduce((s, c) => s + Number(c), 0);
      expect(sum, `symbol ${i}`).toBe(i === 106 ? 13 : 11);
      // Bars (even positions) of a data symbol add up to an even number of modules: the symbology's parity rule.
      if (i < 106) expect([...p].filter((_, j) => j % 2 === 0).reduce((s, c) => s + Number(c), 0) % 2, `symbol ${i}`).toBe(0);
    });
  });
  it('encodes with start B, the weighted checksum and stop', () => {
    // (104 + 48*1 + 42*2 + 42*3 + 17*4 + 18*5 + 19*6 + 35*7) mod 103 = 879 mod 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    expect(code128Values('KT0000001').at(-2)).toBe((104 + [43, 52, 16, 16, 16, 16, 16, 16, 17].reduce((s, v, i) => s + v * (i + 1), 0)) % 103);
    expect(() => code128Values('é')).toThrow();
  });
  it('lays out bars left to right: 11 modules per symbol plus the 13-module stop', () => {
    const { bars, modules } = code128Bars('KT0000001');
    expect(modules).toBe(11 * 11 + 13);
    expect(bars[0]).toEqual([0, 2]); // start B begins with a 2-module bar
    expect(bars.at(-1)).toEqual([modules - 2, 2]); // the stop ends with a 2-module bar
  });
});
