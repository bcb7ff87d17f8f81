import { describe, expect, it } from 'vitest';
import { maskRecord } from './masking';

describe('maskRecord', () => {
  it('masks every field but createDateTime and kitId, deeply, empties lists and flags the row', () => {
    const masked = maskRecord({
      kitId: 'KT1',
      createDateTime: '2026-01-01',
      status: 'REGISTERED',
      user: { firstName: 'Ann', address: { region: 'TX' } },
      results: [{ testName: 'HIV', result: 'Reactive' }],
      clinician: null,
    });
    expect(masked).toEqual({
      kitId: 'KT1',
      createDateTime: '2026-01-01',
      status: 'XXXXXX',
      user: { firstName: 'XXXXXX', address: { region: 'XXXXXX' } },
      results: [],
      clinician: null,
      masked: true,
    });
  });
});

describe('maskRecord values', () => {
  it('masks dates as values, not as objects', () => {
    expect(maskRecord({ kitId: 'K', appntStart: new Date('2026-01-01T00:00:00Z') })).toEqual({ kitId: 'K', appntStart: 'XXXXXX', masked: true });
  });
});

describe('maskRecord keys', () => {
  it('masks a key named __proto__ (from parsed JSON) as an own value and never touches the prototype', () => {
    const masked = maskRecord({ kitId: 'K', details: JSON.parse('{"__proto__": {"polluted": "yes"}, "name": "Ann"}') });
    const details = masked.details as Record<string, unknown>;
    expect(Object.getPrototypeOf(details)).toBe(Object.prototype);
    expect(Object.keys(details)).toEqual(['__proto__', 'name']);
    expect(JSON.stringify(details)).toBe('{"__proto__":{"polluted":"XXXXXX"},"name":"XXXXXX"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
