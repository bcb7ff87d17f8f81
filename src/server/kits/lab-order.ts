import type { Pool, PoolClient } from 'pg';
import { checkPanelSelection, KIT_TEXTS, panelNameOf, type CompendiumEntry, type LabOrderRequest } from '../../domain/kits';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import { assertClinicalAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { withTx } from '../db/tx';
import { badRequest, notFound } from '../errors';
import { inScope } from '../auth/scope';

/** The compendium of a lab: entries for every location, plus those of `location` when one is given. */
export async function loadCompendium(db: Pool | PoolClient, labName: string, location?: string | null): Promise<CompendiumEntry[]> {
  const { rows } = await db.query<CompendiumEntry>(
    `SELECT test_or_panel_name AS "testOrPanelName", panel, test_code AS "testCode", editable, specifications
       FROM test_compendium WHERE lab_name = $1 AND (location IS NULL OR location = $2) ORDER BY sort_order, test_code`,
    [labName, location ?? null],
  );
  return rows;
}

/**
 * POST /secure/kit/labOrderRequest: a clinician (or super admin) orders lab tests for a patient. The ordering
 * clinician is the caller (the payload's clinicianId is ignored). Creates the kit in SAMPLE_COLLECTED_PENDING_REVIEW
 * (the first step of Manage Lab Order) with its lab request, approved by and assigned to the ordering clinician.
 */
export async function createLabOrder(pool: Pool, audit: Auditor, actor: Actor, body: LabOrderRequest) {
  assertClinicalAccess(actor);
  return withTx(pool, async (client) => {
    const { rows: patients } = await client.query<{ id: string; state: string | null; genderAtBirth: string | null }>(
      `SELECT id, state, gender_at_birth AS "genderAtBirth" FROM patients WHERE id = $1`, [body.patientId]);
    const patient = patients[0];
    // Outside the actor's scope the patient reads as unknown (404, never 403).
    if (!patient || !inScope(actor, { patientState: patient.state, patientId: patient.id })) throw notFound('no such patient');
    if (!patient.genderAtBirth?.trim()) throw badRequest(KIT_TEXTS.sexAtBirthMissing);
    if (body.refIdType === 'BOOKING_ID') {
      const { rows: b } = await client.query<{ patientId: string }>(`SELECT patient_id AS "patientId" FROM bookings WHERE id = $1`, [body.refId]);
      if (!b[0]) throw notFound('no such booking');
      if (b[0].patientId !== patient.id) throw badRequest('refId: the booking belongs to another patient');
    }
    const checked = checkPanelSelection(body.panelTestSpecifications, await loadCompendium(client, body.labName, body.careLocation));
    if (!checked.ok) throw badRequest(`panelTestSpecifications: ${checked.errors.slice(0, 5).join('; ')}`);
    const panelName = panelNameOf(checked.entries);

    const { rows: seq } = await client.query<{ n: string }>(`SELECT nextval('lab_order_kit_seq')::text AS n`);
    const kitId = `LO${seq[0].n.padStart(7, '0')}`;
    const requisitionId = `REQ-${body.labName}-${seq[0].n.padStart(7, '0')}`;
    const status = 'SAMPLE_COLLECTED_PENDING_REVIEW';
    await client.query(
      `INSERT INTO kits (kit_id, patient_id, patient_state, booking_id, product_name, lab_name, requisition_id, status, care_location,
         registration_date, sample_taken_date, panel_name, panel_test_specifications, ref_id, ref_id_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10::float8), to_timestamp($11::float8), $12, $13, $14, $15)`,
      [kitId, patient.id, patient.state, body.refIdType === 'BOOKING_ID' ? body.refId : null, panelName.slice(0, 200), body.labName,
        requisitionId, status, body.careLocation, body.reqEpochSec, body.collectionEpochSec, panelName, JSON.stringify(checked.entries),
        body.refId ?? null, body.refIdType ?? null],
    );
    await client.query(
      `INSERT INTO lab_requests (kit_id, status, clinician_id, patient_state) VALUES ($1, 'APPROVED', $2, $3)`,
      [kitId, actor.clinician?.id ?? null, patient.state],
    );
    await writeHistory(client, actor, { entityType: 'kit', entityId: kitId, action: 'LAB_ORDER_REQUEST', fromStatus: null, toStatus: status });
    await audit.one(client, { action: 'CREATE', entityType: 'kit', entityId: kitId, patientId: patient.id, outcome: 'SUCCESS' });
    return { kitId, status, requisitionId, panelName };
  });
}
