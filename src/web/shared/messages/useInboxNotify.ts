import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { TOAST_MS } from '../../../domain/shared/constants';

/** Toasts of the inbox screens: 2500 ms (spec 3 §8, §9), texts from the message catalogue. */
export function useInboxNotify() {
  const notify = useNotify();
  return useCallback(
    (key: string, type: 'success' | 'error' | 'info' | 'warning' = 'info', args: Record<string, unknown> = {}) =>
      notify(key, { type, autoHideDuration: TOAST_MS.inbox, messageArgs: args }),
    [notify],
  );
}

/** The cause of a failed call: the server's reason or message. */
export const causeOf = (error: unknown) => {
  const e = error as { body?: { reason?: string; msg?: string }; message?: string } | null;
  return e?.body?.reason ?? e?.body?.msg ?? e?.message ?? 'unknown cause';
};
