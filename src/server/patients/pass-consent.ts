import type { PassConsentBody, PassConsentResult } from '../../domain/kits/pass';
import type { DataAccess } from '../data/access';
import { ApiError, forbidden } from '../errors';

/**
 * Change Consent Status (spec 1 §2 Patient Details): sets whether a PASS member shares released results with PASS.
 * Not for read-only roles (auditors); a patient outside the viewer's scope (a licence-bound clinician without a valid
 * licence in the patient's state) reads as unknown (404); only PASS members (409). The change, its history row and
 * the audit row commit together (the repository's changePassConsent); a refusal (403, 409) is audited too.
 */
export async function changePassConsent(data: DataAccess, patientId: string, body: PassConsentBody): Promise<PassConsentResult> {
  try {
    if (data.actor.permissions.readOnly) throw forbidden('read-only role cannot write');
    return await data.transaction((tx) => tx.patients.changePassConsent(patientId, body));
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 409)) {
      await data.patients.passConsentRefused(patientId, e.status === 403 ? 'DENIED' : 'FAILED');
    }
    throw e;
  }
}
