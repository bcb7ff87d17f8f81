// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerDetail, detailServer, detail, renderDetail } from '../test-utils/bookingDetailFixtures';
import { PatientInfoDialog } from './PatientInfoDialog';

const server = detailServer();

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

describe('Patient info update', () => {
  it('shows the appointment time as the detail does: in the booking zone, labelled, and refuses a future birth date', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<PatientInfoDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Patient Info' });
    expect(within(dialog).getByDisplayValue('Nov 21, 2026 10:00 AM PST')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('Nov 18, 2026 10:00 AM PST')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Date of Birth'), { target: { value: '2030-01-01' } });
    type(dialog, 'Reason', 'typo');
    submit(dialog);
    expect(await within(dialog).findByText('Date of birth cannot be in the future')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('says "Nothing to Update" when no field changed, and sends nothing', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<PatientInfoDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Patient Info' });
    type(dialog, 'Reason', 'checking');
    submit(dialog);
    expect(await screen.findByText('Nothing to Update')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('shows the field texts for phone, mobile and a missing reason', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<PatientInfoDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Patient Info' });
    type(dialog, 'Phone', '702-555');
    type(dialog, 'Mobile', '12345');
    submit(dialog);
    expect(await screen.findByText('Please check the errors and try again')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter valid phone number without any special characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Mobile No should be 10 Digits')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a reason for patient info update')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter reason for update');
    expect(writes).toEqual([]);
  });

  it('keeps the read-only fields and sends the change with the reason', async () => {
    const writes = answerDetail(server, detail());
    const onClose = vi.fn();
    renderDetail(<PatientInfoDialog booking={detail()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Patient Info' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Sex at Birth' })).toBeDisabled();
    type(dialog, 'City', 'Henderson');
    type(dialog, 'Reason', 'moved');
    submit(dialog);
    expect(await screen.findByText('Patient info updated successfully!')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: 'PATCH',
      path: '/secure/booking/v1/updatePatientInfo/BK1',
      body: { id: 'BK1', city: 'Henderson', email: 'ann.lee@example.com', state: 'NV', reasonOrComments: 'moved', address2: null },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('without clinical access: no symptoms or medications to edit, none sent (the server keeps them)', async () => {
    const { symptoms: _s, medications: _m, allergies: _a, customerNotes: _c, ...withheld } = detail({ hasReadAccessToClinicalData: false });
    const booking = withheld as ReturnType<typeof detail>;
    const writes = answerDetail(server, booking);
    renderDetail(<PatientInfoDialog booking={booking} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Patient Info' });
    expect(within(dialog).queryByRole('textbox', { name: 'Symptoms' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Medications' })).toBeNull();
    expect(within(dialog).queryByText('Allergies')).toBeNull();
    type(dialog, 'City', 'Henderson');
    type(dialog, 'Reason', 'moved');
    submit(dialog);
    expect(await screen.findByText('Patient info updated successfully!')).toBeInTheDocument();
    expect(writes[0].body).toMatchObject({ city: 'Henderson' });
    expect(writes[0].body).not.toHaveProperty('symptoms');
    expect(writes[0].body).not.toHaveProperty('medications');
  });

  it('makes the personal fields read-only on a read-only booking', () => {
    answerDetail(server, detail());
    renderDetail(<PatientInfoDialog booking={detail({ isReadOnly: true, readOnlyReason: 'x' })} onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBeEnabled();
  });
});
