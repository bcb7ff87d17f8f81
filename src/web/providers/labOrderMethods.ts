import type { ClinicianSummary } from '../../domain/bookings/booking-summary';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type { CompendiumEntry, LabOrderRequest } from '../../domain/kits/kits';
import type { ApiFetch } from './httpClient';

/** The lab order requisition wizard's calls and the clinician's booking summary (spec 2 §7), as dataProvider methods. */
export function createLabOrderMethods(api: ApiFetch) {
  return {
    /** GET /secure/kit/testCompendium?labName=&location= (the booking's care location). */
    testCompendium: (labName: string, location: string): Promise<CompendiumEntry[]> =>
      api('/secure/kit/testCompendium', { query: { labName, location } }),
    /** POST /secure/kit/labOrderRequest with the action's Idempotency-Key: a double submit orders once. */
    createLabOrder: (
      body: LabOrderRequest,
      idempotencyKey: string,
    ): Promise<{ kitId: string; status: string; requisitionId: string; panelName: string }> =>
      api('/secure/kit/labOrderRequest', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    /** GET /secure/booking/v1/summaryForClinician: the caller's own bookings of today and the coming days. */
    clinicianBookingSummary: (): Promise<ClinicianSummary> => api('/secure/booking/v1/summaryForClinician'),
  };
}

export type LabOrderMethods = ReturnType<typeof createLabOrderMethods>;
