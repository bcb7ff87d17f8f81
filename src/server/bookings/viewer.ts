import { clinicalDataAccess, type ClinicalDataAccess } from '../../domain/booking-access';
import { bookingReadOnlyReason } from '../../domain/bookings';
import { mustMask } from '../../domain/masking';
import type { Actor } from '../auth/actor';

/** What a viewer may do with one booking: masking, read-only, clinical data access, assignment (spec 2 §5, §6). */
export interface BookingFacts extends ClinicalDataAccess {
  masked: boolean; isReadOnly: boolean; readOnlyReason: string | null; hasPatientStateLicense: boolean;
  isAssignedToMe: boolean; isUnAssigned: boolean;
}

export function bookingFacts(r: { state: string | null; primaryClinicianId: string | null }, actor: Actor): BookingFacts {
  const p = actor.permissions;
  const masked = mustMask(r.state, actor.licenceStates.inValidStates, p.unmasked);
  const readOnlyReason = bookingReadOnlyReason(r.state, {
    readOnlyRole: p.readOnly, clinician: p.clinician, superAdmin: p.superAdmin, validStates: actor.licenceStates.validStates, masked,
  });
  return {
    masked, isReadOnly: !!readOnlyReason, readOnlyReason,
    hasPatientStateLicense: p.superAdmin || (!!r.state && actor.licenceStates.validStates.includes(r.state)),
    isAssignedToMe: r.primaryClinicianId === actor.sub, isUnAssigned: !r.primaryClinicianId,
    ...clinicalDataAccess(r.state, {
      clinicalAccess: p.clinicalAccess, superAdmin: p.superAdmin, readOnly: p.readOnly, unmasked: p.unmasked, validStates: actor.licenceStates.validStates,
    }),
  };
}
