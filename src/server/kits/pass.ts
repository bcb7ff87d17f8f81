import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { sendToPassRefusal, type SendToPassResult } from '../../domain/kits/pass';
import type { PassAdapter } from '../adapters/pass';
import { assertClinicalAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import { ApiError, conflict } from '../errors';

/**
 * POST /secure/kit/{kitId}/sendToPass (spec 1 §2 Select Action "Send result to PASS"): a clinician (or super admin)
 * licensed in the patient's state sends the kit's result to PASS, only once it is released to the patient and the
 * patient is a PASS member who consents (src/domain/kits/pass.ts). A refusal writes nothing but a FAILED/DENIED audit row.
 */
export async function sendResultToPass(data: DataAccess, pass: PassAdapter, kitId: string): Promise<SendToPassResult> {
  assertClinicalAccess(data.actor);
  try {
    return await data.transaction(async (tx) => {
      const kit = await tx.kits.lockForPass(kitId);
      const { record, patient } = kit;
      const refusal = sendToPassRefusal(patient, record.resultStatus);
      if (refusal || !patient || !record.patientId || !record.resultStatus) throw conflict(KIT_UI_TEXT.pass.reasons[refusal ?? 'noPatient']);
      const sent = await tx.kits.submitToPass(pass, { ...kit, patient }, { patientId: record.patientId, resultStatus: record.resultStatus });
      return { submittedAt: sent.submittedAt };
    });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 409 || err.status === 403 || err.status === 502)) {
      await data.kits.auditPassRefused(kitId, err.status === 403 ? 'DENIED' : 'FAILED');
    }
    throw err;
  }
}
