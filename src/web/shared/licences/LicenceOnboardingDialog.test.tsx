// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { TEXT } from '../../../domain/i18n/en/app';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { LicenceOnboardingDialog } from './LicenceOnboardingDialog';

async function fillLicenceForm() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
  fireEvent.click(await screen.findByRole('option', { name: 'NV' }));
  fireEvent.change(screen.getByLabelText('NPI Number'), { target: { value: ' NV-2041 ' } });
  fireEvent.change(screen.getByLabelText('Expiration date'), { target: { value: '2031-01-31' } });
  fireEvent.click(within(screen.getByRole('group', { name: 'Good standing' })).getByLabelText('Yes'));
  fireEvent.click(within(screen.getByRole('group', { name: 'Acknowledgement' })).getByLabelText('Yes'));
}

describe('licence onboarding dialog', () => {
  it('is titled "Add your licence" and requires every field', async () => {
    const { dataProvider } = renderInAdmin(<LicenceOnboardingDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Add your licence' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(5));
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('posts a valid licence, toasts success and closes', async () => {
    const { dataProvider } = renderInAdmin(<LicenceOnboardingDialog />);
    await screen.findByRole('dialog');
    await fillLicenceForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'licenses',
        expect.objectContaining({
          data: { state: 'NV', licenseId: 'NV-2041', expirationDate: '2031-01-31', goodStanding: true, acknowledgement: true },
          meta: { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }, // a double submit records one licence
        }),
      ),
    );
    expect(await screen.findByText(TEXT.licenceUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts the formatted server error when the licence is refused', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the failure
    const dataProvider = fakeDataProvider({
      create: vi.fn(async () => Promise.reject(new HttpError('Duplicate licence.Reason: NV exists', 409))),
    });
    renderInAdmin(<LicenceOnboardingDialog />, { dataProvider });
    await screen.findByRole('dialog');
    await fillLicenceForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Licence update failed. Duplicate licence.Reason: NV exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('can be put off with "Later"', async () => {
    renderInAdmin(<LicenceOnboardingDialog />);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
