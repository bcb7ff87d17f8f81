// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../test-utils/adminTestContext';
import { CompleteBookingDialog } from './CompleteDialogs';
import { answerDetail, detail, detailServer, orderSummary, renderDetail } from './detailFixtures';
import { bookingPartKey } from '../providers/bookingMethods';

const server = detailServer();

function open(booking = detail(), grossTotalPaid?: number) {
  answerDetail(server, booking);
  const queryClient = testQueryClient();
  if (grossTotalPaid !== undefined) queryClient.setQueryData(bookingPartKey(booking.id, 'orderSummary'), orderSummary({ grossTotalPaid, paymentStatus: 'PAID' }));
  renderDetail(<CompleteBookingDialog booking={booking} onClose={() => undefined} />, ['clinicians'], undefined, queryClient);
  return within(screen.getByRole('dialog', { name: 'Complete Booking' })).getByRole('spinbutton', { name: /Payment Amount/ });
}

describe('Complete Booking: the payment amount starts from what the booking was paid', () => {
  it('the order summary\'s Gross Paid, not 0', () => {
    expect(open(detail(), 74.52)).toHaveValue(74.52);
  });
  it('an amount already recorded on the booking wins', () => {
    expect(open(detail({ paymentAmount: 60 }), 74.52)).toHaveValue(60);
  });
  it('without a summary (no product and order access) and nothing recorded: 0', () => {
    expect(open(detail())).toHaveValue(0);
  });
});
