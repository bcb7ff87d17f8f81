import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * A mutation that runs at most once at a time (field test finding 2). `isPending` disables the buttons, but it
 * reaches the screen one render later, after react-query's notification: a double click lands its second click
 * before that. The ref refuses the second call synchronously; `isPending` is true from the first click on.
 */
export function useOneAtATime<R, V, C = unknown>(mutation: UseMutationResult<R, Error, V, C>) {
  const running = useRef(false);
  const { mutate: run } = mutation;
  const mutate = useCallback((vars: V, options?: MutateOptions<R, Error, V, C>) => {
    if (running.current) return;
    running.current = true;
    const settle: MutateOptions<R, Error, V, C> = {
      ...options,
      onSettled: (...args) => {
        running.current = false;
        options?.onSettled?.(...args);
      },
    };
    (run as (v: V, o: MutateOptions<R, Error, V, C>) => void)(vars, settle);
  }, [run]);
  return { ...mutation, mutate, isPending: mutation.isPending || running.current };
}
