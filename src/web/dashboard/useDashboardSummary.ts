import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PREVIEW_ROWS, type DashboardCardKey } from '../../domain/dashboard';
import {
  filtersQuery, logDashboardFailure, useDashboardApi, type CardPage, type DashboardFilters, type DashboardSummary,
} from './dashboardApi';

const STALE_MS = 30_000;

/** The nine cards' counts for the filters (GET /secure/dashboard/summary); the previous counts stay while refetching. */
export function useDashboardSummary(filters: DashboardFilters) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: ['dashboard', 'summary', filters],
    queryFn: async ({ signal }) => {
      try {
        return await api<DashboardSummary>('/secure/dashboard/summary', {
          query: { ...filtersQuery(filters), perPage: DASHBOARD_PREVIEW_ROWS },
          signal,
        });
      } catch (error) {
        logDashboardFailure('summary', error, signal);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
    retry: 1,
  });
}

/** One page of a card's table (GET /secure/dashboard/card/{key}). */
export function useCardTable(key: DashboardCardKey, filters: DashboardFilters, page: number, perPage: number) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: ['dashboard', 'card', key, filters, page, perPage],
    queryFn: async ({ signal }) => {
      try {
        return await api<CardPage>(`/secure/dashboard/card/${encodeURIComponent(key)}`, {
          query: { ...filtersQuery(filters), page, perPage },
          signal,
        });
      } catch (error) {
        logDashboardFailure(`card table ${key}`, error, signal);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
    retry: 1,
  });
}
