import { createContext, useContext } from 'react';
import type { LabRow } from '../../domain/lab-api';
import type { KitActionBody } from '../../domain/lab-orders';
import type { KitAction, KitDetail, KitRow } from '../../domain/kits';
import type { OrderReportRow } from '../../domain/kit-reports';
import type { PassConsentResult, SendToPassResult } from '../../domain/pass';
import { apiFetch, type ApiFetch } from '../providers/httpClient';

/** Kit, lab order, manifest and order report calls (spec 1 §7), shared by the kit, lab order and order screens. */

export interface Page<T> {
  items: T[];
  total: number;
}

/** The HTTP client of these screens; the portal's by default, a test one (msw) in tests. */
export const KitsApiContext = createContext<ApiFetch>(apiFetch);
export const useKitsApi = () => useContext(KitsApiContext);

const enc = encodeURIComponent;

/** GET /secure/kit/{kitId}: kit detail (404: "Kit ID is not valid"). */
export const getKit = (api: ApiFetch, kitId: string, signal?: AbortSignal) => api<KitDetail>(`/secure/kit/${enc(kitId)}`, { signal });

/** GET /secure/testResult/{kitId}: the kit's test result (404: none yet). */
export const getKitTestResult = (api: ApiFetch, kitId: string, signal?: AbortSignal) =>
  api<LabRow>(`/secure/testResult/${enc(kitId)}`, { signal });

/** PATCH /secure/patient/{id}/passConsent: Change Consent Status of a PASS member. */
export const changePassConsent = (api: ApiFetch, patientId: string, shareWIthPass: boolean) =>
  api<PassConsentResult>(`/secure/patient/${enc(patientId)}/passConsent`, { method: 'PATCH', body: { shareWIthPass } });

/** POST /secure/kit/{kitId}/sendToPass: Send result to PASS (released result, consenting member). */
export const sendResultToPass = (api: ApiFetch, kitId: string) =>
  api<SendToPassResult>(`/secure/kit/${enc(kitId)}/sendToPass`, { method: 'POST' });

/** GET /secure/kit/{kitId}/label: a presigned URL of the sample label PDF (body.url). */
export const getLabelUrl = (api: ApiFetch, kitId: string) => api<{ url: string }>(`/secure/kit/${enc(kitId)}/label`);

export interface KitListQuery {
  careLocation?: string;
  page: number;
  perPage: number;
}

/** GET /secure/kit/status/{status}: one page of kits in a status (and care location). */
export const kitsByStatus = (api: ApiFetch, status: string, q: KitListQuery, signal?: AbortSignal) =>
  api<Page<KitRow>>(`/secure/kit/status/${enc(status)}`, { query: { ...q, sort: 'created', order: 'DESC' }, signal });

export interface KitActionResult {
  kitIds: string[];
  status: string;
  count: number;
  manifestId?: string;
  message: string;
}

const ACTION_PATHS: Record<KitAction, string> = {
  cancel: 'cancelLabOrders',
  approve: 'approveLabOrderSamples',
  manifest: 'updateLabOrderWithShippingManifest',
  confirmShipment: 'confirmLabOrderShippingManifest',
};

/** PATCH /secure/kit/{cancelLabOrders|approveLabOrderSamples|updateLabOrderWithShippingManifest|confirmLabOrderShippingManifest}. */
export const runKitAction = (api: ApiFetch, action: KitAction, body: KitActionBody) =>
  api<KitActionResult>(`/secure/kit/${ACTION_PATHS[action]}`, { method: 'PATCH', body });


/** GET /secure/kit/manifests/{id}/pdf: the printable manifest, as a Blob (the call needs the bearer token). */
export const manifestPdf = (api: ApiFetch, id: string) => api<Blob>(`/secure/kit/manifests/${enc(id)}/pdf`, { responseType: 'blob' });

export interface OrderQuery {
  status?: string;
  page: number;
  perPage: number;
}

/** GET /secure/report/orders: one page of the order report. */
export const listOrders = (api: ApiFetch, q: OrderQuery, signal?: AbortSignal) =>
  api<Page<OrderReportRow>>('/secure/report/orders', { query: { ...q }, signal });

/** GET /secure/report/orders/export: the CSV of every matching order. */
export const exportOrders = (api: ApiFetch, status?: string) =>
  api<Blob>('/secure/report/orders/export', { query: { status }, responseType: 'blob' });

/** The server's reason of a failed call (the generic formatter's text is the error message). */
export const reasonOf = (error: unknown) => (error instanceof Error && error.message) || 'unknown';

/** The HTTP status of a failed call (react-admin HttpError), or 0. */
export const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof (error as { status: unknown }).status === 'number'
    ? (error as { status: number }).status
    : 0;

/** The server's msg and reason of a failed call ({ msg, reason } body), else the error's message. */
export function msgReasonOf(error: unknown): { msg: string; reason: string } {
  const body = typeof error === 'object' && error !== null && 'body' in error ? (error as { body: unknown }).body : null;
  const b = (body && typeof body === 'object' ? body : {}) as { msg?: unknown; reason?: unknown };
  return {
    msg: typeof b.msg === 'string' ? b.msg : reasonOf(error),
    reason: typeof b.reason === 'string' ? b.reason : 'unknown cause',
  };
}
