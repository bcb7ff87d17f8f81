import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { askedIds, MAX_TARGETS } from './targets';

const req = (params: unknown, query: unknown = {}) => ({ params, query }) as FastifyRequest;

describe('askedIds: the record ids a request names', () => {
  it('takes path then query parameters called id or ending in Id, as sent', () => {
    expect(askedIds(req({ id: 'BK000199' }))).toEqual(['BK000199']);
    expect(askedIds(req({ kitId: 'KT0001125' }, { personId: 'p-1', referenceId: 'BK1', referenceType: 'BOOKING' }))).toEqual([
      'KT0001125',
      'p-1',
      'BK1',
    ]);
  });

  it('never takes other parameters (e-mails, statuses, file names) or non-text values', () => {
    expect(askedIds(req({ email: 'a@b.test', status: 'OPEN', category: 'X', file: 'f.pdf' }, { q: 'smith', page: '2' }))).toEqual([]);
    expect(askedIds(req({ id: '' }, { kitId: ['a', 'b'], orderId: 3 }))).toEqual([]);
    expect(askedIds(req(undefined, undefined))).toEqual([]);
  });

  it('names at most MAX_TARGETS ids', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_TARGETS + 5 }, (_, i) => [`${'k'.repeat(i + 1)}Id`, `v${i}`]));
    expect(askedIds(req({}, many))).toHaveLength(MAX_TARGETS);
  });
});
