import type { DashboardCardKey } from '../../domain/dashboard/dashboard';
import type { ApiFetch } from './httpClient';

/** The Overview's filters (spec 1 §2): care location, My States / All States, and the states picked for All States. */
export interface DashboardFilters {
  careLocation: string;
  stateMode: 'MY' | 'ALL';
  states: string[];
}

/** A card table row as the server sends it (kit, order, booking or message row); masked rows hold XXXXXX. */
export type DashboardRow = Record<string, unknown> & { masked?: boolean };

export interface SummaryCard {
  key: DashboardCardKey;
  title: string;
  available: boolean;
  count: number | null;
  attention: boolean;
  rows: DashboardRow[];
}
export interface DashboardSummary {
  cards: SummaryCard[];
}
export interface CardPage {
  items: DashboardRow[];
  total: number;
}

/** The query string of the summary and card endpoints (an empty states list is left out: every state). */
export const filtersQuery = (f: DashboardFilters) => ({
  careLocation: f.careLocation,
  stateMode: f.stateMode,
  states: f.stateMode === 'ALL' ? f.states.join(',') : '',
});

/** The home dashboard's calls (spec 1 §2, §3): the nine cards' counts and one page of a card's table. */
export function createDashboardMethods(api: ApiFetch) {
  return {
    /** GET /secure/dashboard/summary with the filters; perPage = preview rows per card. */
    dashboardSummary: (filters: DashboardFilters, perPage: number, signal?: AbortSignal): Promise<DashboardSummary> =>
      api('/secure/dashboard/summary', { query: { ...filtersQuery(filters), perPage }, signal }),
    /** GET /secure/dashboard/card/{key} with the filters, paged on the server. */
    dashboardCard: (
      key: DashboardCardKey,
      filters: DashboardFilters,
      { page, perPage }: { page: number; perPage: number },
      signal?: AbortSignal,
    ): Promise<CardPage> => api(`/secure/dashboard/card/${encodeURIComponent(key)}`, { query: { ...filtersQuery(filters), page, perPage }, signal }),
  };
}

export type DashboardMethods = ReturnType<typeof createDashboardMethods>;
