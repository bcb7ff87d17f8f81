import { randomBytes } from 'node:crypto';
import type { Prescription, Treatment } from '../../../domain/prescriptions/prescriptions';
import { badRequest } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { queueStep } from './local-pharmacy';
import type { Db, PlacedOrder, PrescribingAdapter } from './types';

/** Ids in the provider's style (pat_…, rx_…, ord_…, fil_…): a prefix and 20 random base-36 characters. */
const newId = (prefix: string) => `${prefix}_${[...randomBytes(20)].map((b) => (b % 36).toString(36)).join('')}`;

interface RxRow {
  id: string;
  state: string;
  instructions: string;
  notes: string | null;
  quantity: string;
  fills_allowed: number;
  prescriber_name: string;
  written_at: Date;
  treatment_id: string;
  treatment_name: string;
  strength: string;
  form: string;
  dispense_unit: string;
  fills: { id: string; state: string; requestedAt: string; order: { id: string; state: string; updatedAt: string } }[];
}

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const RX_SELECT = `
  SELECT p.id, p.state, p.instructions, p.notes, p.dispense_quantity::text AS quantity, p.fills_allowed, p.prescriber_name, p.written_at,
         t.id AS treatment_id, t.name AS treatment_name, t.strength, t.form, t.dispense_unit,
         COALESCE((SELECT json_agg(json_build_object('id', f.id, 'state', f.state, 'requestedAt', ${iso('f.requested_at')},
                                                     'order', json_build_object('id', o.id, 'state', o.state, 'updatedAt', ${iso('o.updated_at')}))
                    ORDER BY f.requested_at, f.id)
                   FROM erx_fills f JOIN erx_orders o ON o.id = f.order_id WHERE f.prescription_id = p.id), '[]'::json) AS fills
    FROM erx_prescriptions p JOIN erx_treatments t ON t.id = p.treatment_id`;

const shape = (r: RxRow): Prescription => ({
  id: r.id,
  state: r.state,
  treatment: { id: r.treatment_id, name: r.treatment_name, strength: r.strength, form: r.form },
  instructions: r.instructions,
  notes: r.notes,
  dispenseQuantity: Number(r.quantity),
  dispenseUnit: r.dispense_unit,
  fillsAllowed: r.fills_allowed,
  prescriber: { name: { full: r.prescriber_name } },
  writtenAt: r.written_at.toISOString(),
  fills: r.fills,
});

/**
 * The project's own prescribing service (npm start, tests): patients, prescriptions from a seeded formulary, orders and
 * fills in PostgreSQL (migration 0024), answering in the provider's shapes. Prescriptions are written DRAFT and become
 * ACTIVE in the same transaction as their order (a conditional update: a prescription that left DRAFT is not touched).
 * With `pharmacy`, the local pharmacy then moves each order on over time (PLACED → ROUTING → PENDING → COMPLETED).
 */
export function localPrescribing(pharmacy?: { jobs: JobQueue; stepSeconds: number }): PrescribingAdapter {
  async function placed(db: Db, orderId: string): Promise<PlacedOrder> {
    const { rows } = await db.query<{ id: string }>('SELECT prescription_id AS id FROM erx_fills WHERE order_id = $1 ORDER BY requested_at, id', [
      orderId,
    ]);
    return { orderId, prescriptionIds: rows.map((r) => r.id) };
  }
  return {
    provider: 'local',
    async createPatient(db, p) {
      const id = newId('pat');
      await db.query(
        `INSERT INTO erx_patients (id, external_id, first_name, last_name, date_of_birth, sex, gender, email, phone, address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, p.externalId, p.name.first, p.name.last, p.dateOfBirth, p.sex, p.gender, p.email, p.phone, JSON.stringify(p.address)],
      );
      return { id };
    },
    async patientOf(db, providerPatientId) {
      const { rows } = await db.query<{ externalId: string }>('SELECT external_id AS "externalId" FROM erx_patients WHERE id = $1', [
        providerPatientId,
      ]);
      return rows[0] ?? null;
    },
    async patientPrescriptions(db, providerPatientId) {
      const { rows } = await db.query<RxRow>(`${RX_SELECT} WHERE p.patient_id = $1 ORDER BY p.written_at DESC, p.id DESC LIMIT 200`, [
        providerPatientId,
      ]);
      return rows.map(shape);
    },
    async prescriptionsById(db, providerPatientId, ids) {
      const { rows } = await db.query<RxRow>(
        `${RX_SELECT} WHERE p.patient_id = $1 AND p.id = ANY($2::text[]) ORDER BY array_position($2::text[], p.id)`,
        [providerPatientId, ids],
      );
      return rows.map(shape);
    },
    async prescribe(db, { providerPatientId, prescriber, fulfillment, items }) {
      const treatmentIds = [...new Set(items.map((i) => i.treatmentId))];
      const { rows: known } = await db.query<{ id: string }>('SELECT id FROM erx_treatments WHERE id = ANY($1::text[])', [treatmentIds]);
      if (known.length !== treatmentIds.length) throw badRequest('unknown treatment');
      const rxIds = items.map(() => newId('rx'));
      await db.query(
        `INSERT INTO erx_prescriptions (id, patient_id, treatment_id, instructions, notes, dispense_quantity, fills_allowed, prescriber_id, prescriber_name, state)
         SELECT u.id, $1, u.treatment, u.instructions, u.notes, u.quantity, u.fills, $2, $3, 'DRAFT'
           FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::int[]) AS u(id, treatment, instructions, notes, quantity, fills)`,
        [
          providerPatientId,
          prescriber.id,
          prescriber.name,
          rxIds,
          items.map((i) => i.treatmentId),
          items.map((i) => i.instructions),
          items.map((i) => i.notes || null),
          items.map((i) => i.quantity),
          items.map((i) => i.refills + 1),
        ],
      );
      const orderId = newId('ord');
      await db.query(`INSERT INTO erx_orders (id, patient_id, state, fulfillment_type, created_by) VALUES ($1, $2, 'PLACED', $3, $4)`, [
        orderId,
        providerPatientId,
        fulfillment,
        prescriber.id,
      ]);
      await db.query(
        `INSERT INTO erx_fills (id, prescription_id, order_id, state) SELECT f, rx, $3, 'NEW' FROM unnest($1::text[], $2::text[]) AS u(f, rx)`,
        [rxIds.map(() => newId('fil')), rxIds, orderId],
      );
      const { rowCount } = await db.query(`UPDATE erx_prescriptions SET state = 'ACTIVE' WHERE id = ANY($1::text[]) AND state = 'DRAFT'`, [rxIds]);
      if (rowCount !== rxIds.length) throw new Error('a new prescription left DRAFT before its order was placed');
      // The local pharmacy takes the order from here (local-pharmacy.ts): queued only if this transaction commits.
      if (pharmacy) await queueStep(pharmacy.jobs, db, { orderId, from: 'PLACED' }, pharmacy.stepSeconds);
      return { orderId, prescriptionIds: rxIds };
    },
    async confirmOrder(db, { providerPatientId, orderId }) {
      const { rows } = await db.query('SELECT 1 FROM erx_orders WHERE id = $1 AND patient_id = $2', [orderId, providerPatientId]);
      return rows.length ? placed(db, orderId) : null;
    },
    async formulary(db): Promise<Treatment[]> {
      const { rows } = await db.query<Treatment>(
        'SELECT id, name, strength, form, dispense_unit AS "dispenseUnit" FROM erx_treatments ORDER BY name, id',
      );
      return rows;
    },
  };
}
