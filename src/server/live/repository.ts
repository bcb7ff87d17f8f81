import type { Pool } from 'pg';
import type { LiveLocator, LiveRecordPlace } from '../../domain/live/live';
import type { AccessContext } from '../auth/access-context';
import { scopeOf } from '../auth/scope';
import { viewerOf } from '../messages/repository';

/**
 * The live updates of one Actor: opening its stream is audited once (one row, not one per event), and the hub is told
 * whom the events are for (its patient scope and message audience decide which changes reach it).
 */
export const liveRepository = ({ db, actor, audit }: AccessContext) => ({
  opened: () => audit.one(db, { action: 'SUBSCRIBE', entityType: 'live_events', outcome: 'SUCCESS' }),
  audience: () => ({ sub: actor.sub, roles: actor.roles, scope: scopeOf(actor), messages: viewerOf(actor) }),
});

/**
 * Where a changed record's patient is, read the way the record's own reads read it (lab: the lab request's or result's
 * state, kit: the kit's registration state, booking, message and patient: the patient's state; a message also its
 * addressees), so that an event reaches exactly the users whose reads would show the record.
 */
const PLACE_SQL: Record<LiveLocator, string> = {
  lab: `SELECT COALESCE(lr.patient_state, tr.patient_state) AS "patientState", k.patient_id IS NOT NULL AS "hasPatient"
          FROM kits k LEFT JOIN lab_requests lr ON lr.kit_id = k.kit_id LEFT JOIN test_results tr ON tr.kit_id = k.kit_id
         WHERE k.kit_id = $1`,
  kit: `SELECT patient_state AS "patientState", patient_id IS NOT NULL AS "hasPatient" FROM kits WHERE kit_id = $1`,
  booking: `SELECT p.state AS "patientState", true AS "hasPatient" FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.id = $1`,
  // A message: its patient's state and its addressees (src/domain/messages/message-audience.ts decides who may open it).
  message: `SELECT p.state AS "patientState", true AS "hasPatient", json_build_object('fromPatient', m.from_actor_type = 'P',
              'toClinicianId', m.to_clinician_id::text, 'senderSub', m.sender_sub, 'ccGroups', m.cc_groups) AS message
              FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.id = $1::uuid`,
  patient: `SELECT state AS "patientState", true AS "hasPatient" FROM patients WHERE id = $1::uuid`,
};

/** The hub asks it for every change it announces (no request, no Actor: the subscribers' scopes decide). */
export async function placeOf(pool: Pool, locate: LiveLocator, id: string): Promise<LiveRecordPlace | null> {
  const { rows } = await pool.query<LiveRecordPlace>(PLACE_SQL[locate], [id]);
  return rows[0] ?? null;
}
