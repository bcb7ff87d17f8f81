import { useCallback } from 'react';
import { useListContext, type ListControllerResult } from 'react-admin';

type Filters = Record<string, unknown>;

/*
 * react-admin applies setFilters on its next tick and replaces the whole filter, so two changes made before the list
 * re-renders (My States, then Unassigned) would each start from the same values and the second would drop the first.
 * A change not yet applied is kept against the list's own setFilters: react-admin makes a new one whenever the list's
 * parameters change, so a kept change lives exactly as long as the parameters it was made on (no timer, nothing shared
 * between lists, tabs or tests).
 */
const notYetApplied = new WeakMap<ListControllerResult['setFilters'], Filters>();

/**
 * Changes some list filters, keeping the others, including changes not yet applied. Left for the message lists only:
 * the lab lists put their filters in one react-admin FilterLiveForm (labFilters.tsx), which is the way to follow.
 */
export function useFilterPatch() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  return useCallback((patch: Filters, remove: string[] = []) => {
    const next: Filters = { ...(notYetApplied.get(setFilters) ?? filterValues), ...patch };
    for (const key of remove) delete next[key];
    notYetApplied.set(setFilters, next);
    setFilters(next, displayedFilters, false);
  }, [filterValues, displayedFilters, setFilters]);
}
