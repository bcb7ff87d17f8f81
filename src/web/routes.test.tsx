// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../domain/i18n/en/app';
import { screenLoaderOf } from './routes';
import { fakeAuthProvider, renderPortal } from './test-utils/adminTestContext';

const staff = fakeAuthProvider({ groups: ['staff'] });

describe('portal routes (browser URLs as the spec writes them)', () => {
  it.each([
    ['/inbox/123', '123'],
    ['/MessageDetails?messageId=77', '77'],
  ])('%s shows the message detail of that id', async (url, id) => {
    const { dataProvider } = renderPortal(url, { authProvider: staff });
    expect(await screen.findByRole('heading', { name: 'Message', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.getOne).toHaveBeenCalledWith('messages', expect.objectContaining({ id })));
    expect(await screen.findByText(/^failed loading message details,cause: .*\.Please try again with refresh$/)).toBeInTheDocument();
  });
  it('/MessageDetails without a messageId shows Invalid URL', async () => {
    renderPortal('/MessageDetails', { authProvider: staff });
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
  });
});

describe('unknown URLs', () => {
  // A resource's name as the first segment (/bookings is Find Appointments, /messages a resource) must not swallow
  // a path no screen has: it shows Not Found like any other unknown URL.
  it.each(['/no-such-page', '/bookings/calendar', '/lab-results/anything'])('%s shows Not Found', async (url) => {
    renderPortal(url, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }) });
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
  });
});

describe('lab screens', () => {
  it.each([
    ['/request', 'Lab Request'],
    ['/result', 'Lab Results'],
    ['/result/KT0000001', 'Lab Results'],
    ['/userrequest/KT0000001', 'Case details'],
    ['/KitDetails?kitId=KIT-9', 'Kit Details'],
    ['/BookingDetails?bookingId=B-5', 'Booking Details'],
    ['/manage-lab-order', 'Manage Lab Order'],
    ['/shipping-manifest', 'Shipping Manifest'],
    ['/report/orders', 'Order Report'],
  ])('%s shows its screen', async (url, title) => {
    renderPortal(url, { authProvider: fakeAuthProvider({ groups: ['clinicians'] }) });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('/userrequest without a kit id lands on Lab Requests', async () => {
    let location: Location | undefined;
    renderPortal('/userrequest', { authProvider: fakeAuthProvider({ groups: ['clinicians'] }), onLocation: (l) => (location = l) });
    expect(await screen.findByRole('heading', { name: 'Lab Request', level: 1 })).toBeInTheDocument();
    expect(location?.pathname).toBe('/request');
  });

  it('/result/{kitId} and /userrequest/{kitId} list the assigned records of that kit', async () => {
    const { dataProvider } = renderPortal('/userrequest/KT0000007', { authProvider: fakeAuthProvider({ groups: ['clinicians'] }) });
    await screen.findByRole('heading', { name: 'Case details', level: 1 });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'lab-requests',
        expect.objectContaining({ filter: { kitId: 'KT0000007', queryType: 'ASSIGNED' } }),
      ),
    );
  });
});

describe('route guard', () => {
  it('sends a user whose roles do not allow the route to /401-page', async () => {
    let location: Location | undefined;
    renderPortal('/super-admin', {
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      onLocation: (l) => (location = l),
    });
    expect(await screen.findByText(TEXT.unauthorizedPage)).toBeInTheDocument();
    expect(TEXT.unauthorizedPage).toBe('You do not have permission to access this page. Contact us if this is a mistake');
    expect(location?.pathname).toBe('/401-page');
  });

  it('lets a super admin into /super-admin', async () => {
    renderPortal('/super-admin', { authProvider: fakeAuthProvider({ groups: ['super_admin'] }) });
    expect(await screen.findByRole('heading', { name: 'Super Admin Panel', level: 1 })).toBeInTheDocument();
  });

  it('sends a user in an unknown group away from role-guarded routes', async () => {
    renderPortal('/inbox', { authProvider: fakeAuthProvider({ groups: ['beta-testers'] }) });
    expect(await screen.findByText(TEXT.unauthorizedPage)).toBeInTheDocument();
  });
});

describe('screen preloading at start-up', () => {
  it('finds the screen module of a route and of its path-parameter form, nothing for the dashboard, redirects or unknown paths', async () => {
    const labResults = (await screenLoaderOf('/result')!()) as { default: unknown };
    expect(labResults.default).toBe((await import('./lab-results/LabResultsPage')).default);
    const older = (await screenLoaderOf('/result/KT0000001')!()) as { default: unknown };
    expect(older.default).toBe((await import('./lab-results/OlderLabResultsPage')).default);
    expect(screenLoaderOf('/report/orders')).toBeTypeOf('function');
    for (const none of ['/', '/userrequest', '/nowhere', '/nowhere/x']) expect(screenLoaderOf(none), none).toBeUndefined();
  });
});
