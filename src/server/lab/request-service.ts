import type { Pool } from 'pg';
import { ASSIGNABLE_RESULT_STATUSES, finalAssignRefusal, isM19Kit, LAB_REQUEST_TRANSITIONS } from '../../domain/lab-actions';
import type { Auditor } from '../audit/auditor';
import { changedConflict, writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { withTx } from '../db/tx';
import { badRequest, conflict, isUniqueViolation } from '../errors';
import { lockForAction } from './locked-record';

const FINAL = ['REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE'];
const tubeTaken = (serial: string) => conflict(`tube serial number ${serial} is already registered to another kit`);

/**
 * Assigns a lab request or test result to the actor. Unassigned: Assign To Me. Assigned to another
 * clinician: re-assignment, which needs a reason. Row lock + re-check: of concurrent attempts exactly one wins.
 */
export async function assignToActor(pool: Pool, audit: Auditor, actor: Actor, kind: 'request' | 'result', kitId: string, reason?: string) {
  return withTx(pool, async (client) => {
    const { record, eligibility: e } = await lockForAction(client, actor, kitId, kind, { mustOwn: false });
    if (e.assignedToMe) throw conflict('already assigned to you');
    // A final record keeps its clinician: no re-assignment (security review F8).
    const final = e.assignedToOther ? finalAssignRefusal(kind, kind === 'request' ? record.requestStatus : record.resultStatus) : null;
    if (final) throw conflict(final);
    if (e.assignedToOther && !reason) {
      // Someone else assigned it while this user looked at it unassigned (or decided to take it over): say who.
      throw await changedConflict(client, { entityType: kind === 'request' ? 'lab_request' : 'test_result', entityId: kitId },
        'assigned to another clinician; re-assignment needs a reason');
    }
    const status = kind === 'request' ? record.requestStatus : record.resultStatus;
    if (kind === 'result' && e.unassigned && !ASSIGNABLE_RESULT_STATUSES.includes(status ?? '')) {
      throw conflict(`a test result in ${status} cannot be assigned`);
    }
    const table = kind === 'request' ? 'lab_requests' : 'test_results';
    await client.query(`UPDATE ${table} SET clinician_id = $1 WHERE kit_id = $2`, [actor.sub, kitId]);
    const entityType = kind === 'request' ? 'lab_request' : 'test_result';
    await writeHistory(client, actor, {
      entityType, entityId: kitId, action: e.assignedToOther ? 'REASSIGN' : 'ASSIGN', fromStatus: status, toStatus: status, comment: reason ?? null,
    });
    await audit.one(client, { action: e.assignedToOther ? 'REASSIGN' : 'ASSIGN', entityType, entityId: kitId, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId, clinicianId: actor.sub };
  });
}

/** Approve or reject a REGISTERED lab request assigned to the actor (reject stores both notes). */
export async function decideLabRequest(pool: Pool, audit: Auditor, actor: Actor, kitId: string,
  decision: 'approve' | 'reject', notes?: { externalNote: string; internalNote: string }) {
  return withTx(pool, async (client) => {
    const { record } = await lockForAction(client, actor, kitId, 'request', { mustOwn: true });
    const t = LAB_REQUEST_TRANSITIONS[decision];
    if (!(t.from as readonly string[]).includes(record.requestStatus ?? '')) {
      // Who decided it first (another tab, a colleague).
      throw await changedConflict(client, { entityType: 'lab_request', entityId: kitId }, `lab request is ${record.requestStatus}; ${decision} needs ${t.from.join(' or ')}`);
    }
    await client.query(
      `UPDATE lab_requests SET status = $1, internal_note = COALESCE($2, internal_note), external_note = COALESCE($3, external_note)
        WHERE kit_id = $4 AND status = $5`,
      [t.to, notes?.internalNote ?? null, notes?.externalNote ?? null, kitId, record.requestStatus],
    );
    await writeHistory(client, actor, { entityType: 'lab_request', entityId: kitId, action: decision.toUpperCase(), fromStatus: record.requestStatus, toStatus: t.to });
    await audit.one(client, { action: decision.toUpperCase(), entityType: 'lab_request', entityId: kitId, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId, status: t.to };
  });
}

/** Registers a Covid tube serial number on an M19 kit whose lab request is still open. */
export async function registerCovidTube(pool: Pool, audit: Auditor, actor: Actor, kitId: string, serialNumber: string) {
  return withTx(pool, async (client) => {
    const { record } = await lockForAction(client, actor, kitId, 'request', { mustOwn: true });
    if (FINAL.includes(record.requestStatus ?? '')) throw conflict(`no tube registration for a ${record.requestStatus} lab request`);
    if (!isM19Kit(record.productName, kitId)) throw badRequest('tube registration is only for the M19 kit family');
    const taken = await client.query(`SELECT 1 FROM kits WHERE tube_id = $1 AND kit_id <> $2`, [serialNumber, kitId]);
    if (taken.rows.length > 0) throw tubeTaken(serialNumber);
    // The unique index decides between concurrent registrations of one serial on different kits: the loser is a 409.
    await client.query(`UPDATE kits SET tube_id = $1 WHERE kit_id = $2`, [serialNumber, kitId]).catch((error: unknown) => {
      throw isUniqueViolation(error, 'kits_tube_id_unique') ? tubeTaken(serialNumber) : error;
    });
    await writeHistory(client, actor, { entityType: 'kit', entityId: kitId, action: 'REGISTER_TUBE', comment: 'Covid tube registered' });
    await audit.one(client, { action: 'REGISTER_TUBE', entityType: 'kit', entityId: kitId, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId, tubeId: serialNumber };
  });
}
