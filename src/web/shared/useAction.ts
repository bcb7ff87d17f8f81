import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { TOAST_MS } from '../../domain/shared/constants';
import type { PortalDataProvider } from '../providers/dataProvider';
import { errorReason } from '../providers/errorReason';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useSingleFlight } from '../providers/useSingleFlight';

/** A toast: an i18n key (or a text) and its placeholder values. */
export interface Toast {
  key: string;
  args?: Record<string, unknown>;
  /** This toast's duration when the spec gives it one (the action's autoHideDuration otherwise). */
  autoHideDuration?: number;
}

/**
 * What a failed call says to the user: the server's reason, else 'unknown'. The server words its refusals for people,
 * validation ones included (the field's label and the limit: server/http/validation-messages.ts).
 */
export const actionReason = (error: unknown, fallback = 'unknown') => errorReason(error) ?? fallback;

/** The spec's failure text with the server's reason in its placeholder (`reason` by default; the fallback without one). */
export const failureWithReason =
  (key: string, placeholder = 'reason', fallback = 'unknown') =>
  (error: Error): Toast => ({ key, args: { [placeholder]: actionReason(error, fallback) } });

/** A query to read again after the action: a resource name (every query of that resource) or a query key. */
export type Invalidation = string | QueryKey;

export interface ActionOptions<V, R> {
  /** The spec's success toast: an i18n key, or one made from the answer (null: none). */
  success?: string | ((result: R, vars: V) => Toast | string | null);
  /**
   * The spec's failure toast (i18n key + values); null shows none (the caller shows an alert instead). By default the
   * server's reason as the text itself.
   */
  failure?: ((error: Error, vars: V) => Toast | null) | null;
  /** Read again after a success (before onSuccess runs). */
  invalidate?: readonly Invalidation[];
  /** Read again after a failure too: what the server refused may have changed meanwhile (a 409, another tab). */
  invalidateOnError?: boolean;
  /**
   * The call is a creation or a send the server de-duplicates: `run` gets an Idempotency-Key, the same one until the
   * server has answered (a resend after a lost answer is recognised), a new one for the next action.
   */
  idempotent?: boolean;
  /** Toast duration (6 s by default). */
  autoHideDuration?: number;
  onSuccess?: (result: R, vars: V) => void | Promise<void>;
  onError?: (error: Error, vars: V) => void;
  onSettled?: () => void;
}

const queryKeyOf = (i: Invalidation): QueryKey => (typeof i === 'string' ? [i] : i);
const toastOf = (t: Toast | string | null | undefined): Toast | null => (typeof t === 'string' ? { key: t } : (t ?? null));

/**
 * The portal's one action hook (a write the user starts with a button): react-query's useMutation over the
 * dataProvider, pessimistic (nothing shows as done before the server answers). One call at a time: a second call
 * while one runs is ignored and `isPending` is true from the first click on (useSingleFlight), so a double click
 * sends once and never shows the duplicate's refusal as a failure. Optionally an Idempotency-Key for the routes that
 * honour it. On success the spec's toast, the given queries read again, then onSuccess; on failure the spec's text with
 * the server's reason.
 */
export function useAction<V = void, R = unknown>(
  run: (dataProvider: PortalDataProvider, vars: V, idempotencyKey?: string) => Promise<R>,
  options: ActionOptions<V, R> = {},
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const withKey = useIdempotencyKey();
  const autoHideDuration = options.autoHideDuration ?? TOAST_MS.default;
  const invalidate = useCallback(
    () => Promise.all((options.invalidate ?? []).map((i) => queryClient.invalidateQueries({ queryKey: queryKeyOf(i) }))),
    [options.invalidate, queryClient],
  );
  return useSingleFlight(
    useMutation<R, Error, V>({
      mutationFn: (vars) => (options.idempotent ? withKey((key) => run(dataProvider, vars, key)) : run(dataProvider, vars)),
      onSuccess: async (result, vars) => {
        const toast = toastOf(typeof options.success === 'function' ? options.success(result, vars) : options.success);
        if (toast) notify(toast.key, { type: 'success', messageArgs: toast.args, autoHideDuration: toast.autoHideDuration ?? autoHideDuration });
        await invalidate();
        await options.onSuccess?.(result, vars);
      },
      onError: (error, vars) => {
        if (options.invalidateOnError) void invalidate();
        const toast = options.failure === null ? null : options.failure ? options.failure(error, vars) : { key: actionReason(error) };
        if (toast)
          notify(toast.key, {
            type: 'error',
            messageArgs: { _: toast.key, ...toast.args },
            autoHideDuration: toast.autoHideDuration ?? autoHideDuration,
          });
        options.onError?.(error, vars);
      },
      onSettled: () => options.onSettled?.(),
    }),
  );
}
