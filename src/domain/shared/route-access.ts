import { clinicalWorkRefusal } from '../clinician/clinical-gate';
import { hasAnyRole, isReadOnly, type Role } from './roles';

/**
 * What an API route is, as it declares it (ARCHITECTURE "One authorization layer"). The server refuses to start
 * when a /secure or /api route lacks this declaration, and a generated test walks every route x identity from it.
 * - kind: 'read' never changes data; 'write' changes data (read-only auditors are refused); 'account' changes only
 *   the caller's own session or account state (sign-out, own status), so every signed-in user may call it.
 * - roles: 'signedIn' any verified user, even in no group; 'members' any of the five roles; else the roles listed.
 * - licenceBound: the patient data it reads or writes is limited to a licence-bound clinician's valid licence states.
 * - allowInactive: an INACTIVE clinician may still call it (own profile and status).
 * - clinicalWork: it is clinical work (lab orders and decisions, prescriptions, messages to and about patients, chart
 *   notes, clinical booking actions, transcription): a clinician without a calendar link is refused (clinical-gate.ts).
 */
export interface RouteAccess {
  kind: 'read' | 'write' | 'account';
  roles: 'signedIn' | 'members' | readonly Role[];
  licenceBound?: boolean;
  allowInactive?: boolean;
  clinicalWork?: boolean;
}

/** Clinical data (spec 1 §6): clinicians and super admins; auditors read it (never write: kind decides). */
export const CLINICAL_DATA_ROLES: readonly Role[] = ['clinicians', 'super_admin', 'auditor_read_only'];
/** Product and order data (spec 1 §6): staff, clinicians, super admins; auditors read it. */
export const PRODUCT_ORDER_ROLES: readonly Role[] = ['staff', 'clinicians', 'super_admin', 'auditor_read_only'];
export const SUPER_ADMIN_ROLES: readonly Role[] = ['super_admin'];

/** Whether a caller's roles are among a route's: 'signedIn' lets every signed-in user in, 'members' any of the five roles. */
export function rolesAllow(allowed: RouteAccess['roles'], roles: readonly Role[]): boolean {
  if (allowed === 'signedIn') return true;
  if (allowed === 'members') return hasAnyRole(roles);
  return allowed.some((r) => roles.includes(r));
}

/** Texts of the boundary's refusals (403), distinct from any rule a route applies itself. */
export const ROUTE_REFUSAL = {
  noGroup: 'user is not in any portal group',
  inactive: 'account is disabled',
  role: 'your role may not use this route',
  readOnly: 'read-only role cannot write',
} as const;

/**
 * Why the boundary refuses this caller on a route with this declaration, or null when it lets the call through.
 * `calendarLink`: the caller's clinician profile's (null without one), for the clinical gate.
 */
export function routeRefusal(
  caller: { roles: readonly Role[]; inactive: boolean; calendarLink: string | null | undefined },
  access: RouteAccess,
): string | null {
  if (access.roles !== 'signedIn' && !hasAnyRole(caller.roles)) return ROUTE_REFUSAL.noGroup;
  if (caller.inactive && !access.allowInactive) return ROUTE_REFUSAL.inactive;
  if (!rolesAllow(access.roles, caller.roles)) return ROUTE_REFUSAL.role;
  if (access.kind === 'write' && isReadOnly(caller.roles)) return ROUTE_REFUSAL.readOnly;
  if (access.clinicalWork) return clinicalWorkRefusal(caller);
  return null;
}

/** Declarations for the common cases, so route files read `config: read(CLINICAL_DATA_ROLES, { licenceBound: true })`. */
export const read = (roles: RouteAccess['roles'], more: Omit<RouteAccess, 'kind' | 'roles'> = {}) => ({
  access: { kind: 'read', roles, ...more } as RouteAccess,
});
export const write = (roles: RouteAccess['roles'], more: Omit<RouteAccess, 'kind' | 'roles'> = {}) => ({
  access: { kind: 'write', roles, ...more } as RouteAccess,
});
export const account = (roles: RouteAccess['roles'], more: Omit<RouteAccess, 'kind' | 'roles'> = {}) => ({
  access: { kind: 'account', roles, ...more } as RouteAccess,
});
/** Clinical work on patient data: a licence-bound write that a clinician without a calendar link may not do. */
export const clinicalWrite = (roles: RouteAccess['roles'], more: Omit<RouteAccess, 'kind' | 'roles' | 'licenceBound' | 'clinicalWork'> = {}) =>
  write(roles, { licenceBound: true, clinicalWork: true, ...more });
