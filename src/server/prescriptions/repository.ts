import { prescribingPatientOf, resultBlocksPrescription } from '../../domain/prescriptions/prescriptions';
import { PRESCRIPTION_TEXT } from '../../domain/i18n/en/prescription';
import type { PrescribingAdapter } from '../adapters/prescribing';
import type { AccessContext } from '../auth/access-context';
import { writeHistory } from '../audit/history';
import { inScope } from '../auth/scope';
import { badRequest, conflict, notFound } from '../errors';
import * as sql from './repository-sql';
import type { PrescribingPatientRow } from './repository-sql';

export type { PrescribingPatientRow } from './repository-sql';
/** A patient who may be prescribed for (date of birth and e-mail known: the spec's refusals passed). */
export type PrescribablePatient = PrescribingPatientRow & { dob: string; email: string };
type Placed = { orderId: string; prescriptionIds: string[] };

/**
 * Prescribing for the request's Actor: only for patients in its scope (unknown or outside it reads the same, 'Patient
 * account not found', 404); the patient's prescribing id stored once; every change with its history row, every read
 * and write audited. The prescribing service and the mailer write on this repository's connection, so that what they
 * record commits with the prescription.
 */
export const prescriptionsRepository = ({ db, tx, actor, audit }: AccessContext) => {
  /** Writes, locks and history rows run inside the caller's transaction (data.transaction). */
  const client = () => {
    if (!tx) throw new Error('prescribing writes run inside data.transaction');
    return tx;
  };
  const inScopeOrMissing = (p: PrescribingPatientRow | null) => {
    if (!p || !inScope(actor, { patientState: p.state, patientId: p.id })) throw notFound(PRESCRIPTION_TEXT.accountNotFound);
    return p;
  };

  /** The patient's prescribing id, created at the provider only when it has none (spec 3 §4), with its history row. */
  async function ensureProviderPatient(p: PrescribablePatient, prescribing: PrescribingAdapter) {
    if (p.photonErxPatientId) return { id: p.photonErxPatientId, created: false };
    const { id } = await prescribing.createPatient(client(), prescribingPatientOf(p));
    await sql.setPrescribingId(client(), p.id, id);
    await writeHistory(client(), actor, { entityType: 'patient', entityId: p.id, action: 'ERX_PATIENT_CREATED', comment: `prescribing id ${id}` });
    return { id, created: true };
  }

  return {
    /** The patient, locked: concurrent requests wait and find the prescribing id the first stored (one id, never two). */
    async lockPatient(patientId: string) {
      return inScopeOrMissing(await sql.patientForPrescribing(client(), patientId, true));
    },

    ensureProviderPatient,

    /** POST /api/photon/createPatient: the provider's patient for one of ours (locked by lockPatient), created once, audited. */
    async openProviderPatient(p: PrescribablePatient, prescribing: PrescribingAdapter) {
      const r = await ensureProviderPatient(p, prescribing);
      await audit.one(db, { action: r.created ? 'CREATE' : 'READ', entityType: 'erx_patient', entityId: r.id, patientId: p.id, outcome: 'SUCCESS' });
      return r;
    },

    /** Stores a provider id that belongs to this patient (the provider's external id is ours); never replaces another. */
    async storeProviderId(patientId: string, providerId: string, prescribing: PrescribingAdapter) {
      const p = inScopeOrMissing(await sql.patientForPrescribing(client(), patientId, true));
      if (p.photonErxPatientId && p.photonErxPatientId !== providerId) throw conflict('the patient already has another prescribing id');
      if (!p.photonErxPatientId) {
        const owner = await prescribing.patientOf(client(), providerId);
        if (!owner || owner.externalId !== patientId) throw badRequest("the prescribing id is not this patient's");
        await sql.setPrescribingId(client(), patientId, providerId);
        await writeHistory(client(), actor, {
          entityType: 'patient',
          entityId: patientId,
          action: 'ERX_PATIENT_ID_UPDATED',
          comment: `prescribing id ${providerId}`,
        });
      }
      await audit.one(db, { action: 'UPDATE', entityType: 'patient', entityId: patientId, patientId, outcome: 'SUCCESS' });
    },

    /** The patient's prescriptions at the provider (none without a prescribing id), audited. */
    async prescriptionsOf(patientId: string, prescribing: PrescribingAdapter) {
      const p = inScopeOrMissing(await sql.patientForPrescribing(db, patientId, false));
      const list = p.photonErxPatientId ? await prescribing.patientPrescriptions(db, p.photonErxPatientId) : [];
      await audit.one(db, { action: 'READ', entityType: 'prescription', entityId: p.photonErxPatientId, patientId, outcome: 'SUCCESS' });
      return list;
    },

    /** Where the prescription is sent from must be this patient's; a kit also needs its result released (spec 1 §4). */
    async assertSource(patientId: string, from: { kitId?: string | null; bookingId?: string | null; messageId?: string | null }) {
      if (from.kitId) {
        const kit = await sql.kitResultStatus(client(), from.kitId);
        if (!kit || kit.patientId !== patientId) throw notFound('no such kit');
        if (resultBlocksPrescription(kit.status)) throw conflict(PRESCRIPTION_TEXT.resultsNotReleased);
      }
      if (from.bookingId && !(await sql.bookingOfPatient(client(), from.bookingId, patientId))) throw notFound('no such booking');
      if (from.messageId && !(await sql.messageOfPatient(client(), from.messageId, patientId))) throw notFound('no such message');
    },

    /** Whether a provider order was already recorded: a widget event is recorded once. */
    orderRecorded: (orderId: string) => sql.orderRecorded(client(), orderId),

    /** The prescribing service's writes and reads of an order, on this transaction. */
    provider: (prescribing: PrescribingAdapter) => ({
      confirmOrder: (input: Parameters<PrescribingAdapter['confirmOrder']>[1]) => prescribing.confirmOrder(client(), input),
      prescribe: (input: Parameters<PrescribingAdapter['prescribe']>[1]) => prescribing.prescribe(client(), input),
      prescriptionsById: (providerPatientId: string, ids: string[]) => prescribing.prescriptionsById(client(), providerPatientId, ids),
    }),

    /** The order's and each prescription's history rows (PRESCRIPTION_SENT, from where), and the audit. */
    async recordSent(patientId: string, placed: Placed, from: string) {
      await writeHistory(client(), actor, {
        entityType: 'prescription_order',
        entityId: placed.orderId,
        action: 'PRESCRIPTION_SENT',
        comment: `patient ${patientId}; from ${from}`,
      });
      for (const rx of placed.prescriptionIds) {
        await writeHistory(client(), actor, {
          entityType: 'prescription',
          entityId: rx,
          action: 'PRESCRIPTION_SENT',
          toStatus: 'ACTIVE',
          comment: `order ${placed.orderId}`,
        });
      }
      await audit.one(db, { action: 'CREATE', entityType: 'prescription', entityId: placed.orderId, patientId, outcome: 'SUCCESS' });
    },

    /** The formulary the local prescribe form offers. */
    formulary: (prescribing: PrescribingAdapter) => prescribing.formulary(db),
  };
};
export type PrescriptionsRepository = ReturnType<typeof prescriptionsRepository>;
