// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_FORM_TEXT } from '../../domain/payments/payment';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { PAYMENT_UI as P } from '../../domain/i18n/en/payment';
import type { OrderPaySummary } from '../providers/paymentMethods';
import { PaymentPage } from './PaymentPage';

vi.mock('../providers/useRuntimeConfig', () => ({ useRuntimeConfig: () => ({ data: { payment: { provider: 'local' } } }) }));
vi.setConfig({ testTimeout: 30_000 });

const summary = {
  unpaidProducts: [
    { slug: 'check-me-out-panel', name: 'Check Me Out Panel', qty: 1, unitPrice: 149 },
    { slug: 'hpv', name: '', qty: 2, unitPrice: 10 },
  ],
  netTotalUnpaid: 169,
  taxUnPaid: 13.52,
  grossTotalUnpaid: 182.52,
};
const state = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '7025550101',
  address1: '1 Main St',
  address2: null,
  city: 'Las Vegas',
  state: 'NV',
  zip: '89104',
};
const checkout = {
  isSuccess: true,
  message: 'Checkout created',
  checkout: { token: '6f1c1f7e-8f7a-4c59-9c36-0d3b1c1e2f3a', netTotal: 169, tax: 13.52, grossTotal: 182.52 },
};

function renderPage(groups = ['clinicians'], loadSummary: () => Promise<OrderPaySummary> = async () => summary) {
  const dataProvider = fakeDataProvider({
    orderPaySummary: vi.fn(loadSummary),
    createCheckout: vi.fn(async () => checkout),
    payBookingWithCheckout: vi.fn(async () => ({ success: true, transactionId: '60123456789', amount: 182.52, accountNumber: 'XXXX1111' })),
  });
  const entry = { pathname: '/Payment', search: '?ref=booking&id=BK1', state };
  renderInAdmin(<PaymentPage />, { dataProvider, authProvider: fakeAuthProvider({ groups }), initialEntries: [entry as never] });
  return dataProvider;
}
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('Payment screen', () => {
  it('pre-fills the billing form from the router state and shows the order summary', async () => {
    renderPage();
    await screen.findByText('2 x hpv');
    expect(input(P.fields.firstName).value).toBe('Ann');
    expect(input(P.fields.phone).value).toBe('7025550101');
    expect(input(P.fields.streetAddress1).value).toBe('1 Main St');
    expect(input(P.fields.postalCode).value).toBe('89104');
    const order = screen.getByRole('region', { name: P.summary });
    for (const text of ['booking', 'BK1', '1 x Check Me Out Panel', '$149.00', '$20.00', '$169.00', '$13.52', '$182.52'])
      within(order).getByText(text);
  });

  it('shows the field messages, formats the card as typed and previews it', async () => {
    renderPage();
    await screen.findByText('2 x hpv');
    type(P.fields.postalCode, '8910');
    fireEvent.click(screen.getByRole('button', { name: P.reviewPayment }));
    for (const m of [
      PAYMENT_FORM_TEXT.apartment,
      PAYMENT_FORM_TEXT.zip,
      PAYMENT_FORM_TEXT.cardNumber,
      PAYMENT_FORM_TEXT.expiry,
      PAYMENT_FORM_TEXT.cvv,
    ]) {
      await screen.findByText(m);
    }
    type(P.fields.number, '4111111111111111');
    type(P.fields.expDate, '1239');
    expect(input(P.fields.number).value).toBe('4111 1111 1111 1111');
    expect(input(P.fields.expDate).value).toBe('12/39');
    expect(screen.getByTestId('preview-number').textContent).toBe('4111 1111 1111 1111');
    expect(screen.getByTestId('preview-expiry').textContent).toBe('12/39');
  });

  it('checkout, tokenisation, review, confirm: the server gets the billing address and the opaque token, never the card', async () => {
    const dp = renderPage();
    await screen.findByText('2 x hpv');
    type(P.fields.streetAddress2, 'Apt 2');
    type(P.fields.number, '4111 1111 1111 1111');
    type(P.fields.expDate, '12/39');
    type(P.fields.cvc, '123');
    fireEvent.click(screen.getByRole('button', { name: P.reviewPayment }));
    const review = await screen.findByRole('dialog', { name: P.reviewPayment });
    within(review).getByText(`${P.total}: $182.52`);
    within(review).getByText(/XXXX1111/);
    expect(dp.createCheckout).toHaveBeenCalledWith(
      'BK1',
      {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '7025550101',
        streetAddress1: '1 Main St',
        streetAddress2: 'Apt 2',
        city: 'Las Vegas',
        countryArea: 'NV',
        postalCode: '89104',
        country: 'US',
      },
      expect.any(String),
    );
    fireEvent.click(within(review).getByRole('button', { name: P.confirm }));
    const success = await screen.findByRole('dialog', { name: P.successTitle });
    expect(within(success).getByRole('link', { name: P.viewDetails }).getAttribute('href')).toBe('/BookingDetails?bookingId=BK1');
    const [body] = (dp.payBookingWithCheckout as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(body).toMatchObject({ tbdBookId: 'BK1', checkoutToken: checkout.checkout.token, paymentToken: expect.stringMatching(/^sandbox1\./) });
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
  });

  it("a card failing the Luhn check: the tokeniser's message, no payment", async () => {
    const dp = renderPage();
    await screen.findByText('2 x hpv');
    type(P.fields.streetAddress2, 'Apt 2');
    type(P.fields.number, '4111111111111112');
    type(P.fields.expDate, '12/39');
    type(P.fields.cvc, '123');
    fireEvent.click(screen.getByRole('button', { name: P.reviewPayment }));
    await screen.findByText('Please provide valid credit card number.');
    expect(screen.queryByRole('dialog', { name: P.reviewPayment })).toBeNull();
    expect(dp.payBookingWithCheckout).not.toHaveBeenCalled();
  });

  it('a checkout refusal shows the server message', async () => {
    const dp = renderPage();
    (dp.createCheckout as ReturnType<typeof vi.fn>).mockRejectedValueOnce(
      Object.assign(new Error('x'), { body: { msg: 'm', reason: 'No payment is required for this booking' } }),
    );
    await screen.findByText('2 x hpv');
    type(P.fields.streetAddress2, 'Apt 2');
    type(P.fields.number, '4111111111111111');
    type(P.fields.expDate, '12/39');
    type(P.fields.cvc, '123');
    fireEvent.click(screen.getByRole('button', { name: P.reviewPayment }));
    await screen.findByText('No payment is required for this booking');
  });

  it('auditors see the summary but cannot pay', async () => {
    renderPage(['auditor_read_only']);
    await screen.findByText('2 x hpv');
    await waitFor(() => expect((screen.getByRole('button', { name: P.reviewPayment }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('a paid booking: the summary and "nothing to pay", no billing or card form', async () => {
    renderPage(['clinicians'], async () => ({ unpaidProducts: [], netTotalUnpaid: 0, taxUnPaid: 0, grossTotalUnpaid: 0 }));
    expect(await screen.findByText(P.nothingDue)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: P.summary })).toHaveTextContent('$0.00');
    expect(screen.queryByLabelText(P.fields.number, { exact: true })).toBeNull();
    expect(screen.queryByLabelText(P.fields.firstName, { exact: true })).toBeNull();
    expect(screen.queryByRole('button', { name: P.reviewPayment })).toBeNull();
  });

  it('an unknown booking: "not found" in plain words, no billing or card form', async () => {
    renderPage(['clinicians'], async () => {
      throw new HttpError('Not found.Reason: no booking BK1', 404);
    });
    expect(await screen.findByText('Booking BK1 was not found: there is nothing to pay.')).toBeInTheDocument();
    expect(screen.queryByText(/Reason: no booking/)).toBeNull();
    expect(screen.queryByLabelText(P.fields.number, { exact: true })).toBeNull();
    expect(screen.queryByRole('button', { name: P.reviewPayment })).toBeNull();
  });
});
