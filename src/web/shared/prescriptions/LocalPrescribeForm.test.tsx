// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { PRESCRIPTION_TEXT } from '../../../domain/i18n/en/prescription';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { LocalPrescribeForm } from './LocalPrescribeForm';

vi.setConfig({ testTimeout: 30_000 });
const PATIENT = '7f1c1d2e-1111-4222-8333-444455556666';
const treatments = [
  { id: 'med_doxy', name: 'Doxycycline Hyclate 100 MG Oral Capsule', strength: '100 mg', form: 'Oral Capsule', dispenseUnit: 'Capsule' },
  { id: 'med_vala', name: 'Valacyclovir 1 GM Oral Tablet', strength: '1 g', form: 'Oral Tablet', dispenseUnit: 'Tablet' },
];

function setup(createPrescription = vi.fn(async () => ({ msg: PRESCRIPTION_TEXT.sent, orderId: 'ord_1', prescriptions: [] }))) {
  const dataProvider = fakeDataProvider({ prescribingFormulary: vi.fn(async () => treatments), createPrescription });
  const onSent = vi.fn();
  renderInAdmin(<LocalPrescribeForm source={{ patientId: PATIENT, patientName: 'Ann Lee', kitId: 'KIT-1' }} onSent={onSent} onCancel={vi.fn()} />, {
    dataProvider,
    authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
  });
  return { createPrescription, onSent };
}

async function fill() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Treatment/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Valacyclovir 1 GM Oral Tablet (1 g, Oral Tablet)' }));
  fireEvent.change(screen.getByRole('textbox', { name: /Instructions/ }), { target: { value: 'Take 1 tablet by mouth daily' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: /Refills/ }), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Send to patient' }));
}

describe('the local prescribe form', () => {
  it('validates with the domain schema: nothing is sent without a treatment and instructions', async () => {
    const { createPrescription } = setup();
    await screen.findByRole('combobox', { name: /Treatment/ });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please select a treatment')).toBeInTheDocument();
    expect(screen.getByText('Please enter instructions')).toBeInTheDocument();
    expect(createPrescription).not.toHaveBeenCalled();
  });

  it('asks for confirmation, then sends once with an Idempotency-Key and says "Prescription Sent!"', async () => {
    const { createPrescription, onSent } = setup();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PRESCRIPTION_TEXT.confirmTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(/for Ann Lee/)).toBeInTheDocument();
    expect(createPrescription).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(createPrescription).toHaveBeenCalledTimes(1);
    expect(createPrescription).toHaveBeenCalledWith(
      {
        patientId: PATIENT,
        kitId: 'KIT-1',
        bookingId: undefined,
        messageId: undefined,
        fulfillment: 'MAIL_ORDER',
        prescriptions: [expect.objectContaining({ treatmentId: 'med_vala', instructions: 'Take 1 tablet by mouth daily', quantity: 30, refills: 2 })],
      },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(await screen.findByText('Prescription Sent!')).toBeInTheDocument();
  });

  it('a double-clicked Send opens the confirmation and keeps it open; a double-clicked confirmation sends once', async () => {
    const { createPrescription, onSent } = setup();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    // the second click of the double click lands outside the confirmation that just opened
    const outside = dialog.closest('.MuiDialog-container')!;
    fireEvent.mouseDown(outside);
    fireEvent.click(outside);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('dialog')).toBe(dialog);
    const send = within(dialog).getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('Prescription Sent!')).toBeInTheDocument();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 100));
    expect(createPrescription).toHaveBeenCalledTimes(1);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('Escape and Cancel still close the confirmation without sending', async () => {
    const { createPrescription } = setup();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(createPrescription).not.toHaveBeenCalled();
  });

  it("shows the server's refusal text (a kit still in review)", async () => {
    const refused = vi.fn(async () => {
      throw new HttpError('Conflict', 409, { msg: 'Conflict', reason: PRESCRIPTION_TEXT.resultsNotReleased });
    });
    const { onSent } = setup(refused as never);
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("You can't send prescription until results are released")).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });
});
