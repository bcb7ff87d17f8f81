import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * One request at a time for an action: a second mutate while the first runs is ignored. React Query reports isPending
 * only after a re-render, so a double click could otherwise send twice (and show the second one's 409 as an error);
 * the ref closes that gap, and isPending is true from the first click.
 */
export function useSingleFlight<TData, TError, TVars, TContext>(m: UseMutationResult<TData, TError, TVars, TContext>) {
  const busy = useRef(false);
  const { mutate: run } = m;
  const mutate = useCallback(
    (vars: TVars, options?: MutateOptions<TData, TError, TVars, TContext>) => {
      if (busy.current) return;
      busy.current = true;
      run(vars, {
        ...options,
        onSettled: (...args) => {
          busy.current = false;
          options?.onSettled?.(...args);
        },
      });
    },
    [run],
  );
  return { ...m, mutate, isPending: m.isPending || busy.current };
}
