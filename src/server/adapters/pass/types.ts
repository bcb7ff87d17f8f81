import type { Pool, PoolClient } from 'pg';
import type { ResultLine } from '../../../domain/lab/result-classification';

/** One released result sent to PASS (identifiers and the result lines; no notes). */
export interface PassSubmission {
  kitId: string;
  patientId: string;
  resultStatus: string;
  /** The Cognito sub of the clinician who sent it. */
  submittedBy: string;
  /** What PASS receives: the member and the released result. */
  payload: {
    kitId: string;
    member: { firstName: string; lastName: string; email: string; dob: string | null };
    productName: string;
    labName: string;
    resultStatus: string;
    results: ResultLine[];
  };
}

/** Sends a released result to PASS, the partner testing programme, and records it in pass_submissions. */
export interface PassAdapter {
  readonly provider: 'local' | 'api';
  /** Pass the transaction's client so the submission row commits (or rolls back) with the history and audit rows. */
  submit(db: Pool | PoolClient, submission: PassSubmission): Promise<{ id: string; submittedAt: string }>;
}

/** One pass_submissions row: the payload only where the table is the delivery (local); otherwise PASS's reference. */
export async function recordSubmission(db: Pool | PoolClient, s: PassSubmission, provider: string, payload: unknown, reference: string | null) {
  const { rows } = await db.query<{ id: string; submittedAt: Date }>(
    `INSERT INTO pass_submissions (kit_id, patient_id, result_status, provider, payload, provider_reference, submitted_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, submitted_at AS "submittedAt"`,
    [s.kitId, s.patientId, s.resultStatus, provider, payload === null ? null : JSON.stringify(payload), reference, s.submittedBy],
  );
  return { id: rows[0].id, submittedAt: rows[0].submittedAt.toISOString() };
}
