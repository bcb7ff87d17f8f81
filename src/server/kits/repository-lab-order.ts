import type { CompendiumEntry, LabOrderRequest } from '../../domain/kits/kits';
import { writeHistory } from '../audit/history';
import type { AccessContext } from '../auth/access-context';
import { assertInScope } from '../auth/scope';
import { notFound } from '../errors';
import { txClient } from '../lab/repository-lock';

/** The patient a lab order is for, as the order needs it. */
export interface OrderPatient {
  id: string;
  state: string | null;
  genderAtBirth: string | null;
}

/**
 * The test compendium and the lab order request: the patient in the Actor's scope (404 outside it, like an unknown
 * one), the kit with its lab request, its history row and audit row, inside the caller's `data.transaction`.
 */
export const kitLabOrders = ({ db, actor, audit }: AccessContext) => ({
  /** The compendium of a lab: entries for every location, plus those of `location` when one is given. */
  async compendium(labName: string, location?: string | null): Promise<CompendiumEntry[]> {
    const { rows } = await db.query<CompendiumEntry>(
      `SELECT test_or_panel_name AS "testOrPanelName", panel, test_code AS "testCode", editable, specifications
         FROM test_compendium WHERE lab_name = $1 AND (location IS NULL OR location = $2) ORDER BY sort_order, test_code`,
      [labName, location ?? null],
    );
    return rows;
  },

  /** The patient of a lab order; outside the Actor's scope it reads as unknown (404, never 403). */
  async orderPatient(patientId: string): Promise<OrderPatient> {
    const { rows } = await db.query<OrderPatient>(`SELECT id, state, gender_at_birth AS "genderAtBirth" FROM patients WHERE id = $1`, [patientId]);
    const patient = rows[0];
    if (!patient) throw notFound('no such patient');
    assertInScope(actor, { patientState: patient.state, patientId: patient.id }, 'no such patient');
    return patient;
  },

  /** The patient of a booking (404 unknown booking): a lab order referring to a booking must be for its patient. */
  async bookingPatientId(bookingId: string): Promise<string> {
    const { rows } = await db.query<{ patientId: string }>(`SELECT patient_id AS "patientId" FROM bookings WHERE id = $1`, [bookingId]);
    if (!rows[0]) throw notFound('no such booking');
    return rows[0].patientId;
  },

  /**
   * Creates the kit (numbered from lab_order_kit_seq) in `status` with its lab request APPROVED and assigned to the
   * ordering clinician; history and audit rows with it.
   */
  async createLabOrder(patient: OrderPatient, body: LabOrderRequest, order: { entries: CompendiumEntry[]; panelName: string; status: string }) {
    const client = txClient(db);
    const { rows: seq } = await client.query<{ n: string }>(`SELECT nextval('lab_order_kit_seq')::text AS n`);
    const kitId = `LO${seq[0].n.padStart(7, '0')}`;
    const requisitionId = `REQ-${body.labName}-${seq[0].n.padStart(7, '0')}`;
    await client.query(
      `INSERT INTO kits (kit_id, patient_id, patient_state, booking_id, product_name, lab_name, requisition_id, status, care_location,
         registration_date, sample_taken_date, panel_name, panel_test_specifications, ref_id, ref_id_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10::float8), to_timestamp($11::float8), $12, $13, $14, $15)`,
      [
        kitId,
        patient.id,
        patient.state,
        body.refIdType === 'BOOKING_ID' ? body.refId : null,
        order.panelName.slice(0, 200),
        body.labName,
        requisitionId,
        order.status,
        body.careLocation,
        body.reqEpochSec,
        body.collectionEpochSec,
        order.panelName,
        JSON.stringify(order.entries),
        body.refId ?? null,
        body.refIdType ?? null,
      ],
    );
    await client.query(`INSERT INTO lab_requests (kit_id, status, clinician_id, patient_state) VALUES ($1, 'APPROVED', $2, $3)`, [
      kitId,
      actor.clinician?.id ?? null,
      patient.state,
    ]);
    await writeHistory(client, actor, { entityType: 'kit', entityId: kitId, action: 'LAB_ORDER_REQUEST', fromStatus: null, toStatus: order.status });
    await audit.one(client, { action: 'CREATE', entityType: 'kit', entityId: kitId, patientId: patient.id, outcome: 'SUCCESS' });
    return { kitId, requisitionId };
  },
});
