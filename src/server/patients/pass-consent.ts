import type { Pool } from 'pg';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { consentChangeRefusal, passStatus, type PassConsentBody, type PassConsentResult } from '../../domain/pass';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { assertInScope } from '../auth/scope';
import { withTx } from '../db/tx';
import { ApiError, conflict, forbidden, notFound } from '../errors';

export const PASS_CONSENT = 'UPDATE_PASS_CONSENT';

/**
 * Change Consent Status (spec 1 §2 Patient Details): sets whether a PASS member shares released results with PASS.
 * Not for read-only roles (auditors); a patient outside the viewer's scope (a licence-bound clinician without a valid
 * licence in the patient's state) reads as unknown (404); only PASS members (409). The patient
 * row is locked, so concurrent changes apply one after the other; the change, its history row (who, when, from, to)
 * and the audit row commit together. Asking for the current value changes and records nothing.
 */
export async function changePassConsent(pool: Pool, audit: Auditor, actor: Actor, patientId: string, body: PassConsentBody): Promise<PassConsentResult> {
  try {
    if (actor.permissions.readOnly) throw forbidden('read-only role cannot write');
    return await withTx(pool, async (client) => {
      const { rows } = await client.query<{ state: string | null; passMember: boolean; shareWIthPass: boolean }>(
        `SELECT state, pass_member AS "passMember", share_with_pass AS "shareWIthPass" FROM patients WHERE id = $1 FOR UPDATE`, [patientId]);
      const p = rows[0];
      if (!p) throw notFound('no such patient');
      assertInScope(actor, { patientState: p.state, patientId }, 'no such patient');
      const refusal = consentChangeRefusal(p);
      if (refusal) throw conflict(KIT_UI_TEXT.pass.reasons[refusal]);
      if (p.shareWIthPass === body.shareWIthPass) {
        const { rows: now } = await client.query<{ now: Date }>('SELECT now() AS now');
        return { patientId, passMember: true, shareWIthPass: p.shareWIthPass, changedAt: now[0].now.toISOString() };
      }
      const { rows: updated } = await client.query<{ changedAt: Date }>(
        `UPDATE patients SET share_with_pass = $2 WHERE id = $1 RETURNING now() AS "changedAt"`, [patientId, body.shareWIthPass]);
      await writeHistory(client, actor, {
        entityType: 'patient', entityId: patientId, action: PASS_CONSENT,
        fromStatus: passStatus(p), toStatus: passStatus({ passMember: true, shareWIthPass: body.shareWIthPass }),
      });
      await audit.one(client, { action: PASS_CONSENT, entityType: 'patient', entityId: patientId, patientId, outcome: 'SUCCESS' });
      return { patientId, passMember: true, shareWIthPass: body.shareWIthPass, changedAt: updated[0].changedAt.toISOString() };
    });
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 409)) {
      await audit.one(pool, { action: PASS_CONSENT, entityType: 'patient', entityId: patientId, outcome: e.status === 403 ? 'DENIED' : 'FAILED' });
    }
    throw e;
  }
}
