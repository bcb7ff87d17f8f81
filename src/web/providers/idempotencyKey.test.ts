// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKey } from './idempotencyKey';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('useIdempotencyKey', () => {
  it('a double click (two sends before an answer) and a resend after no answer carry one key; an answer ends the action', async () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const withKey = result.current;
    const keys: string[] = [];
    let answer!: (v: string) => void;
    const first = withKey((key) => {
      keys.push(key);
      return new Promise<string>((resolve) => {
        answer = resolve;
      });
    });
    const second = withKey(async (key) => {
      keys.push(key);
      return 'second';
    });
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    answer('first');
    await Promise.all([first, second]);

    const noAnswer = new HttpError('no response', 0, {});
    await expect(
      withKey(async (key) => {
        keys.push(key);
        throw noAnswer;
      }),
    ).rejects.toBe(noAnswer);
    await withKey(async (key) => {
      keys.push(key);
    }); // the resend: same action, new key only after the success above
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe(keys[2]);
  });

  it('after a refusal from the server the next submission is a new action with a new key', async () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const before = result.current;
    rerender();
    expect(result.current).toBe(before); // one action across renders
    const keys: string[] = [];
    const refused = new HttpError('Forbidden', 403, { msg: 'Forbidden', reason: 'license ineligible' });
    await expect(
      result.current(async (key) => {
        keys.push(key);
        throw refused;
      }),
    ).rejects.toBe(refused);
    await result.current(async (key) => {
      keys.push(key);
    });
    expect(keys[1]).not.toBe(keys[0]);
  });
});
