// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BookingProduct } from '../../domain/booking-detail/booking-detail';
import { BASE } from '../test-utils/bookingFixtures';
import { CollectPaymentDialog } from './CollectPaymentDialog';
import { answerDetail, detail, detailServer, keysSent, renderDetail } from '../test-utils/bookingDetailFixtures';
import { EnterPaymentInfoDialog } from './EnterPaymentInfoDialog';

const server = detailServer();

const product = (uniqueId: string, o: Partial<BookingProduct> = {}): BookingProduct => ({
  uniqueId,
  id: uniqueId,
  slug: uniqueId,
  name: `Product ${uniqueId}`,
  variantId: null,
  variantName: null,
  unitPrice: 50,
  qty: 1,
  paymentStatus: 'UNPAID',
  reasonOrComment: null,
  discountType: null,
  discountValue: null,
  ...o,
});
const booking = detail({ products: [product('u1'), product('u2', { paymentStatus: 'PAID' }), product('u3', { unitPrice: 20, qty: 2 })] });
const paymentState = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '7025550101',
  address1: '1 Main St',
  address2: null,
  city: 'Las Vegas',
  state: 'NV',
  zip: '89104',
};

async function chooseMode(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Collect Payment', () => {
  it('opens with nothing entered as paid; Save stays disabled until an amount is entered', () => {
    answerDetail(server, booking);
    renderDetail(<CollectPaymentDialog booking={booking} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Collect Payment' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Collected Product u1' })).toHaveValue(null);
    expect(within(dialog).getByRole('spinbutton', { name: 'Discount Product u1' })).toHaveValue(null);
    expect(within(dialog).getByText('Product u1').closest('tr')).toHaveTextContent('Un-Paid');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refuses a discount above the line or more collected than is due, with the reason, before anything is sent', async () => {
    const writes = answerDetail(server, booking);
    renderDetail(<CollectPaymentDialog booking={booking} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Collect Payment' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Discount Product u1' }), { target: { value: '100' } });
    // the form checks the lines as they change (its schema check settles a tick later)
    expect(await within(dialog).findByText('The discount cannot be more than the amount due ($50.00)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Discount Product u1' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Collected Product u1' }), { target: { value: '500' } });
    expect(
      await within(dialog).findByText('The collected amount cannot be more than the amount due after the discount ($50.00)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(writes).toEqual([]);
  });

  it('a negative amount is refused with its real reason under the line; Save sends nothing', async () => {
    const writes = answerDetail(server, booking);
    renderDetail(<CollectPaymentDialog booking={booking} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Collect Payment' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Collected Product u1' }), { target: { value: '-50' } });
    expect(await within(dialog).findByText('Amounts cannot be negative')).toBeInTheDocument();
    expect(within(dialog).queryByText(/must be a number/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Save' }).closest('form')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(writes).toEqual([]);
  });

  it('lists the unpaid lines and saves the Cash rows with POST /collectPayment (with an Idempotency-Key: a double click pays once)', async () => {
    const writes = answerDetail(server, booking);
    const keys = keysSent(server);
    const onClose = vi.fn();
    renderDetail(<CollectPaymentDialog booking={booking} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Collect Payment' });
    expect(within(dialog).queryByText('Product u2')).toBeNull();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Collected Product u1' }), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Collected Product u3' }), { target: { value: '30' } });
    const row = within(dialog).getByText('Product u3').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Un-Paid');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Discount Product u3' }), { target: { value: '10' } });
    expect(row).toHaveTextContent('Paid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product and Payment Data Updated')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/secure/booking/v1/collectPayment/BK1',
        body: {
          rows: [
            { uniqueId: 'u1', collected: 50, discount: 0, mode: 'Cash' },
            { uniqueId: 'u3', collected: 30, discount: 10, mode: 'Cash' },
          ],
        },
      },
    ]);
    expect(keys).toEqual({ '/secure/booking/v1/collectPayment/BK1': expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(onClose).toHaveBeenCalled();
  });

  it('Online goes to /Payment?ref=booking&id= with the name and address as router state', async () => {
    const writes = answerDetail(server, booking);
    let location: Location | undefined;
    renderDetail(<CollectPaymentDialog booking={booking} onClose={() => undefined} />, ['clinicians'], (l) => {
      location = l;
    });
    const dialog = screen.getByRole('dialog', { name: 'Collect Payment' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await chooseMode(dialog, 'Mode Product u1', 'Online');
    await chooseMode(dialog, 'Mode Product u3', 'Online');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // the form checks the values before it submits (a tick later)
    await waitFor(() => expect(location?.pathname).toBe('/Payment'));
    expect(location?.search).toBe('?ref=booking&id=BK1');
    expect(location?.state).toEqual(paymentState);
    expect(writes).toEqual([]);
  });
});

describe('Enter payment info', () => {
  it('shows the unpaid totals and sends the payment link after a confirmation', async () => {
    const writes = answerDetail(server, booking);
    const keys = keysSent(server);
    server.use(
      http.get(`${BASE}/api/booking/orderPaySummary`, ({ request }) =>
        new URL(request.url).searchParams.get('id') === 'BK1'
          ? HttpResponse.json({
              unpaidProducts: [{ slug: 'u1', name: 'Product u1', qty: 1, unitPrice: 50 }],
              netTotalUnpaid: 50,
              taxUnPaid: 4,
              grossTotalUnpaid: 54,
            })
          : HttpResponse.json({ msg: 'x' }, { status: 400 }),
      ),
    );
    renderDetail(<EnterPaymentInfoDialog booking={booking} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Enter payment info' });
    expect(await within(dialog).findByText('$54.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Unpaid products' })).toHaveTextContent('Product u1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send payment link' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Payment link sent successfully')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/secure/booking/v1/sendPayLink/BK1', body: null }]);
    expect(keys).toEqual({ '/secure/booking/v1/sendPayLink/BK1': expect.stringMatching(/^[0-9a-f-]{36}$/) }); // a double click mails once
  });
});
