import { checkPanelSelection, panelNameOf, type LabOrderRequest } from '../../domain/kits/kits';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { assertClinicalAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import { badRequest } from '../errors';

/**
 * POST /secure/kit/labOrderRequest: a clinician (or super admin) orders lab tests for a patient. The ordering
 * clinician is the caller (the payload's clinicianId is ignored). Creates the kit in SAMPLE_COLLECTED_PENDING_REVIEW
 * (the first step of Manage Lab Order) with its lab request, approved by and assigned to the ordering clinician.
 */
export function createLabOrder(data: DataAccess, body: LabOrderRequest) {
  assertClinicalAccess(data.actor);
  return data.transaction(async (tx) => {
    const patient = await tx.kits.orderPatient(body.patientId);
    if (!patient.genderAtBirth?.trim()) throw badRequest(KIT_TEXTS.sexAtBirthMissing);
    if (body.refIdType === 'BOOKING_ID' && body.refId && (await tx.kits.bookingPatientId(body.refId)) !== patient.id) {
      throw badRequest('refId: the booking belongs to another patient');
    }
    const checked = checkPanelSelection(body.panelTestSpecifications, await tx.kits.compendium(body.labName, body.careLocation));
    if (!checked.ok) throw badRequest(`panelTestSpecifications: ${checked.errors.slice(0, 5).join('; ')}`);
    const panelName = panelNameOf(checked.entries);
    const status = 'SAMPLE_COLLECTED_PENDING_REVIEW';
    const { kitId, requisitionId } = await tx.kits.createLabOrder(patient, body, { entries: checked.entries, panelName, status });
    return { kitId, status, requisitionId, panelName };
  });
}
