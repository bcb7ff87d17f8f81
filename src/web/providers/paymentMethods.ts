import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type { BillingAddress, CheckoutResponse, PayResponse } from '../../domain/payments/payment';
import type { ApiFetch } from './httpClient';

export interface OrderPaySummary {
  unpaidProducts: { slug: string | null; name: string; qty: number; unitPrice: number }[];
  netTotalUnpaid: number;
  taxUnPaid: number;
  grossTotalUnpaid: number;
}

/** The store's payment calls (spec 2 §7) as dataProvider methods; card data never goes through them. */
export function createPaymentMethods(api: ApiFetch) {
  const key = (k: string) => ({ [IDEMPOTENCY_KEY_HEADER]: k });
  return {
    /** GET /api/booking/orderPaySummary?id=: the unpaid lines and totals. */
    orderPaySummary: (id: string, signal?: AbortSignal): Promise<OrderPaySummary> => api('/api/booking/orderPaySummary', { query: { id }, signal }),
    /** POST /api/booking/clinicianCreateCheckout {tbdBookId, billingAddress}: the server fixes the amounts. */
    createCheckout: (tbdBookId: string, billingAddress: BillingAddress, k: string): Promise<CheckoutResponse> =>
      api('/api/booking/clinicianCreateCheckout', { method: 'POST', body: { tbdBookId, billingAddress }, headers: key(k) }),
    /** POST /api/booking/payBookingWithCheckout {tbdBookId, checkoutToken, paymentToken (opaqueData.dataValue)}. */
    payBookingWithCheckout: (body: { tbdBookId: string; checkoutToken: string; paymentToken: string }, k: string): Promise<PayResponse> =>
      api('/api/booking/payBookingWithCheckout', { method: 'POST', body, headers: key(k) }),
  };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
