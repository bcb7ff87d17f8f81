// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PatientDetail } from '../../../domain/patients/patients';
import type { Prescription } from '../../../domain/prescriptions/prescriptions';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { PrescriptionsTab } from './PrescriptionsTab';

vi.setConfig({ testTimeout: 30_000 });
const patient = { id: '7f1c1d2e-1111-4222-8333-444455556666', name: 'Ann Lee', masked: false } as unknown as PatientDetail;
const rx: Prescription = {
  id: 'rx_1',
  state: 'ACTIVE',
  treatment: { name: 'Valacyclovir 1 GM Oral Tablet' },
  instructions: 'Take 1 tablet daily',
  notes: 'generic ok',
  dispenseQuantity: 30,
  dispenseUnit: 'Tablet',
  fillsAllowed: 2,
  prescriber: { name: { full: 'Jane Doe' } },
  writtenAt: '2026-11-20T09:30:00.000Z',
  fills: [{ id: 'fil_1', state: 'NEW', order: { id: 'ord_1', state: 'ROUTING' } }],
};

function setup(list: Prescription[], groups = ['clinicians']) {
  const dataProvider = fakeDataProvider({ patientPrescriptions: vi.fn(async () => list) });
  renderInAdmin(<PrescriptionsTab patient={patient} />, { dataProvider, authProvider: fakeAuthProvider({ groups }) });
  return dataProvider;
}

describe('the Prescriptions tab', () => {
  it("says 'No Prescription Found' when the patient has none", async () => {
    setup([]);
    expect(await screen.findByText('No Prescription Found')).toBeInTheDocument();
  });

  it('shows each prescription as a card that expands with instructions, notes, prescriber and the fill state', async () => {
    const dataProvider = setup([rx]);
    const card = await screen.findByRole('button', { name: /Valacyclovir 1 GM Oral Tablet/ });
    expect(card).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(card);
    expect(card).toHaveAttribute('aria-expanded', 'true');
    for (const text of ['Take 1 tablet daily', 'generic ok', 'Jane Doe', 'Routing', '30 Tablet']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(dataProvider.patientPrescriptions).toHaveBeenCalledWith(patient.id, expect.anything());
    expect(screen.getByRole('button', { name: 'Send Prescription' })).toBeEnabled();
  });

  it('View Prescription opens the whole prescription: strength and form, quantity, refills, state, each fill with its states and times', async () => {
    const full: Prescription = {
      ...rx,
      treatment: { ...rx.treatment, strength: '1 GM', form: 'Oral Tablet' },
      fills: [
        {
          id: 'fil_1',
          state: 'SENT',
          requestedAt: '2026-11-20T09:30:00.000Z',
          order: { id: 'ord_1', state: 'COMPLETED', updatedAt: '2026-11-20T10:45:00.000Z' },
        },
      ],
    };
    setup([full]);
    fireEvent.click(await screen.findByRole('button', { name: /Valacyclovir 1 GM Oral Tablet/ }));
    fireEvent.click(screen.getByRole('button', { name: 'View Prescription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valacyclovir 1 GM Oral Tablet' });
    for (const text of [
      '1 GM · Oral Tablet',
      '30 Tablet',
      'Take 1 tablet daily',
      'generic ok',
      'Jane Doe',
      'Active',
      'Sent',
      'Completed',
      "20 Nov '26 10:45 am",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Refills').nextSibling).toHaveTextContent('1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('staff get no clinical data and no Send Prescription', async () => {
    const dataProvider = setup([rx], ['staff']);
    expect(await screen.findByText(/clinical/i)).toBeInTheDocument();
    expect(dataProvider.patientPrescriptions).not.toHaveBeenCalled();
  });
});
