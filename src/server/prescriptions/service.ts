import { patientPrescribingRefusal, type CreatePrescriptionBody } from '../../domain/prescriptions/prescriptions';
import { PRESCRIPTION_TEXT } from '../../domain/i18n/en/prescription';
import type { Mailer } from '../adapters/mail';
import type { PrescribingAdapter } from '../adapters/prescribing';
import type { DataAccess } from '../data/access';
import { badRequest, conflict, notFound } from '../errors';
import type { PrescribablePatient, PrescribingPatientRow } from './repository';

/** What prescribing needs beyond the database: the prescribing service and the mailer (plugin options). */
export interface PrescriptionDeps {
  prescribing: PrescribingAdapter;
  mailer: Mailer;
}
type ParsedBody = Omit<CreatePrescriptionBody, 'fulfillment'> & { fulfillment: 'PICK_UP' | 'MAIL_ORDER' } & {
  prescriptions?: { treatmentId: string; instructions: string; quantity: number; refills: number; notes?: string | null }[];
};

/** The spec's DOB and e-mail refusals (400) of a patient in scope. */
function prescribable(p: PrescribingPatientRow): PrescribablePatient {
  const refusal = patientPrescribingRefusal(p);
  if (refusal) throw badRequest(refusal);
  return p as PrescribablePatient;
}

/** POST /api/photon/createPatient: the provider's patient for one of ours, created once; its id is stored at once. */
export async function createPrescribingPatient(deps: PrescriptionDeps, data: DataAccess, patientId: string) {
  return data.transaction(async (tx) => {
    const p = prescribable(await tx.prescriptions.lockPatient(patientId));
    const r = await tx.prescriptions.openProviderPatient(p, deps.prescribing);
    return { erxPhotonId: { id: r.id }, created: r.created };
  });
}

/** POST /secure/patient/updatePhotonERxPatientId: stores a provider id that belongs to this patient; never replaces another. */
export async function updatePrescribingId(deps: PrescriptionDeps, data: DataAccess, patientId: string, providerId: string) {
  await data.transaction((tx) => tx.prescriptions.storeProviderId(patientId, providerId, deps.prescribing));
  return { userId: patientId, photonHealthErxPatientId: providerId };
}

/** Where a prescription was sent from, for its history. */
const sourceOf = (body: ParsedBody) =>
  body.kitId ? `kit ${body.kitId}` : body.bookingId ? `booking ${body.bookingId}` : body.messageId ? `message ${body.messageId}` : 'patient profile';

/**
 * POST /secure/clinician/createPrescription (spec 1 §7, spec 3 §7): a clinician prescribes for a patient in its scope.
 * Locally the form's prescriptions are written by the local service; with Photon the widget's order is checked to be
 * this patient's and recorded once. One transaction: the prescriptions' history, the patient's event, a secure message
 * to the patient that a prescription was sent (no drug name, and the e-mail only says a message is waiting), the audit.
 */
export async function createPrescription(deps: PrescriptionDeps, data: DataAccess, body: ParsedBody) {
  const { actor } = data;
  return data.transaction(async (tx) => {
    const p = prescribable(await tx.prescriptions.lockPatient(body.patientId));
    await tx.prescriptions.assertSource(p.id, body);
    const provider = await tx.prescriptions.ensureProviderPatient(p, deps.prescribing);
    const orders = tx.prescriptions.provider(deps.prescribing);
    const prescriber = { id: actor.sub, name: `${actor.givenName} ${actor.familyName}`.trim() };
    let placed;
    if (body.order) {
      if (await tx.prescriptions.orderRecorded(body.order.id)) throw conflict('this order was already recorded');
      placed = await orders.confirmOrder({ providerPatientId: provider.id, orderId: body.order.id });
      if (!placed) throw notFound('no such order for this patient');
    } else if (body.prescriptions) {
      placed = await orders.prescribe({ providerPatientId: provider.id, prescriber, fulfillment: body.fulfillment, items: body.prescriptions });
    } else {
      throw badRequest('either order or prescriptions');
    }
    await tx.prescriptions.recordSent(p.id, placed, sourceOf(body));
    await tx.patients.addEvent(p.id, {
      entityType: 'PRESCRIPTION',
      entityId: placed.orderId,
      eventType: 'PRESCRIPTION_SENT',
      actorType: 'CLINICIAN',
    });
    await tx.messages.post({
      parentId: null,
      patientId: p.id,
      subject: PRESCRIPTION_TEXT.messageSubject,
      content: `<p>${PRESCRIPTION_TEXT.messageBody}</p>`,
      messageType: 'DIRECT_MESSAGE',
      ccGroups: [],
    });
    await tx.messages.notifyPatient(deps.mailer, p.email);
    const prescriptions = await orders.prescriptionsById(provider.id, placed.prescriptionIds);
    return { msg: PRESCRIPTION_TEXT.sent, orderId: placed.orderId, prescriptions };
  });
}
