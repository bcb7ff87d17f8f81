import type { LabViewer } from '../../domain/lab/lab-actions';
import type { Actor } from '../auth/actor';

/** The Actor as the shared lab action rules see it. */
export const labViewerOf = (actor: Actor): LabViewer => ({
  sub: actor.sub,
  validStates: actor.licenceStates.validStates,
  clinicalWrite: actor.permissions.clinicalAccess && !actor.permissions.readOnly,
  licenceExempt: actor.permissions.superAdmin,
  breakGlass: actor.breakGlass,
});
