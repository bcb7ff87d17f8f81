import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { portalQueryClient, retryRead } from './queryClient';

describe('retryRead', () => {
  it('does not ask again after a refusal or a bad request', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(retryRead(0, new HttpError('no', status)), String(status)).toBe(false);
  });
  it('asks twice more after a network failure or a server error, then stops', () => {
    for (const error of [new HttpError('down', 0), new HttpError('oops', 500), new HttpError('busy', 503), new TypeError('Failed to fetch')]) {
      expect(retryRead(0, error)).toBe(true);
      expect(retryRead(1, error)).toBe(true);
      expect(retryRead(2, error)).toBe(false);
    }
  });
  it('asks again after a timeout or a rate limit', () => {
    expect(retryRead(0, new HttpError('slow', 408))).toBe(true);
    expect(retryRead(0, new HttpError('Too many requests', 429))).toBe(true);
  });
  it('is the default of the portal query client', () => {
    expect(portalQueryClient().getDefaultOptions().queries?.retry).toBe(retryRead);
  });
});
