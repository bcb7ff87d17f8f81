import { ASSIGNABLE_RESULT_STATUSES, finalAssignRefusal, isM19Kit, LAB_REQUEST_TRANSITIONS } from '../../domain/lab/lab-actions';
import type { DataAccess } from '../data/access';
import { badRequest, conflict } from '../errors';

const FINAL = ['REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE'];

/**
 * Assigns a lab request or test result to the actor. Unassigned: Assign To Me. Assigned to another
 * clinician: re-assignment, which needs a reason. Row lock + re-check: of concurrent attempts exactly one wins.
 */
export function assignToActor(data: DataAccess, kind: 'request' | 'result', kitId: string, reason?: string) {
  return data.transaction(async (tx) => {
    const { record, eligibility: e } = await tx.lab.lockForAction(kitId, kind, { mustOwn: false });
    if (e.assignedToMe) throw conflict('already assigned to you');
    const status = kind === 'request' ? record.requestStatus : record.resultStatus;
    // A final record keeps its clinician: no re-assignment.
    const final = e.assignedToOther ? finalAssignRefusal(kind, status) : null;
    if (final) throw conflict(final);
    if (e.assignedToOther && !reason) {
      // Someone else assigned it while this user looked at it unassigned (or decided to take it over): say who.
      throw await tx.lab.changedConflict(
        kind === 'request' ? 'lab_request' : 'test_result',
        kitId,
        'assigned to another clinician; re-assignment needs a reason',
      );
    }
    if (kind === 'result' && e.unassigned && !ASSIGNABLE_RESULT_STATUSES.includes(status ?? '')) {
      throw conflict(`a test result in ${status} cannot be assigned`);
    }
    await tx.lab.assign(kind, record, { reassign: e.assignedToOther, reason });
    return { kitId, clinicianId: data.actor.sub };
  });
}

/** Approve or reject a REGISTERED lab request assigned to the actor (reject stores both notes). */
export function decideLabRequest(
  data: DataAccess,
  kitId: string,
  decision: 'approve' | 'reject',
  notes?: { externalNote: string; internalNote: string },
) {
  return data.transaction(async (tx) => {
    const { record } = await tx.lab.lockForAction(kitId, 'request', { mustOwn: true });
    const t = LAB_REQUEST_TRANSITIONS[decision];
    if (!(t.from as readonly string[]).includes(record.requestStatus ?? '')) {
      // Who decided it first (another tab, a colleague).
      throw await tx.lab.changedConflict('lab_request', kitId, `lab request is ${record.requestStatus}; ${decision} needs ${t.from.join(' or ')}`);
    }
    await tx.lab.decide(record, decision, t.to, notes);
    return { kitId, status: t.to };
  });
}

/** Registers a Covid tube serial number on an M19 kit whose lab request is still open. */
export function registerCovidTube(data: DataAccess, kitId: string, serialNumber: string) {
  return data.transaction(async (tx) => {
    const { record } = await tx.lab.lockForAction(kitId, 'request', { mustOwn: true });
    if (FINAL.includes(record.requestStatus ?? '')) throw conflict(`no tube registration for a ${record.requestStatus} lab request`);
    if (!isM19Kit(record.productName, kitId)) throw badRequest('tube registration is only for the M19 kit family');
    await tx.lab.registerTube(record, serialNumber);
    return { kitId, tubeId: serialNumber };
  });
}
