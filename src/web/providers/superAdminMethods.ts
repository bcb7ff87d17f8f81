import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type {
  CommerceProduct,
  EmailOrder,
  LabcorpResultType,
  SaleorOrderInput,
  SaleorOrderResult,
  ShippingMethod,
} from '../../domain/super-admin/super-admin';
import type { AddToGroupBody } from '../../domain/super-admin/sign-ups';
import type { ApiFetch } from './httpClient';

/** The super-admin panel's calls (spec 3 §7 Super-admin), as dataProvider methods. */
export function createSuperAdminMethods(api: ApiFetch) {
  return {
    /** The storefront's products (kit and PrEP, a variant per sex at birth). */
    commerceProducts: (signal?: AbortSignal): Promise<CommerceProduct[]> => api('/secure/clinician/saleor/products', { signal }),
    commerceShippingMethods: (signal?: AbortSignal): Promise<ShippingMethod[]> => api('/secure/clinician/saleor/shippingMethods', { signal }),
    /** POST /secure/clinician/saleorOrder with the action's Idempotency-Key (a double submit orders once). */
    createSaleorOrder: (body: SaleorOrderInput, idempotencyKey: string): Promise<SaleorOrderResult> =>
      api('/secure/clinician/saleorOrder', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    /** A patient's orders by e-mail, newest first (the upload keeps the LABCORP ones). */
    ordersByEmail: (email: string, signal?: AbortSignal): Promise<EmailOrder[]> =>
      api(`/secure/clinician/orders/email/${encodeURIComponent(email)}`, { signal }),
    /** POST /secure/clinician/labcorp/result/{orderId}/{resultType}: answers the status (success is 201 only). */
    uploadLabcorpResult: (
      orderId: string,
      resultType: LabcorpResultType,
      file: { fileName: string; fileContent: string },
    ): Promise<{ status: number; body: unknown }> =>
      api(`/secure/clinician/labcorp/result/${encodeURIComponent(orderId)}/${resultType}`, { method: 'POST', body: file, withStatus: true }),
    /** POST /secure/admin/pendingSignUps/{id}/group {group}: a pending sign-up joins a Cognito group. */
    addToGroup: (id: string, group: AddToGroupBody['group']): Promise<{ id: string; group: string }> =>
      api(`/secure/admin/pendingSignUps/${encodeURIComponent(id)}/group`, { method: 'POST', body: { group } }),
  };
}

export type SuperAdminMethods = ReturnType<typeof createSuperAdminMethods>;
