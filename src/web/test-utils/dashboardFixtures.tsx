import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DASHBOARD_CARDS, showsAttention, type DashboardCardKey } from '../../domain/dashboard/dashboard';
import { permissionsFor, type Role } from '../../domain/shared/roles';
import type { DashboardRow, DashboardSummary } from '../providers/dashboardMethods';
import { createDataProvider } from '../providers/dataProvider';
import { createApiFetch, type ApiFetch } from '../providers/httpClient';
import { fakeAuthProvider, renderInAdmin } from './adminTestContext';
import { Overview } from '../dashboard/Overview';

/** Test helpers of the Overview (not shipped): summary answers, rows, an msw server and a renderer. */

export const BASE = 'http://portal.test';
export const dashboardMswServer = () => setupServer();

/** The summary answer: counts by card (0 when not given), cards not available to the role answered as the server does. */
export function summaryAnswer(counts: Partial<Record<DashboardCardKey, number>> = {}, notAvailable: DashboardCardKey[] = []): DashboardSummary {
  return {
    cards: DASHBOARD_CARDS.map((c) => {
      const available = !notAvailable.includes(c.key);
      const count = available ? (counts[c.key] ?? 0) : null;
      return { key: c.key, title: c.title, available, count, attention: showsAttention(c, count), rows: [] };
    }),
  };
}

export const kitRow = (kitId: string, o: Partial<DashboardRow> = {}): DashboardRow => ({
  rowType: 'kit',
  kitId,
  name: 'Ann Lee',
  dob: '1990-05-20',
  email: 'ann.lee@example.com',
  clinicianName: null,
  kitStatus: 'REJECTED',
  testResultStatus: null,
  careLocation: 'CHARLESTON_NV_89104',
  panelName: '5-Panel STD Test',
  patientState: 'NV',
  createDateTime: '2026-03-04T14:30:00.000Z',
  masked: false,
  ...o,
});

export const maskedKitRow = (kitId: string): DashboardRow => {
  const X = 'XXXXXX';
  return {
    rowType: X,
    kitId,
    name: X,
    dob: X,
    email: X,
    clinicianName: X,
    kitStatus: X,
    testResultStatus: X,
    careLocation: X,
    panelName: X,
    patientState: X,
    createDateTime: '2026-03-01T10:00:00.000Z',
    masked: true,
  };
};

export const bookingRow = (bookingId: string, o: Partial<DashboardRow> = {}): DashboardRow => ({
  rowType: 'booking',
  bookingId,
  bookingStatus: 'CONFIRMED',
  careStateRegion: 'NV',
  email: 'bo.ray@example.com',
  name: 'Bo Ray',
  selfcheckinComplete: false,
  dob: '1985-01-02',
  products: [],
  careLocation: 'ONLINE',
  appntStart: '2026-03-04T16:00:00.000Z',
  masked: false,
  ...o,
});

export const orderRow = (orderId: string, kitId: string | null): DashboardRow => ({
  rowType: 'order',
  orderId,
  kitId,
  orderStatus: 'PENDING_SHIPMENT',
  orderCreateDate: '2026-03-02T09:00:00.000Z',
  email: 'cy.moe@example.com',
  vendor: 'LIFESCAN',
  careLocation: 'DENVER_CAREHUB_01',
  patientState: 'CO',
  createDateTime: '2026-03-02T09:00:00.000Z',
  masked: false,
});

/** Answers the summary (and optionally the card tables), recording each request's URL. */
export function answerDashboard(
  server: ReturnType<typeof setupServer>,
  summary: (url: URL) => Response = () => HttpResponse.json(summaryAnswer()) as Response,
  card: (key: string, url: URL) => Response = () => HttpResponse.json({ items: [], total: 0 }) as Response,
) {
  const summaryUrls: URL[] = [];
  const cardUrls: URL[] = [];
  server.use(
    http.get(`${BASE}/secure/dashboard/summary`, ({ request }) => {
      const url = new URL(request.url);
      summaryUrls.push(url);
      return summary(url);
    }),
    http.get(`${BASE}/secure/dashboard/card/:key`, ({ request, params }) => {
      const url = new URL(request.url);
      cardUrls.push(url);
      return card(String(params.key), url);
    }),
    http.get(`${BASE}/secure/breakGlass/mine`, () => HttpResponse.json({ items: [], minutes: 60 })),
  );
  return { summaryUrls, cardUrls };
}

export const testApiFetch = () => createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' });

/** The Overview for a role, talking to msw at BASE. */
export function renderOverview(roles: Role[] = ['clinicians'], api: ApiFetch = testApiFetch()) {
  return renderInAdmin(<Overview permissions={permissionsFor(roles)} />, {
    authProvider: fakeAuthProvider({ groups: roles }),
    dataProvider: createDataProvider(api),
  });
}

export const query = (url: URL) => Object.fromEntries(url.searchParams);
