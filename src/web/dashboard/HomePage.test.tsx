// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { greetingFor } from '../../domain/dashboard/greeting';
import { TEXT } from '../../domain/i18n/en/app';
import type { ReactElement } from 'react';
import { DASHBOARD_CARDS } from '../../domain/dashboard/dashboard';
import type { PortalDataProvider } from '../providers/dataProvider';
import {
  clinicianProfile,
  fakeAuthProvider,
  fakeDataProvider as baseFakeDataProvider,
  renderInAdmin as baseRenderInAdmin,
  renderPortal,
} from '../test-utils/adminTestContext';
import { HomePage } from './HomePage';

// The Overview's calls get a fixed summary: every card available, Needing review at 4.
const cards = DASHBOARD_CARDS.map((c) => ({
  key: c.key,
  title: c.title,
  available: true,
  count: c.key === 'needingReview' ? 4 : 0,
  attention: false,
  rows: [],
}));
const fakeDataProvider = (overrides: Partial<PortalDataProvider> = {}) =>
  baseFakeDataProvider({ dashboardSummary: vi.fn(async () => ({ cards })), ...overrides });
const renderInAdmin = (ui: ReactElement, options: Parameters<typeof baseRenderInAdmin>[1] = {}) =>
  baseRenderInAdmin(ui, { dataProvider: fakeDataProvider(), ...options });

const alerts = async () => {
  await screen.findByRole('heading', { name: 'Overview' });
  return screen.queryAllByRole('alert').map((a) => a.textContent);
};

describe('HomePage', () => {
  it('greets the user by first name for the time of day', async () => {
    // The hour read before and after the render: the test may run across a change of greeting (12:00, 18:00).
    const before = greetingFor(new Date().getHours());
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['staff'], givenName: 'Rosa' }) });
    const heading = (await screen.findByRole('heading', { level: 1 })).textContent;
    expect([`${before}, Rosa`, `${greetingFor(new Date().getHours())}, Rosa`]).toContain(heading);
  });

  it('shows the Overview with its nine cards below the greeting', async () => {
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }) });
    expect(await screen.findAllByTestId('card-count')).toHaveLength(9);
    expect(screen.getByTestId('dashboard-card-needingReview')).toHaveTextContent('Needing review4');
    expect(screen.getByRole('button', { name: 'My States' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('welcomes a super admin', async () => {
    const dataProvider = fakeDataProvider();
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['super_admin'] }), dataProvider });
    expect(await alerts()).toEqual([TEXT.superAdminWelcome]);
    expect(dataProvider.getClinicianProfile).not.toHaveBeenCalled();
  });

  it('lists the unverified licences to a super admin, by clinician, with a link to review them', async () => {
    const licence = (id: string, state: string, clinicianId: string, clinicianName: string, verified: boolean) => ({
      id,
      state,
      licenseId: `L-${id}`,
      expirationDate: '2030-01-01',
      goodStanding: true,
      acknowledgement: true,
      verified,
      clinicianId,
      clinicianName,
    });
    const getList = vi.fn(async (resource: string, _params?: { filter?: unknown }) => {
      const data =
        resource === 'all-licences'
          ? [
              licence('1', 'NV', 'c1', 'Jane Doe', false),
              licence('2', 'CO', 'c1', 'Jane Doe', false),
              licence('3', 'CA', 'c2', 'Ann Lee', true),
              licence('4', 'TX', 'c3', 'Sam Roe', false),
            ]
          : [];
      return { data, total: data.length };
    });
    renderInAdmin(<HomePage />, {
      authProvider: fakeAuthProvider({ groups: ['super_admin'] }),
      dataProvider: fakeDataProvider({ getList } as never),
    });
    const banner = (await screen.findByText(/^Unverified licences/)).closest('[data-banner]');
    expect(banner).toHaveAttribute('data-banner', 'unverifiedLicences');
    expect(banner).toHaveTextContent('Unverified licences (3): Jane Doe (NV, CO); Sam Roe (TX)Review licences');
    expect(await alerts()).toContain(TEXT.superAdminWelcome);
    expect(screen.getByRole('link', { name: 'Review licences' })).toHaveAttribute('href', '/license');
    // The server filters the unverified ones (the list's filter), not the browser after reading every licence.
    expect(getList.mock.calls.find((c) => c[0] === 'all-licences')?.[1]).toMatchObject({ filter: { verified: false } });
  });

  it('shows no unverified-licence banner to a clinician', async () => {
    const dataProvider = fakeDataProvider();
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await alerts()).toEqual([]);
    expect(vi.mocked(dataProvider.getList).mock.calls.map((c) => c[0])).not.toContain('all-licences');
  });

  it('tells staff, operation support and auditors that access is restricted', async () => {
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['operation_support', 'auditor_read_only'] }) });
    expect(await alerts()).toEqual([TEXT.accessRestricted]);
  });

  it('shows no banner to an active clinician with licence and calendar, fetching the profile once', async () => {
    const dataProvider = fakeDataProvider();
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await alerts()).toEqual([]);
    expect(dataProvider.getClinicianProfile).toHaveBeenCalledTimes(1);
  });

  it('lists the states of invalid or expired licences', async () => {
    const dataProvider = fakeDataProvider({
      getClinicianProfile: vi.fn(async () => clinicianProfile({ hasExpiredOrInValidLicense: true, inValidLicenseStates: ['CO', 'TX'] })),
    });
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await alerts()).toEqual(['Your licence is expired or invalid in these states: CO, TX']);
  });

  it('shows the no-licence banner and opens the licence onboarding dialog', async () => {
    const dataProvider = fakeDataProvider({
      getClinicianProfile: vi.fn(async () => clinicianProfile({ hasNoLicense: true, hasCalendar: false })),
    });
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await screen.findByRole('dialog', { name: 'Add your licence' })).toBeInTheDocument();
    expect(screen.getByText(TEXT.noLicense)).toBeInTheDocument();
  });

  it('asks a clinician without profile to contact support', async () => {
    const dataProvider = fakeDataProvider({ getClinicianProfile: vi.fn(async () => null) });
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await alerts()).toEqual([TEXT.noProfile]);
  });

  it('asks a user whose groups are no known role to contact support', async () => {
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['beta-testers'] }) });
    expect(await alerts()).toEqual([TEXT.noRoles]);
  });

  it('shows the fetch error when the profile cannot be loaded', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the failure
    const dataProvider = fakeDataProvider({ getClinicianProfile: vi.fn(async () => Promise.reject(new Error('down'))) });
    renderInAdmin(<HomePage />, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await screen.findByText(TEXT.errorFetchingProfile, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText(TEXT.noProfile)).not.toBeInTheDocument();
    quiet.mockRestore();
  });

  it('sends a clinician without calendar link to the profile', async () => {
    let location: Location | undefined;
    const dataProvider = fakeDataProvider({ getClinicianProfile: vi.fn(async () => clinicianProfile({ hasCalendar: false })) });
    renderPortal('/', { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider, onLocation: (l) => (location = l) });
    expect(await screen.findByText('Access Restricted', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(location?.pathname).toBe('/profile');
    expect(location?.search).toBe('?reason=invalidOrNoCalendar');
  });
});

describe('account states (every route)', () => {
  it('holds a user in no group on the pending-review screen with a Logout button', async () => {
    const authProvider = fakeAuthProvider({ groups: [] });
    renderPortal('/request', { authProvider });
    expect(await screen.findByText(TEXT.pendingReview)).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Logout' }).click();
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('shows an INACTIVE clinician the disabled message instead of the app', async () => {
    const dataProvider = fakeDataProvider({ getClinicianProfile: vi.fn(async () => clinicianProfile({ status: 'INACTIVE' })) });
    renderPortal('/', { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider });
    expect(await screen.findByText(TEXT.accountDisabled)).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
