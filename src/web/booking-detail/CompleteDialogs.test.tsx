// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../test-utils/adminTestContext';
import { CompleteBookingDialog, CompleteClinicalDialog } from './CompleteDialogs';
import { answerDetail, detail, detailServer, orderSummary, renderDetail } from '../test-utils/bookingDetailFixtures';
import { bookingPartKey } from '../providers/bookingMethods';

const server = detailServer();

function open(booking = detail(), grossTotalPaid?: number) {
  answerDetail(server, booking);
  const queryClient = testQueryClient();
  if (grossTotalPaid !== undefined)
    queryClient.setQueryData(bookingPartKey(booking.id, 'orderSummary'), orderSummary({ grossTotalPaid, paymentStatus: 'PAID' }));
  renderDetail(<CompleteBookingDialog booking={booking} onClose={() => undefined} />, ['clinicians'], undefined, queryClient);
  return within(screen.getByRole('dialog', { name: 'Complete Booking' })).getByRole('spinbutton', { name: /Payment Amount/ });
}

describe('Complete Booking: the payment amount starts from what the booking was paid', () => {
  it("the order summary's Gross Paid, not 0", () => {
    expect(open(detail(), 74.52)).toHaveValue(74.52);
  });
  it('an amount already recorded on the booking wins', () => {
    expect(open(detail({ paymentAmount: 60 }), 74.52)).toHaveValue(60);
  });
  it('without a summary (no product and order access) and nothing recorded: 0', () => {
    expect(open(detail())).toHaveValue(0);
  });
});

describe('Complete Clinical Service: the domain schema checks the form before anything is sent', () => {
  it('a missing value shows "Please fill all the fields " and sends nothing; impossible minutes have their own message; complete values are sent', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<CompleteClinicalDialog booking={detail()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Clinical Service' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please fill all the fields');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Clinical Service Minutes/ }), { target: { value: '601' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Minutes are a whole number from 1 to 600')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Clinical Service Minutes/ }), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Clinical Service Notes/ }), { target: { value: 'Swabs collected' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Patient summary sent' }));
    fireEvent.click(submit);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      body: { clinicalServiceMins: 25, clinicalServiceNotes: 'Swabs collected', ackPatientSummarySent: true },
    });
  });
});
