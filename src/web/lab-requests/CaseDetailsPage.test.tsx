// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, LICENCE_STATES, testDataProvider } from '../test-utils/labFixtures';
import { CaseDetailsPage } from './CaseDetailsPage';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Case details', () => {
  it('lists the assigned lab request of the kit with approve/reject and the Patient Details modal', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/license/validAndInvalidStates`, () => HttpResponse.json(LICENCE_STATES)),
      http.get(`${BASE}/secure/labRequest`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [labRow({ kitId: 'KT0000007', status: 'REGISTERED' })], total: 1 });
      }),
    );
    renderInAdmin(
      <Routes>
        <Route path="/userrequest/:kitId" element={<CaseDetailsPage />} />
      </Routes>,
      { dataProvider: testDataProvider(), authProvider: fakeAuthProvider({ groups: ['clinicians'] }), initialEntries: ['/userrequest/KT0000007'] },
    );
    expect(await screen.findByRole('heading', { name: LAB_TEXT.caseDetailsTitle, level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('KT0000007')).closest('tr')!;
    expect(urls[0].searchParams.get('kitId')).toBe('KT0000007');
    expect(urls[0].searchParams.get('queryType')).toBe('ASSIGNED');
    expect(within(row).getByRole('button', { name: LAB_TEXT.approve })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: LAB_TEXT.reject })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: LAB_TEXT.patientDetails }));
    const dialog = await screen.findByRole('dialog', { name: LAB_TEXT.patientDetails });
    for (const value of ['Ann Lee', '1 Main St', 'Las Vegas', 'NV', '89104', 'ann.lee@example.com', '7025550101']) {
      expect(within(dialog).getByText(value)).toBeInTheDocument();
    }
  });
});
