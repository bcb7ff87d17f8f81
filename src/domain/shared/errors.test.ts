import { describe, expect, it } from 'vitest';
import { formatApiError } from './errors';

describe('formatApiError (spec 1 §8)', () => {
  it('uses msg and reason from the response', () => {
    expect(formatApiError({ response: { status: 409, data: { msg: 'Conflict', reason: 'already assigned' } } })).toEqual({
      message: 'Conflict.Reason: already assigned',
      status: 409,
    });
  });
  it('defaults msg and reason', () => {
    expect(formatApiError({ response: { status: 500, data: {} } }).message).toBe('Internal server error.Reason: unknown cause');
    expect(formatApiError({ response: { status: 502, data: 'not json' } }).message).toBe('Internal server error.Reason: unknown cause');
  });
  it('shows status NA when missing', () => {
    expect(formatApiError({ response: { data: { msg: 'x' } } })).toEqual({ message: 'x.Reason: unknown cause', status: 'NA' });
  });
  it('has the two no-response texts', () => {
    expect(formatApiError({ requestSent: true })).toEqual({ message: 'Error setting up request to serve.Try again,report if persist', status: 'NA' });
    expect(formatApiError({})).toEqual({ message: 'Failed calling server.Try again,report if persist', status: 'NA' });
  });
});
