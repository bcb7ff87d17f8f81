// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Location } from 'react-router';
import { type AccessLogRow } from '../../domain/access-log/access-log';
import { ACCESS_LOG_TEXTS } from '../../domain/i18n/en/access-log';
import { TEXT } from '../../domain/i18n/en/app';
import { createDataProvider } from '../providers/dataProvider';
import { createApiFetch } from '../providers/httpClient';
import { fakeAuthProvider, renderInAdmin, renderPortal } from '../test-utils/adminTestContext';
import { AccessLogPage } from './AccessLogPage';

vi.setConfig({ testTimeout: 20_000 });
const BASE = 'http://audit.test';
const PATIENT = '11111111-1111-4111-8111-111111111111';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const row = (o: Partial<AccessLogRow> = {}): AccessLogRow => ({
  id: '7',
  at: '2026-11-23T10:00:00.000Z',
  actorSub: 'sub-c',
  actorName: 'Jane Doe',
  action: 'READ',
  method: 'GET',
  route: '/secure/patient/detailsBySubId/:id',
  entityType: 'patient',
  entityIds: [PATIENT],
  patientIds: [PATIENT],
  outcome: 'SUCCESS',
  statusCode: 200,
  clientIp: '10.0.0.8',
  userAgent: 'Chrome',
  chainSeq: '7',
  breakGlass: false,
  ...o,
});
const render = () =>
  renderInAdmin(<AccessLogPage />, {
    authProvider: fakeAuthProvider({ groups: ['auditor_read_only'] }),
    dataProvider: createDataProvider(createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' })),
  });

describe('PHI access log page', () => {
  it("shows the sealer's state on open and verifies the chain only on demand; the newest rows first with who, what and from where; filters by patient on the server", async () => {
    const urls: URL[] = [];
    let verifications = 0;
    server.use(
      http.get(`${BASE}/secure/auditLog/chain/summary`, () =>
        HttpResponse.json({
          sealedRows: 7,
          unsealed: 1,
          lastVerification: verifications ? { at: '2026-11-23T10:00:01.000Z', ok: true, verifiedRows: 7, bySub: 'aud-sub', byName: null } : null,
        }),
      ),
      http.get(`${BASE}/secure/auditLog/chain`, () => {
        verifications += 1;
        return HttpResponse.json({
          ok: true,
          description: 'verified up to row 7 (7 rows in the chain, head hash ab)',
          verifiedRows: 7,
          brokenRowId: null,
          checkedAt: '2026-11-23T10:00:01.000Z',
        });
      }),
      http.get(`${BASE}/secure/auditLog`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json(
          [row(), row({ id: '8', actorName: null, actorSub: 'staff-sub', outcome: 'DENIED', entityIds: ['a', 'b', 'c', 'd', 'e'] })],
          { headers: { 'Content-Range': 'items 0-1/2' } },
        );
      }),
    );
    render();
    expect(await screen.findByText('7 rows sealed in the chain, 1 waiting for the sealer')).toBeInTheDocument();
    expect(screen.getByText(ACCESS_LOG_TEXTS.chainNeverVerified)).toBeInTheDocument();
    expect(verifications).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: ACCESS_LOG_TEXTS.chainVerify }));
    expect(await screen.findByText(/verified up to row 7/)).toBeInTheDocument();
    expect(screen.getByText(ACCESS_LOG_TEXTS.chainOk)).toBeInTheDocument();
    expect(verifications).toBe(1);
    expect(await screen.findByText(/^Last verified .* by aud-sub: intact up to row 7$/)).toBeInTheDocument();
    const first = (await screen.findByText('Jane Doe')).closest('tr')!;
    expect(within(first).getByText('read patient (GET /secure/patient/detailsBySubId/:id)')).toBeInTheDocument();
    expect(within(first).getByText('10.0.0.8')).toBeInTheDocument();
    expect(screen.getByText('a, b, c +2')).toBeInTheDocument();
    expect(screen.getByText('staff-sub')).toBeInTheDocument();
    expect(urls[0].searchParams.get('sort')).toBe('["at","DESC"]');
    expect(urls[0].searchParams.get('range')).toBe('[0,49]');
    expect(screen.getByText(ACCESS_LOG_TEXTS.disclosuresHint)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(ACCESS_LOG_TEXTS.filters.patientId), { target: { value: PATIENT } });
    await waitFor(() => expect(JSON.parse(urls.at(-1)!.searchParams.get('filter')!)).toEqual({ patientId: PATIENT }));
    expect(await screen.findByRole('button', { name: ACCESS_LOG_TEXTS.disclosures })).toBeInTheDocument();
  });

  it('shows a broken chain as an error with the first broken row; a log with no matching row says so', async () => {
    server.use(
      http.get(`${BASE}/secure/auditLog/chain/summary`, () =>
        HttpResponse.json({
          sealedRows: 5,
          unsealed: 0,
          lastVerification: { at: '2026-11-23T09:00:00.000Z', ok: false, verifiedRows: 4, bySub: 'aud-sub', byName: 'Owen Price' },
        }),
      ),
      http.get(`${BASE}/secure/auditLog/chain`, () =>
        HttpResponse.json({
          ok: false,
          description: 'audit chain broken at row 5 (chain position 5, after 4 verified rows): content does not match',
          verifiedRows: 4,
          brokenRowId: 5,
          checkedAt: '2026-11-23T10:00:01.000Z',
        }),
      ),
      // No row matches: the empty state (paging past an uncounted total is the dataProvider test's).
      http.get(`${BASE}/secure/auditLog`, () => HttpResponse.json([], { headers: { 'Content-Range': 'items */0' } })),
    );
    render();
    expect(await screen.findByText(/^Last verified .* by Owen Price: broken$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ACCESS_LOG_TEXTS.chainVerify }));
    expect(await screen.findByText(/audit chain broken at row 5/)).toBeInTheDocument();
    expect(screen.getByText(ACCESS_LOG_TEXTS.chainBroken)).toBeInTheDocument();
    expect(await screen.findByText(ACCESS_LOG_TEXTS.empty)).toBeInTheDocument();
  });
});

describe('who sees the PHI access log', () => {
  it('a clinician is sent to the unauthorized page', async () => {
    let location: Location | undefined;
    renderPortal('/access-log', { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), onLocation: (l) => (location = l) });
    expect(await screen.findByText(TEXT.unauthorizedPage, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(location?.pathname).toBe('/401-page');
  });
});
