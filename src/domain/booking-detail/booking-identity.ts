import { BOOKING_REFUSAL_TEXT } from './booking-access';
import { MAX_UPLOAD_BYTES } from '../files/files';
import { BOOKING_FIELD_TEXT } from '../i18n/en/booking-detail';

/** Self check-in progress and the patient's identity documents (spec 2 §3, §4): upload checks and the review rule. */

export const SELF_CHECK_IN_STEPS = [
  'CREATE_ACC',
  'UPLOAD_GOV_ID',
  'UPLOAD_ID_SELFIE',
  'SIGN_WAIVER_CONSENT_FORM',
  'IN_TAKE_FORM',
  'PAYMENT',
] as const;
export type SelfCheckInStep = (typeof SELF_CHECK_IN_STEPS)[number];

/** Done steps / 6, rounded to the nearest 10; 100 green 'Completed', >= 50 yellow, below red. */
export function checkInProgress(done: readonly string[]): { percent: number; colour: 'success' | 'warning' | 'error'; completed: boolean } {
  const n = new Set(done.filter((s) => (SELF_CHECK_IN_STEPS as readonly string[]).includes(s))).size;
  const percent = Math.round((n / SELF_CHECK_IN_STEPS.length) * 10) * 10;
  return { percent, colour: percent === 100 ? 'success' : percent >= 50 ? 'warning' : 'error', completed: percent === 100 };
}

export const IDENTITY_DOCUMENT_KEYS = ['IDENTITY_PASSPORT', 'IDENTITY_DRIVER_LICENSE', 'SELFIE'] as const;
export type IdentityDocumentKey = (typeof IDENTITY_DOCUMENT_KEYS)[number];
/** Upload types accepted by POST /secure/public/document. */
export const UPLOAD_DOCUMENT_TYPES = ['IDENTITY_PASSPORT', 'SELFIE'] as const;
export const IDENTITY_FILE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;

/** Why an identity document cannot be uploaded (its type by name, its size), or null: checked before anything is sent. */
export function identityFileRefusal(name: string, size: number): string | null {
  const ext = name.slice(name.lastIndexOf('.')).toLowerCase();
  if (!name.includes('.') || !(IDENTITY_FILE_EXTENSIONS as readonly string[]).includes(ext)) return BOOKING_FIELD_TEXT.fileType;
  return size > MAX_UPLOAD_BYTES ? BOOKING_FIELD_TEXT.fileSize : null;
}

/** The identity status text (spec 2 §4): documents first ('No identity docs available' / 'Incomplete'), then the decision. */
export function identityStatus(docs: Partial<Record<IdentityDocumentKey, string>>, verified: boolean | null | undefined) {
  const hasId = !!(docs.IDENTITY_PASSPORT || docs.IDENTITY_DRIVER_LICENSE);
  const hasSelfie = !!docs.SELFIE;
  if (!hasId && !hasSelfie) return 'No identity docs available';
  if (!hasId || !hasSelfie) return 'Incomplete';
  return verified === true ? 'Verified' : verified === false ? 'Rejected' : 'Verification pending';
}
/** Accept / Reject are possible once, with both documents present. */
export const identityReviewRefusal = (docs: Partial<Record<IdentityDocumentKey, string>>, verified: boolean | null | undefined) =>
  verified !== null && verified !== undefined
    ? BOOKING_REFUSAL_TEXT.documentsReviewed
    : identityStatus(docs, verified) !== 'Verification pending'
      ? 'Both an ID document and a selfie are needed before review'
      : null;
