// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { PATIENT_ID } from '../test-utils/patientFixtures';
import { SuperAdminPage } from './SuperAdminPage';

vi.setConfig({ testTimeout: 20_000 });

describe('super admin: the failure texts of spec 3 §8', () => {
  it('Reorder whose patient cannot be read: "Error reordering kit. Please try again later." instead of an empty form', async () => {
    const dataProvider = fakeDataProvider({
      getOne: vi.fn(async () => {
        throw new HttpError('Internal server error', 500, { msg: 'Internal server error', reason: 'boom' });
      }) as never,
      commerceProducts: vi.fn(async () => []),
      commerceShippingMethods: vi.fn(async () => []),
    } as never);
    renderInAdmin(<SuperAdminPage />, {
      authProvider: fakeAuthProvider({ groups: ['super_admin'] }),
      dataProvider,
      initialEntries: [`/super-admin?page=CreateOrder&patientId=${PATIENT_ID}&kitName=HPV`],
    });
    expect(await screen.findByText('Error reordering kit. Please try again later.')).toBeInTheDocument();
  });
});
