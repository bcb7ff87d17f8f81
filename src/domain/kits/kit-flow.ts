import { changedByText, type RecordChange } from '../live/live';
import { inPatientScope, type PatientScope } from '../shared/scope';
import type { KitStatus } from '../shared/statuses';
import { MANAGE_LAB_ORDER_STEP_TITLES } from '../i18n/en/kit';

/**
 * The kit flow (spec 1 §4 lab kit flow, §5 lab action modals, §6): the validation and toast texts of the kit
 * actions, the kit state machine and the licence scope of kit actions (all-or-nothing bulk checks).
 */

// ---------------------------------------------------------------------------------------------------------------
// Texts (spec 1 §5 "Lab action modals", §8)
// ---------------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------------
// State machine (spec 1 §4 "Lab kit flow")
// ---------------------------------------------------------------------------------------------------------------

export const KIT_ACTIONS = ['cancel', 'approve', 'manifest', 'confirmShipment'] as const;
export type KitAction = (typeof KIT_ACTIONS)[number];

/**
 * COLLECTED -> approve -> APPROVED_PENDING_SHIPMENT_MANIFEST -> manifest -> SHIPMENT_MANIFEST_CREATED -> confirm -> SHIPPED;
 * COLLECTED -> cancel -> CANCELLED. No step can be skipped. SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION is the
 * spec's other name for a created manifest: it is accepted as a source of confirm, never produced.
 */
export const KIT_TRANSITIONS: Record<KitAction, { from: readonly KitStatus[]; to: KitStatus; history: string }> = {
  cancel: { from: ['SAMPLE_COLLECTED_PENDING_REVIEW'], to: 'CANCELLED', history: 'CANCEL_LAB_ORDER' },
  approve: { from: ['SAMPLE_COLLECTED_PENDING_REVIEW'], to: 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST', history: 'APPROVE_LAB_ORDER' },
  manifest: { from: ['SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST'], to: 'SAMPLE_SHIPMENT_MANIFEST_CREATED', history: 'CREATE_SHIPPING_MANIFEST' },
  confirmShipment: {
    from: ['SAMPLE_SHIPMENT_MANIFEST_CREATED', 'SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION'],
    to: 'SHIPPED',
    history: 'CONFIRM_SHIPMENT',
  },
};

/** The status an action leads to from `current`, or null when the action is not allowed there. */
export function nextKitStatus(action: KitAction, current: string): KitStatus | null {
  const t = KIT_TRANSITIONS[action];
  return (t.from as readonly string[]).includes(current) ? t.to : null;
}

/** The actions offered for a kit in `status`. */
export const kitActionsFor = (status: string): KitAction[] => KIT_ACTIONS.filter((a) => nextKitStatus(a, status) !== null);

/** The three step cards of Manage Lab Order, each listing the kits of one status. */
export const MANAGE_LAB_ORDER_STEPS = [
  { key: 'COLLECTED', title: MANAGE_LAB_ORDER_STEP_TITLES.COLLECTED, status: 'SAMPLE_COLLECTED_PENDING_REVIEW', actions: ['approve', 'cancel'] },
  { key: 'APPROVED', title: MANAGE_LAB_ORDER_STEP_TITLES.APPROVED, status: 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST', actions: ['manifest'] },
  { key: 'CONFIRM', title: MANAGE_LAB_ORDER_STEP_TITLES.CONFIRM, status: 'SAMPLE_SHIPMENT_MANIFEST_CREATED', actions: ['confirmShipment'] },
] as const satisfies readonly { key: string; title: string; status: KitStatus; actions: readonly KitAction[] }[];

/** Confirmed (SHIPPED) and cancelled kits are cleared from the Manage Lab Order view. */
export const isInManageLabOrder = (status: string) => MANAGE_LAB_ORDER_STEPS.some((s) => s.status === status);

// ---------------------------------------------------------------------------------------------------------------
// Scope: which kits a viewer may act on (spec 1 §6)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Whether a kit is in the viewer's scope (the one rule of src/domain/shared/scope.ts): a kit without a patient carries no
 * patient data, so anyone with order access may ship it; a licence-bound clinician needs a valid licence in the
 * patient's state.
 */
export const kitInScope = (
  kit: { patientState: string | null | undefined; patientId: string | null },
  scope: Pick<PatientScope, 'licenceBound' | 'states' | 'breakGlass'>,
) => inPatientScope(scope, kit.patientState, kit.patientId !== null, kit.patientId);

export interface LockedKitFacts {
  kitId: string;
  status: string;
  careLocation: string;
  patientState: string | null;
  patientId: string | null;
}

export type KitProblem =
  | { kitId: string; problem: 'NOT_FOUND' }
  | { kitId: string; problem: 'WRONG_STATUS'; status: string }
  | { kitId: string; problem: 'OTHER_CARE_LOCATION'; careLocation: string };

/**
 * All-or-nothing check of a bulk action: every named kit must exist, be in the viewer's scope, be in the
 * action's source status and (when a care location is chosen) in that care location. Kits out of scope are
 * reported exactly like unknown ones, so the answer does not reveal them.
 */
export function planKitTransition(
  action: KitAction,
  kitIds: readonly string[],
  found: ReadonlyMap<string, LockedKitFacts>,
  scope: Pick<PatientScope, 'licenceBound' | 'states' | 'breakGlass'>,
  careLocation?: string | null,
): KitProblem[] {
  const problems: KitProblem[] = [];
  for (const kitId of kitIds) {
    const kit = found.get(kitId);
    if (!kit || !kitInScope(kit, scope)) problems.push({ kitId, problem: 'NOT_FOUND' });
    else if (!nextKitStatus(action, kit.status)) problems.push({ kitId, problem: 'WRONG_STATUS', status: kit.status });
    else if (careLocation && kit.careLocation !== careLocation)
      problems.push({ kitId, problem: 'OTHER_CARE_LOCATION', careLocation: kit.careLocation });
  }
  return problems;
}

/**
 * The 409 reason naming the offending kits (at most 20, then a count); a kit in another status says who changed it
 * last and how (`changes`, by kit id: someone shipped or cancelled it meanwhile).
 */
export function describeKitProblems(
  action: KitAction,
  problems: readonly KitProblem[],
  changes: ReadonlyMap<string, RecordChange> = new Map(),
): string {
  const needs = KIT_TRANSITIONS[action].from.join(' or ');
  const parts = problems.slice(0, 20).map((p) => {
    if (p.problem === 'NOT_FOUND') return `${p.kitId} not found`;
    const change = changes.get(p.kitId);
    if (p.problem === 'WRONG_STATUS') return `${p.kitId} is ${p.status}${change?.by ? ` (${changedByText(change)})` : ''}`;
    return `${p.kitId} is in ${p.careLocation}`;
  });
  const more = problems.length > 20 ? `; and ${problems.length - 20} more` : '';
  return `nothing was changed: ${action} needs ${needs}: ${parts.join('; ')}${more}`;
}
