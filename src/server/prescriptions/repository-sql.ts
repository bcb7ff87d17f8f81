import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

/** Prescribing's SQL statements on a given connection; the Actor-bound repository (repository.ts) calls them. */

/** What prescribing reads of a patient: the createPatient payload's fields, its state (scope) and prescribing id. */
export interface PrescribingPatientRow {
  id: string;
  firstName: string;
  lastName: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
  gender: string | null;
  genderAtBirth: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  photonErxPatientId: string | null;
}

export async function patientForPrescribing(db: Db, id: string, lock: boolean): Promise<PrescribingPatientRow | null> {
  const { rows } = await db.query<PrescribingPatientRow>(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", dob::text AS dob, NULLIF(email, '') AS email, phone, gender,
            gender_at_birth AS "genderAtBirth", street, street2, city, state, zip, photon_erx_patient_id AS "photonErxPatientId"
       FROM patients WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Stores the prescribing id only when the patient has none (the unique index refuses one id for two patients). */
export async function setPrescribingId(client: PoolClient, patientId: string, providerId: string) {
  const { rowCount } = await client.query(
    'UPDATE patients SET photon_erx_patient_id = $2, updated_at = now() WHERE id = $1 AND photon_erx_patient_id IS NULL',
    [patientId, providerId],
  );
  if (rowCount !== 1) throw new Error('the prescribing id changed under a lock');
}

export async function kitResultStatus(db: Db, kitId: string) {
  const { rows } = await db.query<{ patientId: string | null; status: string | null }>(
    `SELECT k.patient_id AS "patientId", r.status FROM kits k LEFT JOIN test_results r ON r.kit_id = k.kit_id WHERE k.kit_id = $1`,
    [kitId],
  );
  return rows[0] ?? null;
}

export async function bookingOfPatient(db: Db, bookingId: string, patientId: string) {
  const { rowCount } = await db.query('SELECT 1 FROM bookings WHERE id = $1 AND patient_id = $2', [bookingId, patientId]);
  return rowCount === 1;
}

export async function messageOfPatient(db: Db, messageId: string, patientId: string) {
  const { rowCount } = await db.query('SELECT 1 FROM messages WHERE id = $1 AND patient_id = $2', [messageId, patientId]);
  return rowCount === 1;
}

/** Whether a provider order was already recorded (its history row): a widget event is recorded once. */
export async function orderRecorded(db: Db, orderId: string) {
  const { rowCount } = await db.query(`SELECT 1 FROM record_history WHERE entity_type = 'prescription_order' AND entity_id = $1`, [orderId]);
  return rowCount === 1;
}
