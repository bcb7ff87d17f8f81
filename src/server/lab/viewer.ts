import type { LabViewer } from '../../domain/lab-actions';
import { mustMask } from '../../domain/masking';
import type { Actor } from '../auth/actor';

/** The Actor as the shared lab action rules see it. */
export const labViewerOf = (actor: Actor): LabViewer => ({
  sub: actor.sub,
  validStates: actor.licenceStates.validStates,
  clinicalWrite: actor.permissions.clinicalAccess && !actor.permissions.readOnly,
  licenceExempt: actor.permissions.superAdmin,
});

export const isMaskedFor = (actor: Actor, patientState: string | null) =>
  mustMask(patientState, actor.licenceStates.inValidStates, actor.permissions.unmasked);
