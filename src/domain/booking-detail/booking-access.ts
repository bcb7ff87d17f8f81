import { inPatientScope } from '../shared/scope';

/**
 * Who may read and write a booking's clinical data (spec 2 §6), and the server's refusal texts that the
 * spec does not word. Shared by the server (BookingDetail flags) and the portal.
 */

export interface ClinicalViewer {
  clinicalAccess: boolean;
  superAdmin: boolean;
  /** The auditor: reads everything, writes nothing. */
  readOnly: boolean;
  unmasked: boolean;
  validStates: readonly string[];
  /** Patients of the viewer's running break-glass sessions: in scope whatever their state (src/domain/shared/scope.ts). */
  breakGlass: readonly string[];
}

export interface ClinicalDataAccess {
  hasReadAccessToClinicalData: boolean;
  hasWriteAccessToClinicalData: boolean;
  restrictClinicalDataAccessReason: string | null;
}

export const CLINICAL_ACCESS_TEXT = {
  noRole: 'Clinical data is restricted to clinicians and super admins',
  noLicence: 'No valid licence in the patient state %{state}',
  readOnly: 'Read-only role',
} as const;

/**
 * Super admin: read and write. Auditor: read, never write. A clinical role (clinician) with a valid licence in the
 * patient's state: read and write; without one: neither. Any other role: neither.
 */
export function clinicalDataAccess(patientState: string | null, patientId: string | null | undefined, v: ClinicalViewer): ClinicalDataAccess {
  if (v.superAdmin) return { hasReadAccessToClinicalData: true, hasWriteAccessToClinicalData: true, restrictClinicalDataAccessReason: null };
  if (v.readOnly)
    return {
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: false,
      restrictClinicalDataAccessReason: CLINICAL_ACCESS_TEXT.readOnly,
    };
  const deny = (reason: string) => ({
    hasReadAccessToClinicalData: false,
    hasWriteAccessToClinicalData: false,
    restrictClinicalDataAccessReason: reason,
  });
  if (!v.clinicalAccess) return deny(CLINICAL_ACCESS_TEXT.noRole);
  if (!inPatientScope({ licenceBound: true, states: v.validStates, breakGlass: v.breakGlass }, patientState, true, patientId))
    return deny(CLINICAL_ACCESS_TEXT.noLicence.replace('%{state}', patientState ?? 'unknown'));
  return { hasReadAccessToClinicalData: true, hasWriteAccessToClinicalData: true, restrictClinicalDataAccessReason: null };
}

/** Refusals of booking writes the spec leaves unworded (ours). */
export const BOOKING_REFUSAL_TEXT = {
  outsideCancelWindow: 'The appointment is more than 40 minutes away: pre-mark it instead',
  insideCancelWindow: 'The appointment is 40 minutes or less away: cancel it instead',
  alreadyPreMarked: 'The booking is already pre-marked; finish the cancellation on the scheduling page',
  paidProduct: 'Paid products cannot be edited or deleted',
  noSuchProduct: 'No such product on this booking',
  unknownCatalogueProduct: 'No such product in the catalogue',
  paymentNotRequired: 'Payment is not required for this booking',
  accountExists: 'The patient already has an account',
  readOnlyField: 'Read-only fields cannot be changed: %{fields}',
  documentsReviewed: 'Identity documents were already reviewed',
  sampleTakenDate: 'Sample Taken Date is not a valid date',
  noProductAccess: 'Product and order data access is required',
  noClinicalNotesAccess: 'Clinical notes are written by clinicians and super admins only',
} as const;
