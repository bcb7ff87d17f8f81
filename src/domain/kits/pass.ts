import { z } from 'zod';
import { MASK } from '../shared/masking';
import type { LabResultStatus } from '../shared/statuses';

/**
 * PASS, the partner testing programme for performers (spec 1 §2 "Send result to PASS", spec 3 §3 passMember,
 * spec 2 §3 shareWIthPass): a member's released results go to PASS when the patient consents to share them.
 * One implementation of the rules for the server and the portal; the texts are in kit-texts.ts (`kit.pass.*`).
 */

/**
 * The test result statuses in which the result is released to the patient (the lab rules' released statuses,
 * src/domain/lab/lab-actions.ts: notes read-only from then on). Only such a result may be sent to PASS.
 */
export const PASS_SENDABLE_RESULT_STATUSES = ['RESULTS_RELEASED', 'COMPLETE'] as const satisfies readonly LabResultStatus[];

export const isResultReleased = (resultStatus: string | null | undefined): boolean =>
  !!resultStatus && (PASS_SENDABLE_RESULT_STATUSES as readonly string[]).includes(resultStatus);

/** A patient's PASS facts as the kit detail carries them (masked rows carry XXXXXX). */
export interface PassFacts {
  passMember: boolean | typeof MASK;
  shareWIthPass: boolean | typeof MASK;
}

export type PassStatus = 'SHARING' | 'NOT_SHARING' | 'NOT_MEMBER';

/** Member — sharing results / Member — not sharing / Not a member. */
export const passStatus = (p: { passMember: boolean; shareWIthPass: boolean }): PassStatus =>
  !p.passMember ? 'NOT_MEMBER' : p.shareWIthPass ? 'SHARING' : 'NOT_SHARING';

/** The i18n keys of the statuses (texts in kit-texts.ts under kit.pass.status). */
export const PASS_STATUS_KEYS: Record<PassStatus, string> = {
  SHARING: 'kit.pass.status.SHARING',
  NOT_SHARING: 'kit.pass.status.NOT_SHARING',
  NOT_MEMBER: 'kit.pass.status.NOT_MEMBER',
};

/** Why a PASS action is refused (keys of kit.pass.reasons). */
export type PassRefusal = 'noPatient' | 'notMember' | 'noConsent' | 'notReleased' | 'masked';

/** Change Consent Status: only for PASS members (a masked patient cannot be judged, so not either). */
export function consentChangeRefusal(p: PassFacts | null): PassRefusal | null {
  if (!p) return 'noPatient';
  if (p.passMember === MASK || p.shareWIthPass === MASK) return 'masked';
  return p.passMember ? null : 'notMember';
}

/** Send result to PASS: a member who consents, and a result released to the patient. */
export function sendToPassRefusal(p: PassFacts | null, resultStatus: string | null | undefined): PassRefusal | null {
  const consent = consentChangeRefusal(p);
  if (consent) return consent;
  if (!p!.shareWIthPass) return 'noConsent';
  return isResultReleased(resultStatus) ? null : 'notReleased';
}

/** PATCH /secure/patient/{id}/passConsent. */
export const passConsentBodySchema = z.strictObject({ shareWIthPass: z.boolean() });
export type PassConsentBody = z.infer<typeof passConsentBodySchema>;
export const passConsentResultSchema = z.object({
  patientId: z.string(),
  passMember: z.boolean(),
  shareWIthPass: z.boolean(),
  changedAt: z.string(),
});
export type PassConsentResult = z.infer<typeof passConsentResultSchema>;

/** POST /secure/kit/{kitId}/sendToPass. */
export const sendToPassResultSchema = z.object({ submittedAt: z.string() });
export type SendToPassResult = z.infer<typeof sendToPassResultSchema>;

/** The patient's PASS fields in the kit detail (booleans, or XXXXXX on a masked kit). */
export const passFieldsSchema = {
  passMember: z.union([z.boolean(), z.literal(MASK)]),
  shareWIthPass: z.union([z.boolean(), z.literal(MASK)]),
};
