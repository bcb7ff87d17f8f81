import { CLINICAL_DATA_ROLES, clinicalWrite } from '../../domain/route-access';
import type { ZodApp } from '../http/validation';
import type { Pool } from 'pg';
import { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import { BOOKING_WRITES, orderKitSchema } from '../../domain/booking-detail';
import { sampleDateRefusal } from '../../domain/booking-rules';
import { MANAGE_LAB_ORDER_STEPS } from '../../domain/kits';
import { writeAudit } from '../audit/audit';
import { writeHistory } from '../audit/history';
import { addLog, bookingWrite, refused } from './repository';
import { callerOf } from './caller';
import { errors, idParam } from './schemas';

/** A kit made at the visit starts where a collected sample starts: the first step of Manage Lab Order. */
const FIRST_KIT_STATUS = MANAGE_LAB_ORDER_STEPS[0].status;

/** POST /orderKit/{id} (spec 2 §3, §5): the Create Kit form makes a kit linked to the booking, with its lab request. */
export function bookingKitRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.post('/secure/booking/v1/orderKit/:id', {
    config: { ...clinicalWrite(CLINICAL_DATA_ROLES), idempotent: true },
    schema: { tags: ['bookings'], params: idParam, body: orderKitSchema, response: { 200: z.object({ kitId: z.string(), status: z.string() }), ...errors } },
  }, (req) => bookingWrite(pool, callerOf(req), req.params.id, BOOKING_WRITES.orderKit, 'ORDER_KIT', async (l) => {
    const body = req.body;
    const taken = new Date(body.sampleTakenDate);
    if (Number.isNaN(taken.getTime())) throw refused(400, BOOKING_REFUSAL_TEXT.sampleTakenDate);
    const implausible = sampleDateRefusal(body.sampleTakenDate, Date.now());
    if (implausible) throw refused(400, implausible);
    const { rows } = await l.client.query<{ n: string }>(`SELECT nextval('booking_kit_seq')::text AS n`);
    const kitId = `KB${rows[0].n.padStart(7, '0')}`;
    const requisitionId = body.labName === 'LIFESCAN' && body.lifescanReqNum ? body.lifescanReqNum.trim() : `REQ-${body.labName}-${kitId}`;
    await l.client.query(
      `INSERT INTO kits (kit_id, patient_id, patient_state, booking_id, product_name, lab_name, requisition_id, status, care_location,
         sample_taken_date, panel_name, ref_id, ref_id_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $5, $4, 'BOOKING_ID')`,
      [kitId, l.row.patientId, l.row.state, l.row.id, body.panelName.trim().slice(0, 200), body.labName, requisitionId, FIRST_KIT_STATUS,
        l.row.careLocation, taken.toISOString()]);
    const note = [`Medications: ${body.medications.trim()}`, body.symptoms?.trim() ? `Symptoms: ${body.symptoms.trim()}` : null, `Notes: ${body.notes.trim()}`]
      .filter(Boolean).join('\n');
    await l.client.query(`INSERT INTO lab_requests (kit_id, status, patient_state, internal_note) VALUES ($1, 'REGISTERED', $2, $3)`,
      [kitId, l.row.state, note]);
    await writeHistory(l.client, l.actor, { entityType: 'kit', entityId: kitId, action: 'ORDER_KIT', fromStatus: null, toStatus: FIRST_KIT_STATUS, comment: `booking ${l.row.id}` });
    await writeAudit(l.client, req, { action: 'CREATE', entityType: 'kit', entityId: kitId, patientId: l.row.patientId, outcome: 'SUCCESS' });
    await addLog(l.client, l.actor, l.row.id, 'KIT', `Kit ${kitId} created (${body.panelName.trim()}, ${body.labName})`);
    return { kitId, status: FIRST_KIT_STATUS };
  }));
}
