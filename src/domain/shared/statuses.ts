/** Status vocabularies of the lab area (spec 1 §4); the state machines that use them come with their features. */
export const LAB_RESULT_STATUSES = [
  'NEEDS_CLINICIAN_REVIEW',
  'IN_PROGRESS',
  'NEEDS_CONSULT',
  'AUTO_RELEASE_SCHEDULED',
  'RESULTS_RELEASED',
  'COMPLETE',
  'PRE_PROCESS',
  'PENDING_REVIEW',
  'NO_PATIENT',
  'INCONCLUSIVE',
] as const;
export type LabResultStatus = (typeof LAB_RESULT_STATUSES)[number];

export const LAB_REQUEST_STATUSES = ['REGISTERED', 'APPROVED', 'REJECTED_BY_CLINICIAN', 'REPORT_READY', 'COMPLETE'] as const;
export type LabRequestStatus = (typeof LAB_REQUEST_STATUSES)[number];

export const KIT_STATUSES = [
  'REGISTERED',
  'SAMPLE_COLLECTED_PENDING_REVIEW',
  'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST',
  'SAMPLE_SHIPMENT_MANIFEST_CREATED',
  'SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION',
  'SHIPPED',
  'CANCELLED',
  'REJECTED',
  'PENDING_RESULTS',
  'REPORT_READY',
  'COMPLETE',
] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];

export const ORDER_STATUSES = ['PENDING_SHIPMENT', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;

/** Booking status values (spec 2 §4). */
export const BOOKING_STATUSES = [
  'BOOKED_PENDING_CONFIRMATION',
  'PT_RESCHEDULED_PENDING_CONFIRMATION',
  'CL_RESCHEDULED_PENDING_CONFIRMATION',
  'BOOKED_CONFIRMED',
  'PT_RESCHEDULED_CONFIRMED',
  'CL_RESCHEDULED_CONFIRMED',
  'CLINICAL_SERVICE_COMPLETED',
  'UNKNOWN',
  'CANCELLED_NO_SHOW',
  'CANCELLED',
  'COMPLETED',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const MESSAGE_STATUSES = ['NEEDS_REVIEW', 'IN_PROGRESS', 'DONE'] as const;
export const MESSAGE_TYPES = ['TEST_RESULT', 'APPOINTMENT_REQUEST', 'MESSAGE', 'DIRECT_MESSAGE', 'FREE_PREP_PROGRAM', 'BELUGA'] as const;

/** Result statuses that mean the result reached the patient. */
export const RELEASED_RESULT_STATUSES: readonly string[] = ['RESULTS_RELEASED', 'COMPLETE'];

/**
 * Whether a lab request's status and its kit's test result status contradict each other:
 * a released result on a request that was never completed past registration or approval (or was rejected); a COMPLETE
 * request whose result is missing or not released; a result on a request the clinician rejected (its sample is not tested).
 */
export function requestResultContradiction(requestStatus: string, resultStatus: string | null): boolean {
  const released = resultStatus !== null && RELEASED_RESULT_STATUSES.includes(resultStatus);
  if (requestStatus === 'REJECTED_BY_CLINICIAN') return resultStatus !== null;
  if (requestStatus === 'COMPLETE') return !released;
  return released && (requestStatus === 'REGISTERED' || requestStatus === 'APPROVED');
}

/** A status as people read it (spec 3 §4 "title-cased"): PT_RESCHEDULED_CONFIRMED -> Pt Rescheduled Confirmed; 'Unknown' when missing. */
export const statusLabel = (status: string | null | undefined) =>
  (status || 'UNKNOWN')
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
