import { ApiError } from '../../errors';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './types';

/** Authorize.Net's API endpoints (the sandbox for AUTHORIZENET_ENVIRONMENT=sandbox). */
export const AUTHORIZENET_API = {
  production: 'https://api.authorize.net/xml/v1/request.api',
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
} as const;

export interface AuthorizeNetSettings {
  environment: 'sandbox' | 'production';
  apiLoginId: string;
  transactionKey: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const cut = (text: string, max: number) => text.slice(0, max);

interface AnetResponse {
  transactionResponse?: {
    responseCode?: string;
    transId?: string;
    accountNumber?: string;
    messages?: { code: string; description: string }[];
    errors?: { errorCode: string; errorText: string }[];
  };
  messages?: { resultCode?: 'Ok' | 'Error'; message?: { code: string; text: string }[] };
}

/** The createTransactionRequest body: an authCaptureTransaction paid with Accept.js's opaque data (fields in the schema's order). */
export function createTransactionBody(s: AuthorizeNetSettings, req: Omit<ChargeRequest, 'db'>) {
  const b = req.billTo;
  return {
    createTransactionRequest: {
      merchantAuthentication: { name: s.apiLoginId, transactionKey: s.transactionKey },
      refId: cut(req.invoiceNumber, 20),
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: dollars(req.amountCents),
        payment: { opaqueData: { dataDescriptor: req.opaqueData.dataDescriptor, dataValue: req.opaqueData.dataValue } },
        order: { invoiceNumber: cut(req.invoiceNumber, 20), description: cut(req.description, 255) },
        tax: { amount: dollars(req.taxCents), name: 'Sales tax' },
        billTo: {
          firstName: cut(b.firstName, 50),
          lastName: cut(b.lastName, 50),
          address: cut(`${b.streetAddress1}, ${b.streetAddress2}`, 60),
          city: cut(b.city, 40),
          state: b.countryArea,
          zip: b.postalCode,
          country: b.country,
          phoneNumber: b.phone,
        },
      },
    },
  };
}

/** Reads the gateway's answer: responseCode 1 settles; any other code (declined, error, held) declines with the gateway's text. */
export function readTransactionResponse(r: AnetResponse): ChargeResult {
  const t = r.transactionResponse;
  if (r.messages?.resultCode === 'Ok' && t?.responseCode === '1' && t.transId) {
    return { status: 'SETTLED', transactionId: t.transId, accountNumber: t.accountNumber ?? null };
  }
  const message = t?.errors?.[0]?.errorText ?? r.messages?.message?.[0]?.text ?? t?.messages?.[0]?.description;
  if (!t && !message) throw new ApiError(502, 'Payment provider error', 'The payment provider gave no answer');
  return { status: 'DECLINED', message: message ?? 'This transaction has been declined.' };
}

/**
 * Authorize.Net (https://developer.authorize.net/api/reference/): createTransactionRequest with the opaque data that
 * Accept.js made in the browser. The transaction key never leaves this server; nothing of the card is logged.
 */
export function authorizeNetGateway(s: AuthorizeNetSettings, fetchImpl: typeof fetch = fetch): PaymentGateway {
  return {
    provider: 'authorizenet',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const { db: _db, ...request } = req;
      let res: Response;
      try {
        res = await fetchImpl(AUTHORIZENET_API[s.environment], {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(createTransactionBody(s, request)),
          signal: AbortSignal.timeout(30_000),
        });
      } catch {
        throw new ApiError(502, 'Payment provider error', 'The payment provider could not be reached');
      }
      if (!res.ok) throw new ApiError(502, 'Payment provider error', `The payment provider answered ${res.status}`);
      // The gateway's JSON starts with a byte order mark.
      const text = (await res.text()).replace(/^\uFEFF/, '');
      let body: AnetResponse;
      try {
        body = JSON.parse(text) as AnetResponse;
      } catch {
        throw new ApiError(502, 'Payment provider error', 'The payment provider answered something else than JSON');
      }
      return readTransactionResponse(body);
    },
  };
}
