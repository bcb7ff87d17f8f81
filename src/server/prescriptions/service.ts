import type { Pool, PoolClient } from 'pg';
import {
  patientPrescribingRefusal, prescribingPatientOf, PRESCRIPTION_TEXT, resultBlocksPrescription, type CreatePrescriptionBody,
} from '../../domain/prescriptions';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import type { Mailer } from '../adapters/mail';
import type { PrescribingAdapter } from '../adapters/prescribing';
import type { AuditEvent } from '../audit/audit';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { withTx } from '../db/tx';
import { badRequest, conflict, notFound } from '../errors';
import { insertMessage } from '../messages/repository';
import { addEvent } from '../patients/repository';
import * as repo from './repository';
import { messageHistory } from '../messages/service';

export interface PrescriptionDeps { pool: Pool; prescribing: PrescribingAdapter; mailer: Mailer }
export type Audit = (db: Pool | PoolClient, event: AuditEvent) => Promise<void>;
type ParsedBody = Omit<CreatePrescriptionBody, 'fulfillment'> & { fulfillment: 'PICK_UP' | 'MAIL_ORDER' } & {
  prescriptions?: { treatmentId: string; instructions: string; quantity: number; refills: number; notes?: string | null }[];
};

/**
 * The patient to prescribe for, locked: unknown or outside a licence-bound clinician's valid licence states reads the
 * same, 'Patient account not found' (404); then the spec's DOB and e-mail refusals (400).
 */
async function prescribablePatient(client: PoolClient, actor: Actor, patientId: string) {
  const p = await repo.patientForPrescribing(client, patientId, true);
  if (!p || !inScope(actor, { patientState: p.state, patientId: p.id })) throw notFound(PRESCRIPTION_TEXT.accountNotFound);
  const refusal = patientPrescribingRefusal(p);
  if (refusal) throw badRequest(refusal);
  return p as repo.PrescribingPatientRow & { dob: string; email: string };
}

/**
 * The patient's prescribing id, created at the provider only when it has none (spec 3 §4). The patient row is locked by
 * the caller, so concurrent requests wait and find the id the first stored: one prescribing id, never two.
 */
async function ensureProviderPatient(deps: PrescriptionDeps, client: PoolClient, actor: Actor, p: repo.PrescribingPatientRow & { dob: string; email: string }) {
  if (p.photonErxPatientId) return { id: p.photonErxPatientId, created: false };
  const { id } = await deps.prescribing.createPatient(client, prescribingPatientOf(p));
  await repo.setPrescribingId(client, p.id, id);
  await writeHistory(client, actor, { entityType: 'patient', entityId: p.id, action: 'ERX_PATIENT_CREATED', comment: `prescribing id ${id}` });
  return { id, created: true };
}

/** POST /api/photon/createPatient: the provider's patient for one of ours, created once; its id is stored at once. */
export async function createPrescribingPatient(deps: PrescriptionDeps, actor: Actor, audit: Audit, patientId: string) {
  return withTx(deps.pool, async (client) => {
    const p = await prescribablePatient(client, actor, patientId);
    const r = await ensureProviderPatient(deps, client, actor, p);
    await audit(client, { action: r.created ? 'CREATE' : 'READ', entityType: 'erx_patient', entityId: r.id, patientId, outcome: 'SUCCESS' });
    return { erxPhotonId: { id: r.id }, created: r.created };
  });
}

/** POST /secure/patient/updatePhotonERxPatientId: stores a provider id that belongs to this patient; never replaces another. */
export async function updatePrescribingId(deps: PrescriptionDeps, actor: Actor, audit: Audit, patientId: string, providerId: string) {
  return withTx(deps.pool, async (client) => {
    const p = await repo.patientForPrescribing(client, patientId, true);
    if (!p || !inScope(actor, { patientState: p.state, patientId: p.id })) throw notFound(PRESCRIPTION_TEXT.accountNotFound);
    if (p.photonErxPatientId && p.photonErxPatientId !== providerId) throw conflict('the patient already has another prescribing id');
    if (!p.photonErxPatientId) {
      const owner = await deps.prescribing.patientOf(client, providerId);
      if (!owner || owner.externalId !== patientId) throw badRequest('the prescribing id is not this patient\'s');
      await repo.setPrescribingId(client, patientId, providerId);
      await writeHistory(client, actor, { entityType: 'patient', entityId: patientId, action: 'ERX_PATIENT_ID_UPDATED', comment: `prescribing id ${providerId}` });
    }
    await audit(client, { action: 'UPDATE', entityType: 'patient', entityId: patientId, patientId, outcome: 'SUCCESS' });
    return { userId: patientId, photonHealthErxPatientId: providerId };
  });
}

/** POST /api/photon/getPatientPrescriptions: the patient's prescriptions (none without a prescribing id). */
export async function patientPrescriptions(deps: PrescriptionDeps, actor: Actor, audit: Audit, patientId: string) {
  const p = await repo.patientForPrescribing(deps.pool, patientId, false);
  if (!p || !inScope(actor, { patientState: p.state, patientId })) throw notFound(PRESCRIPTION_TEXT.accountNotFound);
  const list = p.photonErxPatientId ? await deps.prescribing.patientPrescriptions(deps.pool, p.photonErxPatientId) : [];
  await audit(deps.pool, { action: 'READ', entityType: 'prescription', entityId: p.photonErxPatientId, patientId, outcome: 'SUCCESS' });
  return list;
}

/** Where the prescription is sent from must be this patient's; a kit also needs its result released (spec 1 §4). */
async function assertSource(client: PoolClient, patientId: string, body: ParsedBody) {
  if (body.kitId) {
    const kit = await repo.kitResultStatus(client, body.kitId);
    if (!kit || kit.patientId !== patientId) throw notFound('no such kit');
    if (resultBlocksPrescription(kit.status)) throw conflict(PRESCRIPTION_TEXT.resultsNotReleased);
  }
  if (body.bookingId && !(await repo.bookingOfPatient(client, body.bookingId, patientId))) throw notFound('no such booking');
  if (body.messageId && !(await repo.messageOfPatient(client, body.messageId, patientId))) throw notFound('no such message');
}

/**
 * POST /secure/clinician/createPrescription (spec 1 §7, spec 3 §7): a clinician prescribes for a patient in its scope.
 * Locally the form's prescriptions are written by the local service; with Photon the widget's order is checked to be
 * this patient's and recorded once. One transaction: the prescriptions' history, the patient's event, a secure message
 * to the patient that a prescription was sent (no drug name, and the e-mail only says a message is waiting), the audit.
 */
export async function createPrescription(deps: PrescriptionDeps, actor: Actor, audit: Audit, body: ParsedBody) {
  return withTx(deps.pool, async (client) => {
    const p = await prescribablePatient(client, actor, body.patientId);
    await assertSource(client, p.id, body);
    const provider = await ensureProviderPatient(deps, client, actor, p);
    const prescriber = { id: actor.sub, name: `${actor.givenName} ${actor.familyName}`.trim() };
    let placed;
    if (body.order) {
      if (await repo.orderRecorded(client, body.order.id)) throw conflict('this order was already recorded');
      placed = await deps.prescribing.confirmOrder(client, { providerPatientId: provider.id, orderId: body.order.id });
      if (!placed) throw notFound('no such order for this patient');
    } else if (body.prescriptions) {
      placed = await deps.prescribing.prescribe(client, { providerPatientId: provider.id, prescriber, fulfillment: body.fulfillment, items: body.prescriptions });
    } else {
      throw badRequest('either order or prescriptions');
    }
    const from = body.kitId ? `kit ${body.kitId}` : body.bookingId ? `booking ${body.bookingId}` : body.messageId ? `message ${body.messageId}` : 'patient profile';
    await writeHistory(client, actor, { entityType: 'prescription_order', entityId: placed.orderId, action: 'PRESCRIPTION_SENT', comment: `patient ${p.id}; from ${from}` });
    for (const rx of placed.prescriptionIds) {
      await writeHistory(client, actor, { entityType: 'prescription', entityId: rx, action: 'PRESCRIPTION_SENT', toStatus: 'ACTIVE', comment: `order ${placed.orderId}` });
    }
    await addEvent(client, p.id, { entityType: 'PRESCRIPTION', entityId: placed.orderId, eventType: 'PRESCRIPTION_SENT', actorType: 'CLINICIAN' });
    const messageId = await insertMessage(client, {
      parentId: null, patientId: p.id, subject: PRESCRIPTION_TEXT.messageSubject, content: `<p>${PRESCRIPTION_TEXT.messageBody}</p>`,
      messageType: 'DIRECT_MESSAGE', fromSub: actor.sub, fromName: prescriber.name, ccGroups: [],
    });
    await messageHistory(client, actor, [messageId], 'SEND');
    await deps.mailer.send(client, { bookingId: null, kind: 'SECURE_MESSAGE', to: p.email, subject: MESSAGE_TEXT.mailSubject, text: MESSAGE_TEXT.mailText });
    await audit(client, { action: 'CREATE', entityType: 'prescription', entityId: placed.orderId, patientId: p.id, outcome: 'SUCCESS' });
    const prescriptions = await deps.prescribing.prescriptionsById(client, provider.id, placed.prescriptionIds);
    return { msg: PRESCRIPTION_TEXT.sent, orderId: placed.orderId, prescriptions };
  });
}
