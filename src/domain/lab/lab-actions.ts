import { inPatientScope } from '../shared/scope';
import type { LabRequestStatus, LabResultStatus } from '../shared/statuses';

/** A lab request or lab result row as the action rules see it. */
export interface LabRowFacts {
  status: string;
  clinicianId: string | null;
  patientState: string | null;
  /** The kit's patient (a running break-glass session of the viewer for it puts the row in scope). */
  patientId?: string | null;
  masked: boolean;
  /** The kit's lab request status (result rows): notes are read-only once it is rejected or complete. */
  requestStatus?: string | null;
  /** The kit's test result status (request rows): no new result once the existing one is released. */
  resultStatus?: string | null;
}

/** The viewer as the action rules see it (built from the Actor on the server, the identity in the portal). */
export interface LabViewer {
  sub: string;
  validStates: readonly string[];
  /** Clinician or super admin, and not read-only. */
  clinicalWrite: boolean;
  /** Super admins act in every state. */
  licenceExempt: boolean;
  /** Patients of the viewer's running break-glass sessions (in scope whatever their state; src/domain/shared/scope.ts). */
  breakGlass?: readonly string[];
  /** A read-only role (auditor): every action is disabled with the reason "read-only". */
  readOnly?: boolean;
}

export const TOOLTIP_ASSIGNED_OR_INELIGIBLE = 'Assigned to another clinician OR license ineligible';
export const TOOLTIP_INELIGIBLE = 'license ineligible';
export const TOOLTIP_READ_ONLY = 'read-only';

export interface Eligibility {
  unassigned: boolean;
  assignedToMe: boolean;
  assignedToOther: boolean;
  licenceEligible: boolean;
  /** May act on the record now (eligible, and unassigned or mine). */
  canAct: boolean;
  disabledReason: string | null;
}

/** Spec 1 §6: act only on records in a valid licence state that are unassigned or assigned to me. */
export function eligibility(row: LabRowFacts, viewer: LabViewer): Eligibility {
  const unassigned = !row.clinicianId;
  const assignedToMe = !!row.clinicianId && row.clinicianId === viewer.sub;
  const assignedToOther = !unassigned && !assignedToMe;
  const licenceEligible =
    viewer.clinicalWrite &&
    !row.masked &&
    inPatientScope(
      { licenceBound: !viewer.licenceExempt, states: viewer.validStates, breakGlass: viewer.breakGlass ?? [] },
      row.patientState,
      true,
      row.patientId,
    );
  const canAct = licenceEligible && (unassigned || assignedToMe);
  const disabledReason = canAct
    ? null
    : viewer.readOnly
      ? TOOLTIP_READ_ONLY
      : !licenceEligible
        ? assignedToOther
          ? TOOLTIP_ASSIGNED_OR_INELIGIBLE
          : TOOLTIP_INELIGIBLE
        : TOOLTIP_ASSIGNED_OR_INELIGIBLE;
  return { unassigned, assignedToMe, assignedToOther, licenceEligible, canAct, disabledReason };
}

const FINAL_REQUEST: readonly LabRequestStatus[] = ['REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE'];

export interface LabRequestActions {
  assignToMe: boolean;
  reassignToMe: boolean;
  approve: boolean;
  reject: boolean;
  noActionNeeded: boolean;
  viewRejectNotes: boolean;
  createTestResult: boolean;
  registerTube: boolean;
  disabledReason: string | null;
}

/** Lab request row actions (spec 1 §4 "Lab request statuses"). */
export function labRequestActions(row: LabRowFacts, viewer: LabViewer, opts: { m19Kit?: boolean } = {}): LabRequestActions {
  const e = eligibility(row, viewer);
  const status = row.status as LabRequestStatus;
  const mineAndActive = e.canAct && e.assignedToMe;
  return {
    assignToMe: e.licenceEligible && e.unassigned,
    reassignToMe: e.licenceEligible && e.assignedToOther,
    approve: mineAndActive && status === 'REGISTERED',
    reject: mineAndActive && status === 'REGISTERED',
    noActionNeeded: !e.unassigned && status !== 'REGISTERED' && status !== 'REJECTED_BY_CLINICIAN' && !FINAL_REQUEST.includes(status),
    viewRejectNotes: status === 'REJECTED_BY_CLINICIAN' && !row.masked,
    createTestResult: mineAndActive && !FINAL_REQUEST.includes(status) && (!row.resultStatus || notesEditable(row.resultStatus)),
    registerTube: mineAndActive && !FINAL_REQUEST.includes(status) && !!opts.m19Kit,
    disabledReason: e.disabledReason,
  };
}

const RELEASED: readonly LabResultStatus[] = ['RESULTS_RELEASED', 'COMPLETE'];

/**
 * Statuses in which an unassigned test result can be taken with Assign To Me: NEEDS_CLINICIAN_REVIEW (spec 1 §4), and the
 * pre-review statuses PRE_PROCESS and PENDING_REVIEW, which nobody could otherwise pick up.
 */
export const ASSIGNABLE_RESULT_STATUSES: readonly string[] = ['NEEDS_CLINICIAN_REVIEW', 'PRE_PROCESS', 'PENDING_REVIEW'];

export interface LabResultActions {
  assignToMe: boolean;
  reassignToMe: boolean;
  overrideAutoRelease: boolean;
  sendResults: boolean;
  notesReadOnly: boolean;
  appointmentRequest: boolean;
  messagePatient: boolean;
  disabledReason: string | null;
}

/** Lab result row actions (spec 1 §4 "Lab result statuses"). */
export function labResultActions(row: LabRowFacts, viewer: LabViewer): LabResultActions {
  const e = eligibility(row, viewer);
  const status = row.status as LabResultStatus;
  const released = RELEASED.includes(status);
  const editable = notesEditable(status, row.requestStatus ?? undefined);
  const mine = e.canAct && e.assignedToMe;
  return {
    assignToMe: e.licenceEligible && e.unassigned && ASSIGNABLE_RESULT_STATUSES.includes(status),
    reassignToMe: e.licenceEligible && e.assignedToOther,
    overrideAutoRelease: e.canAct && status === 'AUTO_RELEASE_SCHEDULED',
    sendResults: mine && editable && status !== 'AUTO_RELEASE_SCHEDULED' && status !== 'IN_PROGRESS',
    notesReadOnly: !editable,
    appointmentRequest: mine && !released && status !== 'NEEDS_CONSULT',
    messagePatient: mine,
    disabledReason: e.disabledReason,
  };
}

/** Status transitions of the lab area, one row per action: from which statuses, to which. */
export const LAB_REQUEST_TRANSITIONS = {
  approve: { from: ['REGISTERED'], to: 'APPROVED' },
  reject: { from: ['REGISTERED'], to: 'REJECTED_BY_CLINICIAN' },
  createTestResult: { from: ['REGISTERED', 'APPROVED'], to: 'REPORT_READY' },
} as const satisfies Record<string, { from: readonly LabRequestStatus[]; to: LabRequestStatus }>;

export const LAB_RESULT_TRANSITIONS = {
  overrideAutoRelease: { from: ['AUTO_RELEASE_SCHEDULED'], to: 'NEEDS_CLINICIAN_REVIEW' },
  release: {
    from: ['NEEDS_CLINICIAN_REVIEW', 'NEEDS_CONSULT', 'PRE_PROCESS', 'PENDING_REVIEW', 'INCONCLUSIVE', 'NO_PATIENT'],
    to: 'RESULTS_RELEASED',
  },
} as const satisfies Record<string, { from: readonly LabResultStatus[]; to: LabResultStatus }>;

/** Notes can be drafted until the result is released, complete, or (for requests) rejected. */
export const notesEditable = (resultStatus: string, requestStatus?: string) =>
  !RELEASED.includes(resultStatus as LabResultStatus) && requestStatus !== 'REJECTED_BY_CLINICIAN' && requestStatus !== 'COMPLETE';

/** Covid tube registration only for the M19 kit family. */
export const isM19Kit = (productName: string | null | undefined, kitId?: string) => /\bM19\b/i.test(productName ?? '') || /^M19/i.test(kitId ?? '');

/**
 * A final lab request (REPORT_READY, REJECTED_BY_CLINICIAN, COMPLETE) or a released test result (RESULTS_RELEASED, COMPLETE)
 * keeps its clinician: re-assigning it is refused (security review F8). Returns the refusal or null.
 */
export function finalAssignRefusal(kind: 'request' | 'result', status: string | null): string | null {
  const final =
    kind === 'request' ? (FINAL_REQUEST as readonly string[]).includes(status ?? '') : (RELEASED as readonly string[]).includes(status ?? '');
  return final ? `a ${kind === 'request' ? 'lab request' : 'test result'} in ${status} cannot be re-assigned` : null;
}
