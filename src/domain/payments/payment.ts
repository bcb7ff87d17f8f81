import { z } from 'zod';
import { PHONE_DIGITS } from '../shared/contact';
import { isUsStateOrTerritory } from '../shared/states';

/**
 * The Payment screen's rules (spec 2 §2.6, §3 "Payment entities", §5 "Payment form", §9): the billing address for
 * checkout, the card input (number, MM/YY, CVV) and its parsing, and the card tokeniser's contract (Authorize.Net
 * Accept.js: dispatchData -> opaqueData.dataValue). Card data only ever goes to the tokeniser, never to this server.
 */

// ---------------------------------------------------------------- texts

/** The field messages of spec 2 §5 (verbatim). */
export const PAYMENT_FORM_TEXT = {
  firstName: 'Please provide a valid first name.',
  lastName: 'Please provide a valid last name.',
  /** Used for the phone and the street (spec 2 §5). */
  street: 'Please provide a valid street address.',
  apartment: 'Please provide a valid apartment, suite no, etc.',
  city: 'Please provide a valid city.',
  state: 'Please provide a valid state.',
  zip: 'Please provide a valid zip code.',
  cardNumber: 'Please enter a valid 16 digit card number.',
  expiry: 'Please enter a valid expiration date (MM/YY).',
  cvv: 'Please provide valid CVV.',
} as const;

/** Failure texts of spec 2 §8 and the refusals of the payment calls. */
export const PAYMENT_TEXT = {
  /** Card tokenisation failure without a provider message (spec 2 §8). */
  somethingWrong: 'Something went wrong',
  checkoutCreated: 'Checkout created',
  nothingDue: 'No payment is required for this booking',
  alreadyPaid: 'This booking is already paid',
  checkoutPaid: 'This checkout is already paid',
  noSuchCheckout: 'No checkout found for this booking',
  amountsChanged: 'The amounts changed since the checkout was created; review the payment again',
  tokenUsed: 'This payment token was already used',
  paid: 'Payment successful',
} as const;

/** Payment toasts: 6 s (spec 2 §9). */
export const PAYMENT_TOAST_MS = 6000;

// ---------------------------------------------------------------- limits (spec 2 §9)

export const CARD_NUMBER_MAX = 19;
export const EXPIRY_MAX = 5;
export const CVV_MAX = 4;
export const PAYMENT_COUNTRY = 'US';

// ---------------------------------------------------------------- card parsing

/** Only the digits of a card number as typed (spaces and anything else removed). */
export const cardDigits = (value: string) => value.replace(/\D/g, '');

/** The card number as shown: digits grouped by 4, at most 19 characters (16 digits and 3 spaces). */
export const formatCardNumber = (value: string) =>
  cardDigits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, CARD_NUMBER_MAX);

/** The card number sent to the tokeniser: spaces removed (spec 2 §5). */
export const parseCardNumber = (value: string) => value.replace(/\s+/g, '');

/** The expiry as typed, shaped MM/YY: digits only, a slash after the month, at most 5 characters. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The expiry split at the slash into month and year (spec 2 §5); null unless MM/YY with month 01 to 12. */
export function parseExpiry(value: string): { month: string; year: string } | null {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim());
  return m ? { month: m[1], year: m[2] } : null;
}

/** The CVV as typed: digits only, at most 4. */
export const formatCvv = (value: string) => value.replace(/\D/g, '').slice(0, CVV_MAX);

/** The Luhn check digit rule every card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether an MM/YY expiry is this month or later (a card is valid through the end of its month). */
export function expiryNotPast(exp: { month: string; year: string }, now = new Date()): boolean {
  const year = 2000 + Number(exp.year);
  const month = Number(exp.month);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The masked card as providers answer it: the last four digits behind XXXX. */
export const maskedCard = (digits: string) => `XXXX${digits.slice(-4)}`;

// ---------------------------------------------------------------- forms

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Billing address form (spec 2 §2.6, §5): every field required, with its message. */
export const billingFormSchema = z.object({
  firstName: required(PAYMENT_FORM_TEXT.firstName).max(100, PAYMENT_FORM_TEXT.firstName),
  lastName: required(PAYMENT_FORM_TEXT.lastName).max(100, PAYMENT_FORM_TEXT.lastName),
  phone: required(PAYMENT_FORM_TEXT.street).regex(PHONE_DIGITS, PAYMENT_FORM_TEXT.street),
  streetAddress1: required(PAYMENT_FORM_TEXT.street).max(200, PAYMENT_FORM_TEXT.street),
  streetAddress2: required(PAYMENT_FORM_TEXT.apartment).max(200, PAYMENT_FORM_TEXT.apartment),
  city: required(PAYMENT_FORM_TEXT.city).max(100, PAYMENT_FORM_TEXT.city),
  countryArea: required(PAYMENT_FORM_TEXT.state).refine(isUsStateOrTerritory, PAYMENT_FORM_TEXT.state),
  postalCode: required(PAYMENT_FORM_TEXT.zip).regex(/^\d{5}(-\d{4})?$/, PAYMENT_FORM_TEXT.zip),
});
export type BillingForm = z.infer<typeof billingFormSchema>;

/** Billing address for checkout (spec 2 §3): the form's fields plus the country, fixed US. */
export const billingAddressSchema = billingFormSchema.extend({ country: z.literal(PAYMENT_COUNTRY) }).strict();
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/** Card input (spec 2 §3, §5): number (digits grouped by 4), expDate MM/YY, cvc 3 to 4 digits. */
export const cardFormSchema = z.object({
  number: z
    .string({ error: PAYMENT_FORM_TEXT.cardNumber })
    .max(CARD_NUMBER_MAX, PAYMENT_FORM_TEXT.cardNumber)
    .refine((v) => /^\d{16}$/.test(parseCardNumber(v)) && /^[\d ]+$/.test(v), PAYMENT_FORM_TEXT.cardNumber),
  expDate: z
    .string({ error: PAYMENT_FORM_TEXT.expiry })
    .max(EXPIRY_MAX, PAYMENT_FORM_TEXT.expiry)
    .refine((v) => parseExpiry(v) !== null, PAYMENT_FORM_TEXT.expiry),
  cvc: z.string({ error: PAYMENT_FORM_TEXT.cvv }).regex(/^\d{3,4}$/, PAYMENT_FORM_TEXT.cvv),
});

/** The whole Payment form (billing and card), checked at once. */
export const paymentFormSchema = billingFormSchema.extend(cardFormSchema.shape);
export type PaymentForm = z.infer<typeof paymentFormSchema>;

/** Router state of Collect Payment -> /Payment (spec 2 §2.3) as the billing form's initial values. */
export function billingFromRouterState(state: unknown): Partial<BillingForm> {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    firstName: text(s.firstName),
    lastName: text(s.lastName),
    phone: cardDigits(text(s.phone)),
    streetAddress1: text(s.address1),
    streetAddress2: text(s.address2),
    city: text(s.city),
    countryArea: text(s.state),
    postalCode: text(s.zip),
  };
}

// ---------------------------------------------------------------- calls (spec 2 §7 store calls)

export const checkoutRequestSchema = z.strictObject({ tbdBookId: z.string().min(1).max(64), billingAddress: billingAddressSchema });
export const checkoutResponseSchema = z.object({
  isSuccess: z.boolean(),
  checkout: z.object({ token: z.string(), netTotal: z.number(), tax: z.number(), grossTotal: z.number() }),
  message: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const payRequestSchema = z.strictObject({
  tbdBookId: z.string().min(1).max(64),
  checkoutToken: z.string().uuid(),
  /** opaqueData.dataValue of the card tokeniser. */
  paymentToken: z.string().min(8).max(8192),
});
export const payResponseSchema = z.object({
  success: z.boolean(),
  transactionId: z.string(),
  amount: z.number(),
  accountNumber: z.string().nullable(),
});
export type PayResponse = z.infer<typeof payResponseSchema>;

// ---------------------------------------------------------------- the card tokeniser's contract (Accept.js)

export interface TokenizerMessage {
  code: string;
  text: string;
}
/** Accept.dispatchData's answer: opaqueData on resultCode Ok, messages on Error. */
export interface TokenizerResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: 'Ok' | 'Error'; message: TokenizerMessage[] };
}
export interface SecureData {
  authData: { apiLoginID: string; clientKey: string };
  cardData: { cardNumber: string; month: string; year: string; cardCode: string; zip?: string; fullName?: string };
}

/** The text a tokenisation failure shows (spec 2 §8): the first message's text, or 'Something went wrong'. */
export const tokenizerFailureText = (r: Pick<TokenizerResponse, 'messages'> | null | undefined) =>
  r?.messages?.message?.[0]?.text || PAYMENT_TEXT.somethingWrong;

/** Accept.js's own messages for card data it refuses (its E_WC_* codes). */
export const ACCEPT_MESSAGES = {
  cardNumber: { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
  month: { code: 'E_WC_06', text: 'Please provide valid expiration month.' },
  year: { code: 'E_WC_07', text: 'Please provide valid expiration year.' },
  past: { code: 'E_WC_08', text: 'Expiration date must be in the future.' },
  cvv: { code: 'E_WC_15', text: 'Please provide valid CVV.' },
} as const;

/** The opaque data descriptor of a card tokenised by Accept.js. */
export const ACCEPT_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

/**
 * The provider's published sandbox test cards (Authorize.Net testing guide): they approve. The sandbox declines
 * 4222222222222 (its response-testing card) and, as the form takes 16 digits, the generic decline card
 * 4000000000000002, with the gateway's message; and any card with billing zip 46282 (its general bank decline).
 */
export const SANDBOX_APPROVED_CARDS = [
  '370000000000002',
  '6011000000000012',
  '3088000000000017',
  '38000000000006',
  '4007000000027',
  '4012888818888',
  '4111111111111111',
  '5424000000000015',
  '2223000010309703',
  '2223000010309711',
] as const;
export const SANDBOX_DECLINED_CARDS = ['4222222222222', '4000000000000002'] as const;
export const SANDBOX_DECLINED_ZIP = '46282';
export const PROVIDER_DECLINED_TEXT = 'This transaction has been declined.';

/** Accept.js of each Authorize.Net environment and the API origins it posts card data to (the portal's CSP allows them only when configured). */
export const ACCEPT_JS = {
  production: { script: 'https://js.authorize.net/v1/Accept.js', apiOrigins: ['https://api2.authorize.net', 'https://api.authorize.net'] },
  sandbox: { script: 'https://jstest.authorize.net/v1/Accept.js', apiOrigins: ['https://apitest.authorize.net'] },
} as const;

/** The card tokeniser the portal uses, from /config.json: the local sandbox, or Accept.js with the public client key. */
export type TokenizerSettings =
  | { provider: 'local' }
  | {
      provider: 'authorizenet';
      environment: 'sandbox' | 'production';
      apiLoginId: string;
      clientKey: string;
    };
export const tokenizerSettingsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({
    provider: z.literal('authorizenet'),
    environment: z.enum(['sandbox', 'production']),
    apiLoginId: z.string().min(1),
    clientKey: z.string().min(1),
  }),
]);
