import { describe, expect, it } from 'vitest';
import { maskRecord, mustMask } from './masking';

describe('maskRecord', () => {
  it('masks every field but createDateTime and kitId, deeply, and flags the row', () => {
    const masked = maskRecord({
      kitId: 'KT1', createDateTime: '2026-01-01', status: 'REGISTERED', user: { firstName: 'Ann', address: { region: 'TX' } },
      results: [{ testName: 'HIV', result: 'Reactive' }], clinician: null,
    });
    expect(masked).toEqual({
      kitId: 'KT1', createDateTime: '2026-01-01', status: 'XXXXXX',
      user: { firstName: 'XXXXXX', address: { region: 'XXXXXX' } }, results: [{ testName: 'XXXXXX', result: 'XXXXXX' }],
      clinician: null, masked: true,
    });
  });
});

describe('maskRecord values', () => {
  it('masks dates as values, not as objects', () => {
    expect(maskRecord({ kitId: 'K', appntStart: new Date('2026-01-01T00:00:00Z') })).toEqual({ kitId: 'K', appntStart: 'XXXXXX', masked: true });
  });
});

describe('mustMask', () => {
  it('masks rows in the viewer invalid states only', () => {
    expect(mustMask('TX', ['TX'], false)).toBe(true);
    expect(mustMask('NV', ['TX'], false)).toBe(false);
    expect(mustMask(null, ['TX'], false)).toBe(false);
  });
  it('never masks for auditors and super admins', () => expect(mustMask('TX', ['TX'], true)).toBe(false));
});
