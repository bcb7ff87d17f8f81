import { useCallback } from 'react';
import { useListContext } from 'react-admin';

type Filters = Record<string, unknown>;

// Filters set but not yet seen back in the list context, per resource: react-admin applies setFilters
// asynchronously, so two quick changes (My States, then Unassigned) would otherwise merge onto stale values.
const pending = new Map<string, { filters: Filters; at: number }>();
const PENDING_MS = 2000;

const sameFilters = (a: Filters, b: Filters) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => String(a[k] ?? '') === String(b[k] ?? ''));
};

/**
 * Changes some list filters, keeping the others, including changes not yet applied. Left for the message lists only:
 * the lab lists put their filters in one react-admin FilterLiveForm (labFilters.tsx), which is the way to follow.
 */
export function useFilterPatch() {
  const { resource, filterValues, displayedFilters, setFilters } = useListContext();
  const waiting = pending.get(resource);
  if (waiting && (sameFilters(waiting.filters, filterValues) || Date.now() - waiting.at > PENDING_MS)) pending.delete(resource);
  return useCallback((patch: Filters, remove: string[] = []) => {
    const base = pending.get(resource)?.filters ?? filterValues;
    const next: Filters = { ...base, ...patch };
    for (const key of remove) delete next[key];
    pending.set(resource, { filters: next, at: Date.now() });
    setFilters(next, displayedFilters, false);
  }, [resource, filterValues, displayedFilters, setFilters]);
}
