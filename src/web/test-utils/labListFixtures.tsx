import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { fakeAuthProvider, renderInAdmin } from './adminTestContext';
import { BASE, labMswServer, labRow, LICENCE_STATES, testDataProvider } from './labFixtures';

/**
 * A lab list screen against msw (not shipped): one kit KT0000485, REGISTERED on Lab Requests until approved.
 * Returns the server (listen/close it in the test file) and a renderer that records every list request's URL.
 */
export function labListServer() {
  const server = labMswServer();
  const render = (page: ReactElement, path: string, groups = ['clinicians'], approve: () => Response = () => HttpResponse.json({})) => {
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
    renderInAdmin(page, { dataProvider: testDataProvider(), authProvider: fakeAuthProvider({ groups }), initialEntries: [path] });
    return urls;
  };
  return { server, render };
}
