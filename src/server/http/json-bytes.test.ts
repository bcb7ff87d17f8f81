import { describe, expect, it } from 'vitest';
import { jsonBytes, jsonPieces } from './json-bytes';

const event = (i: number) => ({
  id: `id-${i}`,
  name: i % 7 === 0 ? 'Zoë "Quoted" \\ back\nslash' : `Patient ${i}`,
  careType: { name: 'TELEHEALTH', displayName: 'Telehealth' },
  tag: i % 3 === 0 ? null : 'VIP',
  start: 1_796_050_800 + i,
  masked: i % 5 === 0,
});
const text = (v: string | Buffer) => (typeof v === 'string' ? v : v.toString('utf8'));

describe('jsonBytes', () => {
  it('writes a long list as bytes equal to JSON.stringify, whatever its length against the pieces', () => {
    for (const n of [256, 257, 300, 2000]) {
      const list = Array.from({ length: n }, (_, i) => event(i));
      const out = jsonBytes(list);
      expect(Buffer.isBuffer(out)).toBe(true);
      expect(text(out)).toBe(JSON.stringify(list));
    }
  });

  it('writes an object holding a long list (a page and its total) the same way, leaving out what JSON.stringify leaves out', () => {
    const page = { items: Array.from({ length: 300 }, (_, i) => event(i)), total: 12_345, skipped: undefined, note: 'é ✓ 日本' };
    const out = jsonBytes(page);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(text(out)).toBe(JSON.stringify(page));
    expect(JSON.parse(text(out))).toEqual({ items: page.items, total: 12_345, note: 'é ✓ 日本' });
  });

  it('answers a small answer as the one text', () => {
    for (const v of [[], [event(1)], { items: [event(1)], total: 1 }, 'x', 3, null, Array.from({ length: 255 }, (_, i) => event(i))])
      expect(jsonBytes(v)).toBe(JSON.stringify(v));
  });

  it('counts bytes, not characters, for text outside ASCII', () => {
    const list = Array.from({ length: 400 }, (_, i) => ({ name: `名前 ${i} — ✓` }));
    const out = jsonBytes(list) as Buffer;
    expect(out.length).toBe(Buffer.byteLength(JSON.stringify(list)));
    expect(JSON.parse(out.toString('utf8'))).toEqual(list);
  });

  it('cuts a list of lists (an audit row and its id lists) into pieces that join to JSON.stringify, undefined as null', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `id-${i}`);
    const row = [1, '2026-11-30T10:00:00.000Z', ids, ids.slice(0, 1990), undefined, null, 'ok'];
    const out = jsonPieces(row);
    expect(out.length).toBeGreaterThan(100);
    expect(Math.max(...out.map((p) => p.length))).toBeLessThan(2000);
    expect(out.join('')).toBe(JSON.stringify(row));
    expect(jsonPieces([1, ids.slice(0, 5)])).toEqual([JSON.stringify([1, ids.slice(0, 5)])]);
  });
});
