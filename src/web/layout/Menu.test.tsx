// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { PortalMenu } from './Menu';

const ALL = [
  'Home',
  'My Messages',
  'Find Appointments',
  'Calendar',
  'Lab Requests',
  'Lab Results',
  'Manage Lab Order',
  'Shipping Manifest',
  'Patient Search',
  'PHI Access Log',
  'Break-glass review',
  'Super Admin Panel',
  'Manage Profile License & Calendar',
  'Logout',
];

describe('PortalMenu', () => {
  it('shows the whole spec menu, in order, to a super admin', async () => {
    renderInAdmin(<PortalMenu />, { authProvider: fakeAuthProvider({ groups: ['super_admin'] }) });
    await screen.findByRole('menuitem', { name: 'Super Admin Panel' });
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(ALL);
    for (const heading of ['Appointments', 'Lab', 'Search', 'Compliance', 'My Account']) expect(within(menu).getByText(heading)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Patient Search' })).toHaveAttribute('href', '/SearchPatient');
    expect(screen.getByRole('menuitem', { name: 'Super Admin Panel' })).toHaveAttribute('href', '/super-admin');
  });

  it('hides the Super Admin Panel from other roles', async () => {
    renderInAdmin(<PortalMenu />, { authProvider: fakeAuthProvider({ groups: ['clinicians', 'staff'] }) });
    await screen.findByRole('menuitem', { name: 'Lab Results' });
    expect(screen.queryByRole('menuitem', { name: 'Super Admin Panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'PHI Access Log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Break-glass review' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Manage Profile License & Calendar' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });
});
