import { eligibility, labResultActions, notesEditable, type LabViewer } from '../../domain/lab/lab-actions';
import type { LabRow } from '../../domain/lab/lab-api';
import type { KitDetail } from '../../domain/kits/kits';
import { sendToPassRefusal } from '../../domain/kits/pass';
import { rowFacts } from '../shared/lab/labRow';
import { kitPrescriptionOption } from '../shared/prescriptions/kitOption';

/** The 7 options of the kit page's Select Action card (spec 1 §2), in the spec's order. */
export const KIT_DETAIL_ACTIONS = [
  'appointmentReq',
  'createChartNote',
  'printSampleLabels',
  'reassign',
  'sendResultToPass',
  'sendPrescription',
  'sendSecureMessage',
] as const;
export type KitDetailAction = (typeof KIT_DETAIL_ACTIONS)[number];

/** An option's state: enabled, or disabled with the i18n key (or rules text) of the reason. */
export type OptionState = { enabled: true } | { enabled: false; reason: string };

export interface KitActionFacts {
  kit: KitDetail;
  /** The kit's test result (clinical viewers only); undefined when there is none (yet). */
  result: LabRow | undefined;
  clinicalAccess: boolean;
  viewer: LabViewer | null;
}

const on: OptionState = { enabled: true };
const off = (reason: string): OptionState => ({ enabled: false, reason });

/**
 * Which options are offered, on the shared lab rules (src/domain/lab/lab-actions): appointment, re-assign and message act
 * on the kit's test result as the Lab Results row actions do. Send result to PASS follows src/domain/kits/pass (released
 * result, PASS member who consents) and needs a licence in the patient's state. Prescribing has no flow here yet.
 */
export function kitDetailOptions(f: KitActionFacts): Record<KitDetailAction, OptionState> {
  const clinical = (then: () => OptionState): OptionState => {
    if (!f.clinicalAccess) return off('kit.reasons.noClinicalAccess');
    if (f.kit.masked) return off('kit.reasons.masked');
    return then();
  };
  const onResult = (rule: (row: LabRow, viewer: LabViewer) => OptionState) =>
    clinical(() => (!f.result ? off('kit.reasons.noTestResult') : !f.viewer ? off('kit.loading') : rule(f.result, f.viewer)));
  const resultRule = (pick: 'appointmentRequest' | 'messagePatient') =>
    onResult((row, viewer) => {
      const facts = rowFacts(row);
      const actions = labResultActions(facts, viewer);
      if (actions[pick]) return on;
      if (actions.disabledReason) return off(actions.disabledReason);
      // Mine already: the status is why (never "assign first" next to Re-Assign's "Already assigned to you").
      if (eligibility(facts, viewer).assignedToMe) return off(notesEditable(row.status) ? 'kit.reasons.notInStatus' : 'kit.reasons.resultReleased');
      return off(actions.assignToMe ? 'lab.assignFirst' : 'kit.reasons.notInStatus');
    });
  return {
    appointmentReq: resultRule('appointmentRequest'),
    createChartNote: clinical(() => (f.kit.patient ? on : off('kit.reasons.noPatient'))),
    printSampleLabels: f.kit.masked ? off('kit.reasons.masked') : on,
    reassign: onResult((row, viewer) => {
      const e = eligibility(rowFacts(row), viewer);
      if (e.assignedToMe) return off('kit.reasons.alreadyMine');
      return e.licenceEligible ? on : off(e.disabledReason ?? 'kit.reasons.masked');
    }),
    sendResultToPass: clinical(() => {
      const refusal = sendToPassRefusal(f.kit.patient, f.result?.status ?? f.kit.testResultStatus);
      if (refusal) return off(`kit.pass.reasons.${refusal}`);
      if (!f.viewer) return off('kit.loading');
      const e = eligibility(
        {
          status: '',
          clinicianId: null,
          patientState: f.kit.patient?.address.region ?? null,
          patientId: f.kit.masked ? null : (f.kit.patient?.userId ?? null),
          masked: f.kit.masked,
        },
        f.viewer,
      );
      return e.licenceEligible ? on : off(e.disabledReason ?? 'kit.reasons.masked');
    }),
    sendPrescription: clinical(() => kitPrescriptionOption(f.kit, f.result?.status)), // e-prescribing
    sendSecureMessage: resultRule('messagePatient'),
  };
}
