// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { LabRequestsPage } from '../lab-requests/LabRequestsPage';
import { LabResultsPage } from '../lab-results/LabResultsPage';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, LICENCE_STATES, testDataProvider } from '../test-utils/labFixtures';

/** The lab tables after the field test of 2026-11-23 (findings 11, 12, 13, 23). */
const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup(path: string, groups = ['clinicians'], approve: () => Response = () => HttpResponse.json({})) {
  const urls: URL[] = [];
  const row = { status: 'REGISTERED' };
  server.use(
    http.get(`${BASE}/secure/license/validAndInvalidStates`, () => HttpResponse.json(LICENCE_STATES)),
    http.get(`${BASE}/secure/labRequest`, ({ request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json({ items: [labRow({ kitId: 'KT0000485', status: row.status, requestStatus: row.status })], total: 1 });
    }),
    http.get(`${BASE}/secure/testResult`, ({ request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json({ items: [labRow({ kitId: 'KT0000485' })], total: 1 });
    }),
    http.put(`${BASE}/secure/labRequest/approve`, () => {
      row.status = 'APPROVED';
      return approve();
    }),
  );
  renderInAdmin(path.startsWith('/request') ? <LabRequestsPage /> : <LabResultsPage />, {
    dataProvider: testDataProvider(),
    authProvider: fakeAuthProvider({ groups }),
    initialEntries: [path],
  });
  return urls;
}

describe('lab tables after the field test', () => {
  it.each([
    ['staff', '/request'],
    ['operation_support', '/result'],
  ])('finding 11: %s on %s is told why, with no request, no error and no pager', async (role, path) => {
    const urls = setup(path, [role]);
    expect(await screen.findByText(LAB_TEXT.noClinicalAccess)).toBeInTheDocument();
    expect(screen.queryByText(/Forbidden/)).toBeNull();
    expect(screen.queryByText(/of 50/)).toBeNull();
    expect(screen.queryByRole('button', { name: LAB_TEXT.export })).toBeNull();
    expect(urls).toEqual([]);
  });

  it('finding 12: a row answered 409 is refreshed (no longer REGISTERED with Approve)', async () => {
    const urls = setup('/request', ['clinicians'], () =>
      HttpResponse.json({ msg: 'Conflict', reason: 'lab request is APPROVED; approve needs REGISTERED' }, { status: 409 }),
    );
    const approve = await screen.findByRole('button', { name: LAB_TEXT.approve });
    await waitFor(() => expect(approve).toBeEnabled());
    const before = urls.length;
    fireEvent.click(approve);
    expect(await screen.findByText(/approve needs REGISTERED/)).toBeInTheDocument();
    await waitFor(() => expect(urls.length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('button', { name: LAB_TEXT.approve })).toBeNull());
  });

  it.each([
    ['/result?perPage=-5&page=-1', '50', '1'],
    ['/result?perPage=100000&page=1', '200', '1'],
    ['/result?perPage=abc&page=2.5', '50', '1'],
  ])('finding 13: %s is clamped to an allowed page size and page before asking the server', async (path, perPage, page) => {
    const urls = setup(path);
    await screen.findByText('KT0000485');
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.searchParams.get('perPage')).toBe(perPage);
      expect(url.searchParams.get('page')).toBe(page);
    }
    expect(screen.queryByText(/querystring/)).toBeNull();
  });

  it('finding 23: the Lab Requests toggle speaks of lab requests', async () => {
    setup('/request');
    await screen.findByText('KT0000485');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.myStates }));
    expect(await screen.findByText(LAB_TEXT.showingMyStatesRequests)).toBeInTheDocument();
  });
});
