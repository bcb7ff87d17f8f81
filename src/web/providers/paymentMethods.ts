import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import type { BillingAddress, CheckoutResponse, PayResponse } from '../../domain/payment';
import type { ApiFetch } from './httpClient';

export interface OrderPaySummary {
  unpaidProducts: { slug: string | null; name: string; qty: number; unitPrice: number }[];
  netTotalUnpaid: number;
  taxUnPaid: number;
  grossTotalUnpaid: number;
}

/** The store's payment calls (spec 2 §7) as dataProvider methods; card data never goes through them. */
export interface PaymentMethods {
  /** GET /api/booking/orderPaySummary?id=: the unpaid lines and totals. */
  orderPaySummary(id: string, signal?: AbortSignal): Promise<OrderPaySummary>;
  /** POST /api/booking/clinicianCreateCheckout {tbdBookId, billingAddress}: the server fixes the amounts. */
  createCheckout(tbdBookId: string, billingAddress: BillingAddress, idempotencyKey: string): Promise<CheckoutResponse>;
  /** POST /api/booking/payBookingWithCheckout {tbdBookId, checkoutToken, paymentToken (opaqueData.dataValue)}. */
  payBookingWithCheckout(body: { tbdBookId: string; checkoutToken: string; paymentToken: string }, idempotencyKey: string): Promise<PayResponse>;
}

export function createPaymentMethods(api: ApiFetch): PaymentMethods {
  const key = (k: string) => ({ [IDEMPOTENCY_KEY_HEADER]: k });
  return {
    orderPaySummary: (id, signal) => api('/api/booking/orderPaySummary', { query: { id }, signal }),
    createCheckout: (tbdBookId, billingAddress, k) =>
      api('/api/booking/clinicianCreateCheckout', { method: 'POST', body: { tbdBookId, billingAddress }, headers: key(k) }),
    payBookingWithCheckout: (body, k) => api('/api/booking/payBookingWithCheckout', { method: 'POST', body, headers: key(k) }),
  };
}
