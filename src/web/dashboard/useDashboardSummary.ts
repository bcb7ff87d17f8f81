import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { DASHBOARD_PREVIEW_ROWS, type DashboardCardKey } from '../../domain/dashboard/dashboard';
import { US_STATES } from '../../domain/shared/states';
import type { DashboardFilters } from '../providers/dashboardMethods';
import type { PortalDataProvider } from '../providers/dataProvider';
import { statusOf } from '../providers/errorReason';

const STALE_MS = 30_000;

export const defaultFilters = (clinician: boolean): DashboardFilters => ({
  careLocation: 'ALL',
  stateMode: clinician ? 'MY' : 'ALL',
  states: [],
});

/** One spelling per meaning (states only with All States, in the list's order), so query keys match and nothing is fetched twice. */
export function normaliseFilters(f: DashboardFilters): DashboardFilters {
  const states = f.stateMode === 'ALL' ? (US_STATES as readonly string[]).filter((s) => f.states.includes(s)) : [];
  return { careLocation: f.careLocation, stateMode: f.stateMode, states };
}

/** Dashboard fetch errors are only logged (spec 1 §8), with the status and never a row or message body (no PHI). */
export function logDashboardFailure(what: string, error: unknown, signal?: AbortSignal) {
  if (signal?.aborted) return;
  console.error(`Dashboard ${what} could not be loaded (status ${statusOf(error) || 'n/a'})`);
}

const logged = <T>(what: string, signal: AbortSignal, call: () => Promise<T>) =>
  call().catch((error: unknown) => {
    logDashboardFailure(what, error, signal);
    throw error;
  });

/** The nine cards' counts for the filters (dataProvider.dashboardSummary); the previous counts stay while refetching. */
export function useDashboardSummary(filters: DashboardFilters) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['dashboard', 'summary', filters],
    queryFn: ({ signal }) => logged('summary', signal, () => dataProvider.dashboardSummary(filters, DASHBOARD_PREVIEW_ROWS, signal)),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
    retry: 1,
  });
}

/** One page of a card's table (dataProvider.dashboardCard). */
export function useCardTable(key: DashboardCardKey, filters: DashboardFilters, page: number, perPage: number) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['dashboard', 'card', key, filters, page, perPage],
    queryFn: ({ signal }) => logged(`card table ${key}`, signal, () => dataProvider.dashboardCard(key, filters, { page, perPage }, signal)),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
    retry: 1,
  });
}
