import type { Pool } from 'pg';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { KIT_TEXTS } from '../../domain/kits';
import { eligibility } from '../../domain/lab-actions';
import { sendToPassRefusal, type SendToPassResult } from '../../domain/pass';
import type { PassAdapter } from '../adapters/pass';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import { assertClinicalAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { withTx } from '../db/tx';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { lockLabRecord } from '../lab/locked-record';
import { inScope } from '../auth/scope';
import { labViewerOf } from '../lab/viewer';
import { resultLines } from './rows';

export const SEND_TO_PASS = 'SEND_TO_PASS';

interface PassRow {
  passMember: boolean; shareWIthPass: boolean; firstName: string; lastName: string; email: string; dob: string | null;
}

/**
 * POST /secure/kit/{kitId}/sendToPass (spec 1 §2 Select Action "Send result to PASS"): a clinician (or super admin)
 * licensed in the patient's state sends the kit's result to PASS, only once it is released to the patient and the
 * patient is a PASS member who consents (src/domain/pass.ts). The test result row is locked (as the lab actions
 * lock it, so a concurrent release or un-release is seen) and the patient row is share-locked (so consent cannot be
 * withdrawn mid-send). The submission, the kit's history row and the audit row commit together; a refusal writes
 * nothing but a FAILED/DENIED audit row.
 */
export async function sendResultToPass(pool: Pool, audit: Auditor, actor: Actor, pass: PassAdapter, kitId: string): Promise<SendToPassResult> {
  assertClinicalAccess(actor);
  try {
    return await withTx(pool, async (client) => {
      const record = await lockLabRecord(client, kitId, 'result');
      if (!record) throw notFound(KIT_TEXTS.kitIdInvalid);
      const { rows: kitRows } = await client.query<{ patientState: string | null; labName: string }>(
        `SELECT patient_state AS "patientState", lab_name AS "labName" FROM kits WHERE kit_id = $1`, [kitId]);
      const patientState = record.patientState ?? kitRows[0]?.patientState ?? null;
      if (!inScope(actor, { patientState, hasPatient: record.patientId !== null, patientId: record.patientId })) throw notFound(KIT_TEXTS.kitIdInvalid);
      const e = eligibility({ status: record.resultStatus ?? '', clinicianId: null, patientState, patientId: record.patientId, masked: false }, labViewerOf(actor));
      if (!e.licenceEligible) throw forbidden(e.disabledReason ?? 'license ineligible');
      const { rows } = record.patientId ? await client.query<PassRow>(
        `SELECT pass_member AS "passMember", share_with_pass AS "shareWIthPass", first_name AS "firstName",
                last_name AS "lastName", email, dob::text AS dob FROM patients WHERE id = $1 FOR SHARE`, [record.patientId])
        : { rows: [] as PassRow[] };
      const p = rows[0] ?? null;
      const refusal = sendToPassRefusal(p, record.resultStatus);
      if (refusal || !p || !record.patientId || !record.resultStatus) throw conflict(KIT_UI_TEXT.pass.reasons[refusal ?? 'noPatient']);
      const { rows: lines } = await client.query<{ results: unknown }>('SELECT results FROM test_results WHERE kit_id = $1', [kitId]);
      const results = resultLines(lines[0]?.results);
      const sent = await pass.submit(client, {
        kitId, patientId: record.patientId, resultStatus: record.resultStatus, submittedBy: actor.sub,
        payload: {
          kitId, member: { firstName: p.firstName, lastName: p.lastName, email: p.email, dob: p.dob },
          productName: record.productName, labName: kitRows[0]?.labName ?? '', resultStatus: record.resultStatus, results,
        },
      });
      await writeHistory(client, actor, {
        entityType: 'kit', entityId: kitId, action: SEND_TO_PASS, fromStatus: record.resultStatus, toStatus: record.resultStatus,
        comment: `Result sent to PASS (${pass.provider})`,
      });
      await audit.one(client, { action: SEND_TO_PASS, entityType: 'kit', entityId: kitId, patientId: record.patientId, outcome: 'SUCCESS' });
      return { submittedAt: sent.submittedAt };
    });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 409 || err.status === 403 || err.status === 502)) {
      await audit.one(pool, { action: SEND_TO_PASS, entityType: 'kit', entityId: kitId, outcome: err.status === 403 ? 'DENIED' : 'FAILED' });
    }
    throw err;
  }
}
