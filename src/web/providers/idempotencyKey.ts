import { useCallback, useRef } from 'react';
import { HttpError } from 'react-admin';

/** Whether the server answered (an HttpError with a status); status 0 means no answer reached the portal. */
const serverAnswered = (error: unknown) => error instanceof HttpError && error.status > 0;

/**
 * The Idempotency-Key of one user action (one dialog's creation). The key stays the same until the server has
 * answered, so a double click or a resend after a lost answer carries the same key and the server creates one
 * record; once an answer arrives (a success or a refusal) the next submission is a new action with a new key.
 * `withKey(send)` calls `send` with the current key.
 */
export function useIdempotencyKey(): <T>(send: (key: string) => Promise<T>) => Promise<T> {
  const key = useRef<string | null>(null);
  return useCallback(async <T>(send: (key: string) => Promise<T>) => {
    key.current ??= crypto.randomUUID();
    try {
      const result = await send(key.current);
      key.current = null;
      return result;
    } catch (error) {
      if (serverAnswered(error)) key.current = null;
      throw error;
    }
  }, []);
}
