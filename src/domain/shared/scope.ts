import { hasClinicalAccess, isClinician, seesUnmasked, type Role } from './roles';

/**
 * Minimum necessary (spec 1 §6; ARCHITECTURE "One authorization layer"): whose patient data a user reads in clear and
 * whether it reads clinical fields. The one rule behind every read of the server (SQL predicates, list masking, 404 on
 * single records) and behind the portal's action rules (lab eligibility, kit scope, booking access).
 */
export interface PatientScope {
  /**
   * A clinician that is neither super admin nor auditor: patient data in clear only where the patient's state is one
   * of its valid licence states (verified by a super admin and unexpired: licenses.ts countsForScope). Everyone else
   * with a portal role is not limited by state.
   */
  licenceBound: boolean;
  /** The valid licence states of a licence-bound clinician (LicenceStates.validStates; empty otherwise). */
  states: readonly string[];
  /**
   * Clinical fields (medications, symptoms, allergies, results, lab/clinical/closing/service notes, chart notes):
   * clinicians, super admins and auditors. Staff and operation support never receive them.
   */
  clinical: boolean;
  /**
   * Patients a licence-bound clinician opened by break-glass (src/domain/break-glass/break-glass.ts) and whose session is still
   * running: in scope whatever their state. Always empty for actors that are not licence-bound.
   */
  breakGlass: readonly string[];
}

/** A clinician (also when it holds staff or another non-clinical group), unless it is a super admin or an auditor. */
export const isLicenceBound = (roles: readonly Role[]) => isClinician(roles) && !seesUnmasked(roles);

export function patientScope(roles: readonly Role[], validStates: readonly string[], breakGlass: readonly string[] = []): PatientScope {
  const licenceBound = isLicenceBound(roles);
  return {
    licenceBound,
    states: licenceBound ? [...validStates] : [],
    clinical: hasClinicalAccess(roles) || seesUnmasked(roles),
    breakGlass: licenceBound ? breakGlass.map((id) => id.toLowerCase()) : [],
  };
}

/**
 * THE in-scope rule: whether a record's patient data is readable in clear. A patient without a state is outside a
 * licence-bound clinician's scope; a record without any patient (a kit not yet registered) carries no patient data and
 * is in scope. A patient with a running break-glass session of the clinician is in scope whatever its state: every
 * caller passes the scope's `breakGlass` and the patient's id (both required, so that no check can forget them).
 */
export function inPatientScope(
  scope: Pick<PatientScope, 'licenceBound' | 'states' | 'breakGlass'>,
  patientState: string | null | undefined,
  hasPatient: boolean,
  patientId: string | null | undefined,
): boolean {
  if (!scope.licenceBound || !hasPatient) return true;
  if (patientState && scope.states.includes(patientState)) return true;
  return !!patientId && scope.breakGlass.includes(patientId.toLowerCase());
}

/** Whether the patient is in scope only through a break-glass session (what the audit flags). */
export function byBreakGlass(
  scope: Pick<PatientScope, 'licenceBound' | 'states' | 'breakGlass'>,
  patientState: string | null | undefined,
  patientId: string | null | undefined,
): boolean {
  return (
    scope.licenceBound && !!patientId && scope.breakGlass.includes(patientId.toLowerCase()) && !(patientState && scope.states.includes(patientState))
  );
}

/**
 * How a record leaves the server: 'masked' outside the scope (a list row of XXXXXX, a single record is 404), else with
 * clinical fields ('clinical') or without them ('operational').
 */
export type RecordAccess = 'clinical' | 'operational' | 'masked';

export function recordAccess(
  scope: PatientScope,
  patientState: string | null | undefined,
  hasPatient: boolean,
  patientId: string | null | undefined,
): RecordAccess {
  if (!inPatientScope(scope, patientState, hasPatient, patientId)) return 'masked';
  return scope.clinical ? 'clinical' : 'operational';
}
