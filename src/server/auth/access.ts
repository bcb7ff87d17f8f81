import { hasAnyRole, isReadOnly, isSuperAdmin } from '../../domain/roles';
import { forbidden } from '../errors';
import type { Actor } from './actor';

/**
 * Route access levels (spec 1 §6, spec 3 §2): 'signedIn' any verified user, even in no group (own status);
 * 'member' any of the five roles; 'superAdmin' the super-admin area.
 */
export type Access = 'signedIn' | 'member' | 'superAdmin';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The one place route-level rules live; every /secure route goes through it. */
export function assertAccess(actor: Actor, access: Access, method: string, allowInactive = false): void {
  if (access !== 'signedIn' && !hasAnyRole(actor.roles)) throw forbidden('user is not in any portal group');
  // A disabled clinician may only learn that it is disabled (its profile), then is signed out.
  if (actor.clinician?.status === 'INACTIVE' && !allowInactive) throw forbidden('account is disabled');
  if (access === 'superAdmin' && !isSuperAdmin(actor.roles)) throw forbidden('super admin only');
  if (WRITE_METHODS.has(method) && isReadOnly(actor.roles)) throw forbidden('read-only role cannot write');
}

/** Clinical data (spec 1 §6): clinicians and super admins. Staff, operation support and auditors are refused. */
export function assertClinicalAccess(actor: Actor): void {
  if (!actor.permissions.clinicalAccess && !actor.permissions.unmasked) throw forbidden('no clinical data access');
}

/** Product and order data: staff, clinicians and super admins (auditors read unmasked). */
export function assertProductOrderAccess(actor: Actor): void {
  if (!actor.permissions.productOrderAccess && !actor.permissions.unmasked) throw forbidden('no product or order data access');
}
