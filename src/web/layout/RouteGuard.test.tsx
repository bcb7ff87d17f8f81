// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, type Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clinicianProfile, fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { RouteGuard } from './RouteGuard';

/** Every path of the test app renders its name behind the guard, as routes.tsx wraps each screen. */
const PATHS = ['/inbox', '/SearchPatient', '/PatientProfile', '/result/:kitId', '/shipping-manifest', '/license', '/profile'];
const app = (
  <Routes>
    {PATHS.map((p) => (
      <Route
        key={p}
        path={p}
        element={
          <RouteGuard>
            <p>screen {p}</p>
          </RouteGuard>
        }
      />
    ))}
  </Routes>
);

function renderAt(url: string, groups: string[], calendarLink: string | null) {
  let location: Location | undefined;
  const dataProvider = fakeDataProvider({ getClinicianProfile: async () => clinicianProfile({ calendarLink, hasCalendar: !!calendarLink }) });
  renderInAdmin(app, { authProvider: fakeAuthProvider({ groups }), dataProvider, initialEntries: [url], onLocation: (l) => (location = l) });
  return () => location;
}

describe('RouteGuard: the clinical gate on every navigation', () => {
  it.each(['/inbox', '/SearchPatient', '/PatientProfile', '/result/KT0000001'])(
    'a clinician without a calendar link typing %s lands on the profile calendar section',
    async (url) => {
      const location = renderAt(url, ['clinicians'], null);
      expect(await screen.findByText('screen /profile')).toBeInTheDocument();
      expect(location()?.pathname).toBe('/profile');
      expect(location()?.search).toBe('?reason=invalidOrNoCalendar');
    },
  );

  it('her non-clinical screens stay open (licences, shipping manifest)', async () => {
    renderAt('/license', ['clinicians'], null);
    expect(await screen.findByText('screen /license')).toBeInTheDocument();
    renderAt('/shipping-manifest', ['clinicians'], null);
    expect(await screen.findByText('screen /shipping-manifest')).toBeInTheDocument();
  });

  it('a clinician with a calendar link, and staff, reach the clinical screens', async () => {
    const jane = renderAt('/inbox', ['clinicians'], 'https://cal.example.com/jane');
    expect(await screen.findByText('screen /inbox')).toBeInTheDocument();
    expect(jane()?.pathname).toBe('/inbox');
    renderAt('/SearchPatient', ['staff'], null);
    await waitFor(() => expect(screen.getByText('screen /SearchPatient')).toBeInTheDocument());
  });
});
