import { describe, expect, it } from 'vitest';
import {
  billingAddressSchema,
  billingFormSchema,
  billingFromRouterState,
  cardFormSchema,
  expiryNotPast,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  luhnValid,
  parseCardNumber,
  parseExpiry,
  PAYMENT_FORM_TEXT,
  paymentFormSchema,
  payRequestSchema,
  SANDBOX_APPROVED_CARDS,
  SANDBOX_DECLINED_CARDS,
  tokenizerFailureText,
} from './payment';
import { decodeSandboxToken, encodeSandboxToken, isSandboxDeclineCard, sandboxCardOf } from './payment-sandbox';

const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '7025550148',
  streetAddress1: '1 Main St',
  streetAddress2: 'Apt 2',
  city: 'Las Vegas',
  countryArea: 'NV',
  postalCode: '89104',
};
const card = { number: '4111 1111 1111 1111', expDate: '12/39', cvc: '123' };
const messagesOf = (schema: typeof billingFormSchema | typeof cardFormSchema | typeof paymentFormSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('payment form: billing address (spec 2 §5)', () => {
  it('accepts a complete address', () => {
    expect(billingFormSchema.safeParse(billing).success).toBe(true);
    expect(billingAddressSchema.safeParse({ ...billing, country: 'US' }).success).toBe(true);
  });

  it('every field is required, each with its message (phone and street share the street message)', () => {
    const empty = Object.fromEntries(Object.keys(billing).map((k) => [k, '  ']));
    expect(messagesOf(billingFormSchema, empty)).toEqual({
      firstName: 'Please provide a valid first name.',
      lastName: 'Please provide a valid last name.',
      phone: 'Please provide a valid street address.',
      streetAddress1: 'Please provide a valid street address.',
      streetAddress2: 'Please provide a valid apartment, suite no, etc.',
      city: 'Please provide a valid city.',
      countryArea: 'Please provide a valid state.',
      postalCode: 'Please provide a valid zip code.',
    });
    expect(messagesOf(billingFormSchema, {})).toMatchObject({ firstName: PAYMENT_FORM_TEXT.firstName, postalCode: PAYMENT_FORM_TEXT.zip });
  });

  it('refuses an unknown state, a malformed zip and a phone that is not 10 digits (or 11 with a leading 1)', () => {
    expect(messagesOf(billingFormSchema, { ...billing, countryArea: 'XX' })).toEqual({ countryArea: PAYMENT_FORM_TEXT.state });
    expect(messagesOf(billingFormSchema, { ...billing, postalCode: '8910' })).toEqual({ postalCode: PAYMENT_FORM_TEXT.zip });
    expect(billingFormSchema.safeParse({ ...billing, postalCode: '89104-1234' }).success).toBe(true);
    expect(messagesOf(billingFormSchema, { ...billing, phone: '702555' })).toEqual({ phone: PAYMENT_FORM_TEXT.street });
    expect(billingFormSchema.safeParse({ ...billing, phone: '17025550148' }).success).toBe(true);
    expect(billingFormSchema.safeParse({ ...billing, countryArea: 'PR' }).success).toBe(true);
  });

  it('the checkout address is fixed to the US', () => {
    expect(billingAddressSchema.safeParse({ ...billing, country: 'CA' }).success).toBe(false);
    expect(billingAddressSchema.safeParse(billing).success).toBe(false);
  });
});

describe('payment form: card (spec 2 §5)', () => {
  it('accepts a 16 digit number grouped by 4, MM/YY and a 3 or 4 digit CVV', () => {
    expect(cardFormSchema.safeParse(card).success).toBe(true);
    expect(cardFormSchema.safeParse({ ...card, number: '4111111111111111', cvc: '1234' }).success).toBe(true);
    expect(paymentFormSchema.safeParse({ ...billing, ...card }).success).toBe(true);
  });

  it('card number: digits only, 16 of them, at most 19 characters', () => {
    for (const number of [
      '4111 1111 1111 111',
      '4111-1111-1111-1111',
      '4111 1111 1111 1111 1',
      'abcd efgh ijkl mnop',
      '',
      '4111  1111  1111  1111',
    ]) {
      expect(messagesOf(cardFormSchema, { ...card, number })).toEqual({ number: 'Please enter a valid 16 digit card number.' });
    }
  });

  it('expiry: MM/YY with month 01 to 12', () => {
    for (const expDate of ['13/30', '00/30', '1/30', '12/2030', '1230', '']) {
      expect(messagesOf(cardFormSchema, { ...card, expDate })).toEqual({ expDate: 'Please enter a valid expiration date (MM/YY).' });
    }
    expect(cardFormSchema.safeParse({ ...card, expDate: '01/30' }).success).toBe(true);
  });

  it('CVV: 3 to 4 digits', () => {
    for (const cvc of ['12', '12345', '12a', '']) expect(messagesOf(cardFormSchema, { ...card, cvc })).toEqual({ cvc: 'Please provide valid CVV.' });
  });
});

describe('card and expiry parsing', () => {
  it('groups the number by 4 as typed, drops anything but digits, stops at 19 characters', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('4111-1111 1111x11112222')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111111111111111').length).toBe(19);
    expect(formatCardNumber('')).toBe('');
  });

  it('removes spaces from the number sent to the tokeniser', () => {
    expect(parseCardNumber('4111 1111 1111 1111')).toBe('4111111111111111');
  });

  it('shapes the expiry as MM/YY and splits it at the slash', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(parseExpiry('07/29')).toEqual({ month: '07', year: '29' });
    expect(parseExpiry('7/29')).toBeNull();
    expect(parseExpiry('13/29')).toBeNull();
  });

  it('keeps the CVV to 4 digits', () => {
    expect(formatCvv('12a345')).toBe('1234');
  });

  it('an expiry is valid through the end of its month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(expiryNotPast({ month: '11', year: '26' }, now)).toBe(true);
    expect(expiryNotPast({ month: '10', year: '26' }, now)).toBe(false);
    expect(expiryNotPast({ month: '01', year: '27' }, now)).toBe(true);
  });

  it('the Luhn check passes the provider test cards and refuses a changed digit', () => {
    for (const n of [...SANDBOX_APPROVED_CARDS, ...SANDBOX_DECLINED_CARDS]) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('router state, calls and failure texts', () => {
  it('pre-fills the billing form from the router state of Collect Payment', () => {
    expect(
      billingFromRouterState({ firstName: 'Ada', lastName: 'L', address1: '1 Main', address2: null, city: 'Reno', state: 'NV', zip: '89501' }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'L',
      phone: '',
      streetAddress1: '1 Main',
      streetAddress2: '',
      city: 'Reno',
      countryArea: 'NV',
      postalCode: '89501',
    });
    expect(billingFromRouterState(null).firstName).toBe('');
  });

  it('a pay request carries a checkout token and the tokeniser payment token, nothing else (no card data)', () => {
    const ok = { tbdBookId: 'BK1', checkoutToken: '6f1c1f7e-8f7a-4c59-9c36-0d3b1c1e2f3a', paymentToken: 'eyJhIjoxfQ==' };
    expect(payRequestSchema.safeParse(ok).success).toBe(true);
    expect(payRequestSchema.safeParse({ ...ok, cardNumber: '4111111111111111' }).success).toBe(false);
    expect(payRequestSchema.safeParse({ ...ok, amount: 1 }).success).toBe(false);
  });

  it('a tokenisation failure shows the first message text, else "Something went wrong"', () => {
    expect(
      tokenizerFailureText({
        messages: {
          resultCode: 'Error',
          message: [
            { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
            { code: 'x', text: 'y' },
          ],
        },
      }),
    ).toBe('Please provide valid credit card number.');
    expect(tokenizerFailureText({ messages: { resultCode: 'Error', message: [] } })).toBe('Something went wrong');
    expect(tokenizerFailureText(null)).toBe('Something went wrong');
  });
});

describe('the sandbox token (what the local gateway knows of a tokenised card)', () => {
  it('round-trips the masked card; never the full number', () => {
    const card = sandboxCardOf('4111111111111111', '12', '39', 'ab'.repeat(16));
    const token = encodeSandboxToken(card);
    expect(token).not.toContain('4111111111111111');
    expect(decodeSandboxToken(token)).toEqual({ nonce: 'ab'.repeat(16), bin: '411111', last4: '1111', length: 16, month: '12', year: '39' });
    expect(isSandboxDeclineCard(card)).toBe(false);
    expect(isSandboxDeclineCard(sandboxCardOf('4000000000000002', '12', '39', 'ab'.repeat(16)))).toBe(true);
    expect(isSandboxDeclineCard(sandboxCardOf('4222222222222', '12', '39', 'ab'.repeat(16)))).toBe(true);
    for (const forged of ['', 'sandbox1', token.replace('sandbox1', 'sandbox2'), `${token}.x`, token.replace('.1239', '.1339')]) {
      expect(decodeSandboxToken(forged)).toBeNull();
    }
  });
});
