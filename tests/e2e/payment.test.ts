import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_DETAIL_TEXT as T } from '../../src/domain/i18n/en/booking-detail';
import { PAYMENT_FORM_TEXT, PROVIDER_DECLINED_TEXT } from '../../src/domain/payments/payment';
import { E2E_PAYMENT_BOOKING_ID as ID } from '../../src/server/db/seed/bookings.sql';
import { BOOKING_DETAIL_UI as UI } from '../../src/domain/i18n/en/booking-detail-ui';
import { PAYMENT_UI as P } from '../../src/domain/i18n/en/payment';
import { chooseOption, type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Online payment end to end on the seeded BK-E2E-PAYMENT (Paige Payne, NV, Jane Doe's, two unpaid products; no other
 * e2e file touches it): Collect Payment -> Online lands on /Payment with the billing form pre-filled; the field
 * messages; a declined card shows the provider's message and nothing is paid; the sandbox test card pays; the success
 * modal's 'view details' leads back to the booking, which shows it paid. A double-clicked Confirm pays once.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const errorToast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 20_000 });

async function openPaymentFromBooking(page: Page) {
  await page.goto(`${portalUrl()}/BookingDetails?bookingId=${ID}`);
  await page.getByRole('heading', { name: 'Paige Payne', level: 2 }).waitFor({ timeout: 30_000 });
  await page.locator('[data-section="orderSummary"]').getByRole('button', { name: UI.buttons.collectPayment }).click();
  const collect = page.getByRole('dialog', { name: UI.titles.collectPayment });
  await chooseOption(collect.getByRole('combobox', { name: `${UI.fields.mode} Check Me Out Panel` }), page.getByRole('option', { name: UI.online }));
  await collect.getByRole('button', { name: UI.save }).click();
  await page.waitForURL(/\/Payment\?/);
  expect(new URL(page.url()).search).toBe(`?ref=booking&id=${ID}`);
  await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
}

async function fillCard(page: Page, number: string) {
  await field(page, P.fields.number).fill(number);
  await field(page, P.fields.expDate).fill('1239');
  await page.getByLabel(P.fields.cvc, { exact: true }).fill('123');
}

describe('Payment screen', () => {
  it('Collect Payment -> Online -> a declined card, then the sandbox test card pays and the booking shows paid', async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await openPaymentFromBooking(page);

    // Pre-filled from the router state; the order summary is the server's (149 + 69, 8% tax).
    expect(await field(page, P.fields.firstName).inputValue()).toBe('Paige');
    expect(await field(page, P.fields.lastName).inputValue()).toBe('Payne');
    expect(await field(page, P.fields.phone).inputValue()).toBe('7025550177');
    expect(await field(page, P.fields.city).inputValue()).toBe('Las Vegas');
    const summary = page.getByRole('region', { name: P.summary });
    await summary.getByText('1 x Check Me Out Panel').waitFor();
    await summary.getByText('$218.00').waitFor();
    await summary.getByText('$17.44').waitFor();
    await summary.getByText('$235.44').waitFor();
    await expectNoSeriousA11yViolations(page, 'payment');

    // Every field is required: the spec's messages.
    await page.getByRole('button', { name: P.reviewPayment }).click();
    await page.getByText(PAYMENT_FORM_TEXT.apartment).waitFor();
    await page.getByText(PAYMENT_FORM_TEXT.cardNumber).waitFor();
    await page.getByText(PAYMENT_FORM_TEXT.expiry).waitFor();
    await page.getByText(PAYMENT_FORM_TEXT.cvv).waitFor();
    await field(page, P.fields.streetAddress2).fill('Suite 5');

    // The live preview groups the number by 4 and shows MM/YY.
    await fillCard(page, '4000000000000002');
    expect(await field(page, P.fields.number).inputValue()).toBe('4000 0000 0000 0002');
    expect(await page.getByTestId('preview-number').innerText()).toBe('4000 0000 0000 0002');
    expect(await page.getByTestId('preview-expiry').innerText()).toBe('12/39');

    // A declined card: the provider's message, nothing paid.
    await page.getByRole('button', { name: P.reviewPayment }).click();
    let review = page.getByRole('dialog', { name: P.reviewPayment });
    await review.getByText(`${P.total}: $235.44`).waitFor();
    await review.getByRole('button', { name: P.confirm }).click();
    await errorToast(page, PROVIDER_DECLINED_TEXT);
    await review.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog', { name: P.successTitle }).count()).toBe(0);

    // The sandbox test card pays, once, though Confirm is double-clicked.
    const payments: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/booking/payBookingWithCheckout') payments.push(r.url());
    });
    await fillCard(page, '4111111111111111');
    await page.getByRole('button', { name: P.reviewPayment }).click();
    review = page.getByRole('dialog', { name: P.reviewPayment });
    await review.getByText('XXXX1111').waitFor();
    await review.getByRole('button', { name: P.confirm }).dblclick();
    const success = page.getByRole('dialog', { name: P.successTitle });
    await success.getByText(/\$235\.44/).waitFor();
    await page.waitForTimeout(500); // a second request, had it been sent, has answered by now
    expect(payments).toHaveLength(1);
    expect(await page.getByRole('dialog', { name: P.successTitle }).count()).toBe(1);
    expect(await page.locator('.RaNotification-error').count()).toBe(0);
    await success.getByRole('link', { name: P.viewDetails }).click();

    await page.waitForURL(/\/BookingDetails\?bookingId=BK-E2E-PAYMENT/);
    const order = page.locator('[data-section="orderSummary"]');
    await order.getByText('PAID', { exact: true }).waitFor({ timeout: 20_000 });
    await order.getByText(UI.noPaymentRequired).waitFor();
    const products = page.getByRole('table', { name: T.sections.products });
    await expect
      .poll(
        () =>
          products
            .getByRole('row', { name: /Check Me Out Panel/ })
            .locator('td')
            .nth(4)
            .innerText(),
        { timeout: 20_000 },
      )
      .toBe(UI.paid);
    await expect
      .poll(
        () =>
          products
            .getByRole('row', { name: /Bacterial Vaginosis/ })
            .locator('td')
            .nth(4)
            .innerText(),
        { timeout: 20_000 },
      )
      .toBe(UI.paid);
  });
});
