import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import type { CommerceProduct, EmailOrder, LabcorpResultType, SaleorOrderInput, SaleorOrderResult, ShippingMethod } from '../../domain/super-admin';
import type { AddToGroupBody } from '../../domain/sign-ups';
import type { ApiFetch } from './httpClient';

/** The super-admin panel's calls (spec 3 §7 Super-admin), as dataProvider methods. */
export interface SuperAdminMethods {
  /** The storefront's products (kit and PrEP, a variant per sex at birth). */
  commerceProducts(signal?: AbortSignal): Promise<CommerceProduct[]>;
  commerceShippingMethods(signal?: AbortSignal): Promise<ShippingMethod[]>;
  /** POST /secure/clinician/saleorOrder with the action's Idempotency-Key (a double submit orders once). */
  createSaleorOrder(body: SaleorOrderInput, idempotencyKey: string): Promise<SaleorOrderResult>;
  /** A patient's orders by e-mail, newest first (the upload keeps the LABCORP ones). */
  ordersByEmail(email: string, signal?: AbortSignal): Promise<EmailOrder[]>;
  /** POST /secure/clinician/labcorp/result/{orderId}/{resultType}: answers the status (success is 201 only). */
  uploadLabcorpResult(
    orderId: string,
    resultType: LabcorpResultType,
    file: { fileName: string; fileContent: string },
  ): Promise<{ status: number; body: unknown }>;
  /** POST /secure/admin/pendingSignUps/{id}/group {group}: a pending sign-up joins a Cognito group. */
  addToGroup(id: string, group: AddToGroupBody['group']): Promise<{ id: string; group: string }>;
}

export function createSuperAdminMethods(api: ApiFetch): SuperAdminMethods {
  return {
    commerceProducts: (signal) => api('/secure/clinician/saleor/products', { signal }),
    commerceShippingMethods: (signal) => api('/secure/clinician/saleor/shippingMethods', { signal }),
    createSaleorOrder: (body, idempotencyKey) =>
      api('/secure/clinician/saleorOrder', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    ordersByEmail: (email, signal) => api(`/secure/clinician/orders/email/${encodeURIComponent(email)}`, { signal }),
    uploadLabcorpResult: (orderId, resultType, file) =>
      api(`/secure/clinician/labcorp/result/${encodeURIComponent(orderId)}/${resultType}`, { method: 'POST', body: file, withStatus: true }),
    addToGroup: (id, group) => api(`/secure/admin/pendingSignUps/${encodeURIComponent(id)}/group`, { method: 'POST', body: { group } }),
  };
}
