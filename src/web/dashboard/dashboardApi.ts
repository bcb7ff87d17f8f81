import { createContext, useContext } from 'react';
import type { DashboardCard, DashboardCardKey } from '../../domain/dashboard';
import { US_STATES } from '../../domain/states';
import { apiFetch, type ApiFetch } from '../providers/httpClient';

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

export type RowType = 'kit' | 'order' | 'booking' | 'message';
/** The row shape of a card's table. Read from the card, not the row: a masked row's rowType is XXXXXX too. */
export const rowTypeOf = (card: DashboardCard): RowType =>
  card.source === 'orders' ? 'order' : card.source === 'bookings' ? 'booking' : card.source === 'messages' ? 'message' : 'kit';

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

/** The query string of the summary and card endpoints (an empty states list is left out: every state). */
export const filtersQuery = (f: DashboardFilters) => ({
  careLocation: f.careLocation,
  stateMode: f.stateMode,
  states: f.stateMode === 'ALL' ? f.states.join(',') : '',
});

/** The HTTP client the Overview calls; the portal's by default, a test one in tests. */
export const DashboardApiContext = createContext<ApiFetch>(apiFetch);
export const useDashboardApi = () => useContext(DashboardApiContext);

/** Dashboard fetch errors are only logged (spec 1 §8), with the status and never a row or message body (no PHI). */
export function logDashboardFailure(what: string, error: unknown, signal?: AbortSignal) {
  if (signal?.aborted) return;
  const status = (error as { status?: unknown } | null)?.status;
  console.error(`Dashboard ${what} could not be loaded (status ${typeof status === 'number' ? status : 'n/a'})`);
}
