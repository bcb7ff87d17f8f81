import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import type { PortalDataProvider } from '../providers/dataProvider';
import { reasonOf } from '../providers/errorReason';
import { useSingleFlight } from '../providers/useSingleFlight';

/** A toast: an i18n key and its placeholder values. */
export interface LabMessage {
  key: string;
  args?: Record<string, unknown>;
}

export interface LabActionOptions<V, R> {
  /** Toast after the server confirmed the action. */
  success?: string | ((result: R, vars: V) => string | null);
  /** Toast of a failure; null shows none (the caller shows an alert instead). Default: the server's message. */
  failure?: ((error: Error) => LabMessage | null) | null;
  /** Toast duration: 6 s by default, 5.5 s inside the result form (TOAST_MS). */
  autoHideDuration?: number;
  onSuccess?: (result: R, vars: V) => void;
  onError?: (error: Error) => void;
}

/**
 * Refetches the lab request and lab result lists (react-admin list queries start with the resource) and the kit pages
 * (their header names the assignee: field test finding 10).
 */
export function refetchLabLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['lab-results'] }),
    queryClient.invalidateQueries({ queryKey: ['lab-requests'] }),
    queryClient.invalidateQueries({ queryKey: ['kits'] }),
  ]);
}

/** The server's message of an error, or the spec's 'unknown' fallback (the one helper, providers/errorReason.ts). */
export const causeOf = reasonOf;

/**
 * A clinical action, pessimistic: nothing is shown as done before the server answers (`isPending`
 * disables the buttons meanwhile); on success a toast, the lists are refetched, then onSuccess.
 */
export function useLabAction<V, R = unknown>(
  run: (dataProvider: PortalDataProvider, vars: V) => Promise<R>,
  options: LabActionOptions<V, R> = {},
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const autoHideDuration = options.autoHideDuration ?? TOAST_MS.default;
  return useSingleFlight(useMutation<R, Error, V>({
    mutationFn: (vars) => run(dataProvider, vars),
    onSuccess: async (result, vars) => {
      const key = typeof options.success === 'function' ? options.success(result, vars) : options.success;
      if (key) notify(key, { type: 'success', autoHideDuration });
      await refetchLabLists(queryClient);
      options.onSuccess?.(result, vars);
    },
    onError: (error) => {
      // The row may have changed under the user (another tab, a 409): show it as it now is (field test finding 12).
      void refetchLabLists(queryClient);
      const message =
        options.failure === null
          ? null
          : options.failure
            ? options.failure(error)
            : { key: 'lab.actionFailed', args: { message: causeOf(error) } };
      if (message) notify(message.key, { type: 'error', messageArgs: message.args, autoHideDuration });
      options.onError?.(error);
    },
  }));
}
