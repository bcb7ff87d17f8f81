import { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from './booking-access';
import { MAX_UPLOAD_BYTES } from '../files/files';
import { BOOKING_DETAIL_TEXT, BOOKING_FIELD_TEXT } from '../i18n/en/booking-detail';

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

/** An upload without a file (spec 2 §5): the ID asks for a file, the selfie for a photo. */
export const IDENTITY_FILE_MISSING_TEXT: Record<(typeof UPLOAD_DOCUMENT_TYPES)[number], string> = {
  IDENTITY_PASSPORT: BOOKING_DETAIL_TEXT.selectFile,
  SELFIE: BOOKING_DETAIL_TEXT.selectPhoto,
};

/** A chosen identity document as the upload form holds it (a browser File has both). */
export interface ChosenFile {
  name: string;
  size: number;
}
/**
 * The identity upload form of one document type: a file is required (IDENTITY_FILE_MISSING_TEXT), of an accepted type
 * and within the size limit (identityFileRefusal), all checked before anything is sent.
 */
export const identityUploadSchema = (documentType: (typeof UPLOAD_DOCUMENT_TYPES)[number]) =>
  z.object({
    file: z.unknown().superRefine((f, ctx) => {
      const chosen = f as ChosenFile | null | undefined;
      if (!chosen || typeof chosen !== 'object' || typeof chosen.name !== 'string')
        return ctx.addIssue({ code: 'custom', message: IDENTITY_FILE_MISSING_TEXT[documentType] });
      const refusal = identityFileRefusal(chosen.name, chosen.size);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
  });

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
