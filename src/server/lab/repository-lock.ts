import type { Pool, PoolClient } from 'pg';
import { eligibility, type Eligibility } from '../../domain/lab/lab-actions';
import type { Actor } from '../auth/actor';
import { forbidden, notFound } from '../errors';
import { inScope } from '../auth/scope';
import { labViewerOf } from './viewer';

/** The transaction's client: the lab actions lock rows, so they run inside `data.transaction`. */
export function txClient(db: Pool | PoolClient): PoolClient {
  // A pool has no release(); a checked-out client has.
  if (!('release' in db)) throw new Error('a lab action runs inside data.transaction');
  return db;
}

/** A kit's lab request and test result, locked for the rest of the transaction. */
export interface LockedLabRecord {
  kitId: string;
  patientId: string | null;
  productName: string;
  requestStatus: string | null;
  requestClinicianId: string | null;
  resultId: string | null;
  resultStatus: string | null;
  resultClinicianId: string | null;
  patientState: string | null;
  externalNotes: string | null;
  notesNeedReview: boolean;
}

/** Locks and reads a kit's lab record (no scope check: callers apply theirs). */
export async function lockLabRecord(client: PoolClient, kitId: string, lock: 'request' | 'result'): Promise<LockedLabRecord | null> {
  // The kit row is the one mutex of every lab action on the kit (a create and a release of its result never interleave);
  // lock it first, then the row acted on, then read: under READ COMMITTED the read sees what a concurrent winner committed.
  await client.query(`SELECT 1 FROM kits WHERE kit_id = $1 FOR UPDATE`, [kitId]);
  await client.query(`SELECT 1 FROM ${lock === 'request' ? 'lab_requests' : 'test_results'} WHERE kit_id = $1 FOR UPDATE`, [kitId]);
  const { rows } = await client.query<LockedLabRecord>(
    `SELECT k.kit_id AS "kitId", k.patient_id AS "patientId", k.product_name AS "productName",
            lr.status AS "requestStatus", lr.clinician_id AS "requestClinicianId",
            tr.id AS "resultId", tr.status AS "resultStatus", tr.clinician_id AS "resultClinicianId",
            COALESCE(lr.patient_state, tr.patient_state) AS "patientState", tr.external_notes AS "externalNotes",
            COALESCE(tr.notes_need_review, false) AS "notesNeedReview"
       FROM kits k LEFT JOIN lab_requests lr ON lr.kit_id = k.kit_id LEFT JOIN test_results tr ON tr.kit_id = k.kit_id
      WHERE k.kit_id = $1`,
    [kitId],
  );
  return rows[0] ?? null;
}

/**
 * Loads and locks the record and checks the actor may act on it (licence state, assignment), using the
 * shared eligibility rule. `mustOwn`: the record must already be assigned to the actor.
 */
export async function lockForAction(
  client: PoolClient,
  actor: Actor,
  kitId: string,
  lock: 'request' | 'result',
  opts: { mustOwn: boolean },
): Promise<{ record: LockedLabRecord; eligibility: Eligibility }> {
  const record = await lockLabRecord(client, kitId, lock);
  const exists = record && (lock === 'request' ? record.requestStatus : record.resultStatus);
  // Outside the actor's scope the record reads exactly like a missing one (404, never 403).
  if (
    !record ||
    !exists ||
    !inScope(actor, { patientState: record.patientState, hasPatient: record.patientId !== null, patientId: record.patientId })
  ) {
    throw notFound(`no ${lock === 'request' ? 'lab request' : 'test result'} for kit ${kitId}`);
  }
  const e = eligibility(
    {
      status: (lock === 'request' ? record.requestStatus : record.resultStatus) ?? '',
      clinicianId: lock === 'request' ? record.requestClinicianId : record.resultClinicianId,
      patientState: record.patientState,
      patientId: record.patientId,
      masked: false,
    },
    labViewerOf(actor),
  );
  if (!e.licenceEligible) throw forbidden(e.disabledReason ?? 'license ineligible');
  if (opts.mustOwn && !e.assignedToMe) throw forbidden(e.disabledReason ?? 'not assigned to you');
  return { record, eligibility: e };
}
