import type { KitViewer } from '../../domain/kits';
import { mustMask } from '../../domain/masking';
import type { Actor } from '../auth/actor';

/**
 * The Actor as the kit rules see it. A clinician is licence-bound on kit actions unless it also holds a role
 * without licences (staff) or is a super admin.
 */
export const kitViewerOf = (actor: Actor): KitViewer => ({
  validStates: actor.licenceStates.validStates,
  invalidStates: actor.licenceStates.inValidStates,
  unmasked: actor.permissions.unmasked,
  licenceBound: actor.permissions.clinician && !actor.permissions.superAdmin && !actor.roles.includes('staff'),
});

export const isKitMaskedFor = (actor: Actor, patientState: string | null) =>
  mustMask(patientState, actor.licenceStates.inValidStates, actor.permissions.unmasked);
