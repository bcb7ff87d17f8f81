import { changedConflict, writeHistory } from '../audit/history';
import type { AccessContext } from '../auth/access-context';
import { conflict, isUniqueViolation } from '../errors';
import { lockForAction, txClient, type LockedLabRecord } from './repository-lock';

export type LabEntity = 'lab_request' | 'test_result';
const tubeTaken = (serial: string) => conflict(`tube serial number ${serial} is already registered to another kit`);

/**
 * The writes on a kit's lab request (and the assignment of either record), each with its history row and audit row,
 * inside the caller's `data.transaction`. The record comes from `lockForAction`: locked, in the Actor's scope (404
 * outside it), and licence-eligible for the Actor (403 otherwise).
 */
export const labRequests = ({ db, actor, audit }: AccessContext) => ({
  /**
   * Locks the kit's lab request or test result for the rest of the transaction and checks the Actor may act on it
   * (scope, licence, and with `mustOwn` that it is assigned to the Actor).
   */
  lockForAction: (kitId: string, lock: 'request' | 'result', opts: { mustOwn: boolean }) => lockForAction(txClient(db), actor, kitId, lock, opts),

  /** A 409 that says who changed the record last, and how (another tab, a colleague). */
  changedConflict: (entityType: LabEntity, kitId: string, reason: string) => changedConflict(txClient(db), { entityType, entityId: kitId }, reason),

  /** Assigns the lab request or test result to the Actor (a re-assignment keeps its reason in the history). */
  async assign(kind: 'request' | 'result', record: LockedLabRecord, opts: { reassign: boolean; reason?: string }) {
    const client = txClient(db);
    const table = kind === 'request' ? 'lab_requests' : 'test_results';
    const entityType: LabEntity = kind === 'request' ? 'lab_request' : 'test_result';
    const status = kind === 'request' ? record.requestStatus : record.resultStatus;
    const action = opts.reassign ? 'REASSIGN' : 'ASSIGN';
    await client.query(`UPDATE ${table} SET clinician_id = $1 WHERE kit_id = $2`, [actor.sub, record.kitId]);
    await writeHistory(client, actor, {
      entityType,
      entityId: record.kitId,
      action,
      fromStatus: status,
      toStatus: status,
      comment: opts.reason ?? null,
    });
    await audit.one(client, { action, entityType, entityId: record.kitId, patientId: record.patientId, outcome: 'SUCCESS' });
  },

  /** Approves or rejects the lab request (a rejection stores both notes); only from the status it was locked in. */
  async decide(record: LockedLabRecord, decision: 'approve' | 'reject', to: string, notes?: { externalNote: string; internalNote: string }) {
    const client = txClient(db);
    await client.query(
      `UPDATE lab_requests SET status = $1, internal_note = COALESCE($2, internal_note), external_note = COALESCE($3, external_note)
        WHERE kit_id = $4 AND status = $5`,
      [to, notes?.internalNote ?? null, notes?.externalNote ?? null, record.kitId, record.requestStatus],
    );
    const action = decision.toUpperCase();
    await writeHistory(client, actor, { entityType: 'lab_request', entityId: record.kitId, action, fromStatus: record.requestStatus, toStatus: to });
    await audit.one(client, { action, entityType: 'lab_request', entityId: record.kitId, patientId: record.patientId, outcome: 'SUCCESS' });
  },

  /** Registers a tube serial number on the kit; 409 when another kit has it (checked, and decided by the unique index). */
  async registerTube(record: LockedLabRecord, serialNumber: string) {
    const client = txClient(db);
    const taken = await client.query(`SELECT 1 FROM kits WHERE tube_id = $1 AND kit_id <> $2`, [serialNumber, record.kitId]);
    if (taken.rows.length > 0) throw tubeTaken(serialNumber);
    // The unique index decides between concurrent registrations of one serial on different kits: the loser is a 409.
    await client.query(`UPDATE kits SET tube_id = $1 WHERE kit_id = $2`, [serialNumber, record.kitId]).catch((error: unknown) => {
      throw isUniqueViolation(error, 'kits_tube_id_unique') ? tubeTaken(serialNumber) : error;
    });
    await writeHistory(client, actor, { entityType: 'kit', entityId: record.kitId, action: 'REGISTER_TUBE', comment: 'Covid tube registered' });
    await audit.one(client, { action: 'REGISTER_TUBE', entityType: 'kit', entityId: record.kitId, patientId: record.patientId, outcome: 'SUCCESS' });
  },
});
