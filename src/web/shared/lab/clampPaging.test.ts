import { describe, expect, it } from 'vitest';
import { clampedPaging } from './clampPaging';

const clamp = (qs: string) => clampedPaging(new URLSearchParams(qs))?.toString() ?? null;

describe('lab table paging typed into the URL', () => {
  it('is left alone when the server accepts it', () => {
    expect(clamp('perPage=100&page=3')).toBeNull();
  });
  it('a size that is no option becomes the nearest one, or 50 when it is no number', () => {
    expect(clamp('perPage=100000&page=1')).toBe('perPage=200&page=1');
    expect(clamp('perPage=-5&page=-1')).toBe('perPage=50&page=1');
  });
  it('a page beyond what the server pages (or no whole number) becomes page 1, before anything is sent', () => {
    expect(clamp('perPage=abc&page=999999')).toBe('perPage=50&page=1');
    expect(clamp('page=100001')).toBe('page=1');
    expect(clamp('page=2.5')).toBe('page=1');
    expect(clamp('page=100000')).toBeNull();
  });
});
