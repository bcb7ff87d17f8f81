import type { PortalDataProvider } from '../../providers/dataProvider';
import { reasonOf } from '../../providers/errorReason';
import { useAction } from '../useAction';

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
  /** Toast duration: 6 s by default, 5.5 s inside the result form (TOAST_MS.resultForm). */
  autoHideDuration?: number;
  onSuccess?: (result: R, vars: V) => void;
  onError?: (error: Error) => void;
}

/** The server's message of an error, or the spec's 'unknown' fallback (the one helper, providers/errorReason.ts). */
export const causeOf = reasonOf;

/**
 * The lab request and lab result lists (react-admin list queries start with the resource) and the kit pages (their
 * header names the assignee), read again after every lab action.
 */
const LAB_LISTS = ['lab-results', 'lab-requests', 'kits'] as const;

/**
 * A clinical action on the one action hook (shared/useAction), pessimistic: nothing is shown as done before the
 * server answers (`isPending` disables the buttons meanwhile, a second call is ignored); on success a toast, the lists
 * are refetched, then onSuccess. After a failure the lists are refetched too: the row may have changed under the user
 * (another tab, a 409), so it shows as it now is.
 */
export function useLabAction<V, R = unknown>(run: (dataProvider: PortalDataProvider, vars: V) => Promise<R>, options: LabActionOptions<V, R> = {}) {
  const { failure } = options;
  return useAction<V, R>(run, {
    success: options.success,
    failure: failure === null ? null : (error) => (failure ? failure(error) : { key: 'lab.actionFailed', args: { message: causeOf(error) } }),
    invalidate: LAB_LISTS,
    invalidateOnError: true,
    autoHideDuration: options.autoHideDuration,
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
