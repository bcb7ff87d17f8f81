import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { eligibility } from '../../domain/lab/lab-actions';
import type { PassAdapter, PassSubmission } from '../adapters/pass';
import { writeHistory } from '../audit/history';
import type { AccessContext } from '../auth/access-context';
import { inScope } from '../auth/scope';
import { forbidden, notFound } from '../errors';
import { lockLabRecord, txClient, type LockedLabRecord } from '../lab/repository-lock';
import { labViewerOf } from '../lab/viewer';
import { resultLines } from './repository-rows';

export const SEND_TO_PASS = 'SEND_TO_PASS';

/** The PASS fields of the kit's patient. */
export interface PassPatient {
  passMember: boolean;
  shareWIthPass: boolean;
  firstName: string;
  lastName: string;
  email: string;
  dob: string | null;
}

/** A kit locked for sending its result to PASS. */
export interface PassKit {
  record: LockedLabRecord;
  labName: string;
  patient: PassPatient | null;
}

/**
 * Sending a kit's result to PASS, inside the caller's `data.transaction`: the test result row locked (as the lab actions
 * lock it, so a concurrent release or un-release is seen), the kit in the Actor's scope (404 outside it) and the Actor
 * licensed in its patient's state (403), the patient row share-locked (consent cannot be withdrawn mid-send); the
 * submission, the kit's history row and the audit row commit together.
 */
export const kitPass = ({ db, actor, audit }: AccessContext) => ({
  async lockForPass(kitId: string): Promise<PassKit> {
    const client = txClient(db);
    const record = await lockLabRecord(client, kitId, 'result');
    if (!record) throw notFound(KIT_TEXTS.kitIdInvalid);
    const { rows: kitRows } = await client.query<{ patientState: string | null; labName: string }>(
      `SELECT patient_state AS "patientState", lab_name AS "labName" FROM kits WHERE kit_id = $1`,
      [kitId],
    );
    const patientState = record.patientState ?? kitRows[0]?.patientState ?? null;
    if (!inScope(actor, { patientState, hasPatient: record.patientId !== null, patientId: record.patientId })) throw notFound(KIT_TEXTS.kitIdInvalid);
    const e = eligibility(
      { status: record.resultStatus ?? '', clinicianId: null, patientState, patientId: record.patientId, masked: false },
      labViewerOf(actor),
    );
    if (!e.licenceEligible) throw forbidden(e.disabledReason ?? 'license ineligible');
    const { rows } = record.patientId
      ? await client.query<PassPatient>(
          `SELECT pass_member AS "passMember", share_with_pass AS "shareWIthPass", first_name AS "firstName",
              last_name AS "lastName", email, dob::text AS dob FROM patients WHERE id = $1 FOR SHARE`,
          [record.patientId],
        )
      : { rows: [] as PassPatient[] };
    return { record, labName: kitRows[0]?.labName ?? '', patient: rows[0] ?? null };
  },

  /** Submits the released result (its lines read here) to PASS, with the kit's history row and the audit row. */
  async submitToPass(pass: PassAdapter, kit: PassKit & { patient: PassPatient }, sent: Pick<PassSubmission, 'patientId' | 'resultStatus'>) {
    const client = txClient(db);
    const { kitId, productName } = kit.record;
    const { rows: lines } = await client.query<{ results: unknown }>('SELECT results FROM test_results WHERE kit_id = $1', [kitId]);
    const p = kit.patient;
    const submitted = await pass.submit(client, {
      kitId,
      patientId: sent.patientId,
      resultStatus: sent.resultStatus,
      submittedBy: actor.sub,
      payload: {
        kitId,
        member: { firstName: p.firstName, lastName: p.lastName, email: p.email, dob: p.dob },
        productName,
        labName: kit.labName,
        resultStatus: sent.resultStatus,
        results: resultLines(lines[0]?.results),
      },
    });
    await writeHistory(client, actor, {
      entityType: 'kit',
      entityId: kitId,
      action: SEND_TO_PASS,
      fromStatus: sent.resultStatus,
      toStatus: sent.resultStatus,
      comment: `Result sent to PASS (${pass.provider})`,
    });
    await audit.one(client, { action: SEND_TO_PASS, entityType: 'kit', entityId: kitId, patientId: sent.patientId, outcome: 'SUCCESS' });
    return submitted;
  },

  /** A refused send (nothing written but this audit row). */
  auditPassRefused: (kitId: string, outcome: 'DENIED' | 'FAILED') =>
    audit.one(db, { action: SEND_TO_PASS, entityType: 'kit', entityId: kitId, outcome }),
});
