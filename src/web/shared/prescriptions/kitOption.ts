import { resultBlocksPrescription } from '../../../domain/prescriptions/prescriptions';
import { PRESCRIPTION_TEXT } from '../../../domain/i18n/en/prescription';

type OptionState = { enabled: true } | { enabled: false; reason: string };

/**
 * The kit page's Send Prescription (spec 1 §4): a kit with a patient whose result is released; while the result is
 * PRE_PROCESS, PENDING_REVIEW, NEEDS_CLINICIAN_REVIEW or missing: "You can't send prescription until results are released".
 */
export function kitPrescriptionOption(
  kit: { patient: unknown; testResultStatus: string | null },
  resultStatus: string | null | undefined,
): OptionState {
  if (!kit.patient) return { enabled: false, reason: 'kit.reasons.noPatient' };
  if (resultBlocksPrescription(resultStatus ?? kit.testResultStatus)) return { enabled: false, reason: PRESCRIPTION_TEXT.resultsNotReleased };
  return { enabled: true };
}
