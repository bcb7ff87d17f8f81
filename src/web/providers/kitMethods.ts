import type { KitActionBody } from '../../domain/lab/lab-orders';
import type { KitAction } from '../../domain/kits/kits';
import type { PassConsentResult, SendToPassResult } from '../../domain/kits/pass';
import type { ApiFetch } from './httpClient';
import type { z } from 'zod';
import type { usersReportSchema } from '../../domain/kits/kit-reports';

export type UsersReport = z.infer<typeof usersReportSchema>;

/** The answer of a Manage Lab Order step action. */
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

const enc = encodeURIComponent;

/**
 * The kit calls of spec 1 §7 that are actions, not CRUD of the `kits`, `lab-order-kits`, `orders` and
 * `shipping-manifests` resources (resources.ts), as dataProvider methods.
 */
export function createKitMethods(api: ApiFetch) {
  return {
    /** PATCH /secure/patient/{id}/passConsent: Change Consent Status of a PASS member. */
    changePassConsent: (patientId: string, shareWIthPass: boolean): Promise<PassConsentResult> =>
      api(`/secure/patient/${enc(patientId)}/passConsent`, { method: 'PATCH', body: { shareWIthPass } }),
    /** POST /secure/kit/{kitId}/sendToPass: Send result to PASS (released result, consenting member). */
    sendResultToPass: (kitId: string): Promise<SendToPassResult> => api(`/secure/kit/${enc(kitId)}/sendToPass`, { method: 'POST' }),
    /** GET /secure/kit/{kitId}/label: a presigned URL of the sample label PDF (body.url). */
    kitLabelUrl: (kitId: string): Promise<{ url: string }> => api(`/secure/kit/${enc(kitId)}/label`),
    /** GET /secure/report/users: one page of the users report (each clinician and the work assigned to it). */
    usersReport: (page: number, perPage: number, signal?: AbortSignal): Promise<UsersReport> =>
      api('/secure/report/users', { query: { page, perPage }, signal }),
    /** GET /secure/file/presignedUrl?url=: a short-lived link to a stored file (a result attachment), body.url. */
    presignedFileUrl: (url: string): Promise<{ url?: string }> => api(`/secure/file/presignedUrl?${new URLSearchParams({ url })}`),
    /** PATCH /secure/kit/{cancelLabOrders|approveLabOrderSamples|updateLabOrderWithShippingManifest|confirmLabOrderShippingManifest}. */
    runKitAction: (action: KitAction, body: KitActionBody): Promise<KitActionResult> =>
      api(`/secure/kit/${ACTION_PATHS[action]}`, { method: 'PATCH', body }),
    /** GET /secure/kit/manifests/{id}/pdf: the printable manifest, as a Blob (the call needs the bearer token). */
    manifestPdf: (id: string): Promise<Blob> => api(`/secure/kit/manifests/${enc(id)}/pdf`, { responseType: 'blob' }),
  };
}

export type KitMethods = ReturnType<typeof createKitMethods>;
