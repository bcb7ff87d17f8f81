import type { Pool, PoolClient } from 'pg';
import type {
  FulfillmentType,
  Prescription,
  PrescriptionItem,
  PrescribingPatientInput,
  Treatment,
} from '../../../domain/prescriptions/prescriptions';

export type Db = Pool | PoolClient;

/** Who writes the prescription: the signed-in clinician (the Actor). */
export interface Prescriber {
  id: string;
  name: string;
}

/** What a placed order answers: the provider's order and the prescriptions it fills. */
export interface PlacedOrder {
  orderId: string;
  prescriptionIds: string[];
}

/**
 * The e-prescribing provider: Photon Health in production (photon.ts), the project's own prescribing service
 * in PostgreSQL locally (local.ts). The routes take one of these and never know which.
 */
export interface PrescribingAdapter {
  readonly provider: 'local' | 'photon';
  /** Creates the provider's patient (spec 3 §7 createPatient) and answers its id. The caller makes sure it is created once. */
  createPatient(db: Db, patient: PrescribingPatientInput): Promise<{ id: string }>;
  /** The provider's patient of this id, with the external id (our patient id) it was created with; null when unknown. */
  patientOf(db: Db, providerPatientId: string): Promise<{ externalId: string | null } | null>;
  /** A patient's prescriptions at the provider, newest first (spec 2 §7 getPatientPrescriptions). */
  patientPrescriptions(db: Db, providerPatientId: string): Promise<Prescription[]>;
  /** The prescriptions of the given ids (after an order), in the provider's shape and in the order of the ids. */
  prescriptionsById(db: Db, providerPatientId: string, ids: string[]): Promise<Prescription[]>;
  /** The local prescribe form: writes the prescriptions (DRAFT), places their order with one fill each, makes them ACTIVE. */
  prescribe(
    db: Db,
    input: { providerPatientId: string; prescriber: Prescriber; fulfillment: FulfillmentType; items: PrescriptionItem[] },
  ): Promise<PlacedOrder>;
  /** The provider widget's order-created event: the order, checked to be this patient's (else null). */
  confirmOrder(db: Db, input: { providerPatientId: string; orderId: string }): Promise<PlacedOrder | null>;
  /** The formulary the local form offers (Photon's widget has its own catalogue: empty). */
  formulary(db: Db): Promise<Treatment[]>;
}
