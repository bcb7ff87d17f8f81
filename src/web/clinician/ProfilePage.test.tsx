// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { ProfilePage } from './ProfilePage';

const at = (url: string, dataProvider = fakeDataProvider()) =>
  renderInAdmin(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/license" element={<ProfilePage />} />
      <Route path="/calendar" element={<ProfilePage />} />
    </Routes>,
    { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), dataProvider, initialEntries: [url] },
  );

describe('ProfilePage', () => {
  it('shows name, e-mail and status', async () => {
    at('/profile');
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('ACTIVE')).toBeInTheDocument();
  });

  it('opens the licences with an Access Restricted banner for reason=noLicense', async () => {
    const dataProvider = fakeDataProvider({
      getList: vi.fn(async () => ({
        data: [
          { id: 'a', state: 'NV', licenseId: 'NV-1', expirationDate: '2999-01-01', goodStanding: true, acknowledgement: true },
          { id: 'b', state: 'CO', licenseId: 'CO-1', expirationDate: '2000-01-01', goodStanding: true, acknowledgement: true },
        ] as never[],
        total: 2,
      })),
    });
    at('/profile?reason=noLicense', dataProvider);
    expect(screen.getByText('Access Restricted')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Manage Licences' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Licences' });
    expect(within(list).getByText('Valid')).toBeInTheDocument();
    expect(within(list).getByText('Invalid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows Action Required for expired or invalid licences', () => {
    at('/profile?reason=expiredOrInvalidLicense');
    expect(screen.getByText('Action Required')).toBeInTheDocument();
  });

  it('opens the calendar link on /calendar', async () => {
    const dataProvider = fakeDataProvider({ getCalendarLink: vi.fn(async () => ({ calendarLink: 'https://cal.example/jane' })) });
    at('/calendar', dataProvider);
    expect(await screen.findByRole('link', { name: 'https://cal.example/jane' })).toBeInTheDocument();
  });
});
