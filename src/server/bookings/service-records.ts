import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { identityReviewRefusal, UPLOAD_DOCUMENT_TYPES } from '../../domain/booking-detail/booking-identity';
import { stripLineBreaks } from '../../domain/booking-detail/booking-requests';
import { type orderKitSchema } from '../../domain/booking-detail/booking-kit-form';
import { BOOKING_DETAIL_TEXT } from '../../domain/i18n/en/booking-detail';
import { sampleDateRefusal, viewerActionRefusal } from '../../domain/bookings/booking-rules';
import { MIME_OF, type FileKind } from '../../domain/files/files';
import { MANAGE_LAB_ORDER_STEPS } from '../../domain/kits/kits';
import type { Mailer } from '../adapters/mail';
import type { AppStorage } from '../adapters/object-storage';
import type { DataAccess } from '../data/access';
import { badRequest } from '../errors';
import { refused } from './repository';
import { actionRule } from './service-actions';
import { orderSummary } from './service-detail';

/** A kit made at the visit starts where a collected sample starts: the first step of Manage Lab Order. */
const FIRST_KIT_STATUS = MANAGE_LAB_ORDER_STEPS[0].status;
const BOOKING_ID = /^[A-Za-z0-9-]{1,40}$/;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Create Kit (spec 2 §3, §5): a kit linked to the booking, with its lab request. */
export const orderKit = (data: DataAccess, id: string, body: z.infer<typeof orderKitSchema>) =>
  data.bookings.write(id, BOOKING_WRITES.orderKit, 'ORDER_KIT', async (b) => {
    const taken = new Date(body.sampleTakenDate);
    if (Number.isNaN(taken.getTime())) throw refused(400, BOOKING_REFUSAL_TEXT.sampleTakenDate);
    const implausible = sampleDateRefusal(body.sampleTakenDate, Date.now());
    if (implausible) throw refused(400, implausible);
    const kitId = await b.nextKitId();
    const requisitionId = body.labName === 'LIFESCAN' && body.lifescanReqNum ? body.lifescanReqNum.trim() : `REQ-${body.labName}-${kitId}`;
    const note = [
      `Medications: ${body.medications.trim()}`,
      body.symptoms?.trim() ? `Symptoms: ${body.symptoms.trim()}` : null,
      `Notes: ${body.notes.trim()}`,
    ]
      .filter(Boolean)
      .join('\n');
    await b.createKit({
      kitId,
      panelName: body.panelName.trim(),
      labName: body.labName,
      requisitionId,
      status: FIRST_KIT_STATUS,
      sampleTaken: taken.toISOString(),
      note,
    });
    return { kitId, status: FIRST_KIT_STATUS };
  });

/** Accept / reject the identity documents of self check-in, once (spec 2 §4). */
export function verifyIdentity(data: DataAccess, body: { bookingId: string; reviewResult: 'ACCEPT' | 'REJECT' }) {
  if (!BOOKING_ID.test(body.bookingId)) throw badRequest('bookingId is not valid');
  return data.bookings.write(body.bookingId, BOOKING_WRITES.verifyIdentity, 'VERIFY_IDENTITY', async (b) => {
    const refusal = identityReviewRefusal(b.row.documentKeys, b.row.identityVerified);
    // Reviewed meanwhile (another tab, a colleague): the refusal names who reviewed them.
    if (refusal) throw refusal === BOOKING_REFUSAL_TEXT.documentsReviewed ? await b.stale(refusal) : refused(409, refusal);
    await b.reviewIdentity(body.reviewResult, BOOKING_REFUSAL_TEXT.documentsReviewed);
    return { id: b.row.id };
  });
}

/** An identity document as the upload route read and checked it. */
export interface DocumentUpload {
  bookingId: string;
  documentType: (typeof UPLOAD_DOCUMENT_TYPES)[number];
  kind: FileKind;
  body: Buffer;
  name: string;
}

/** Stores an identity document for a booking whose documents are not reviewed yet; a rolled-back upload leaves no object. */
export async function uploadDocument(data: DataAccess, upload: DocumentUpload, storage: AppStorage) {
  let storedKey: string | null = null;
  return data.bookings
    .write(upload.bookingId, BOOKING_WRITES.uploadDocument, 'UPLOAD_DOCUMENT', async (b) => {
      if (b.row.identityVerified !== null) throw refused(409, BOOKING_REFUSAL_TEXT.documentsReviewed);
      const stored = await storage.put('IDENTITY_DOCUMENTS', upload.body, MIME_OF[upload.kind], upload.kind);
      storedKey = stored.key;
      await b.attachDocument({
        key: stored.key,
        name: upload.name,
        contentType: MIME_OF[upload.kind],
        size: upload.body.length,
        documentType: upload.documentType,
      });
      return { id: b.row.id, documentType: upload.documentType, key: stored.key };
    })
    .catch(async (error: unknown) => {
      // The transaction rolled back: the stored object would be an orphan no row points to.
      if (storedKey) await storage.delete(storedKey).catch(() => undefined);
      throw error;
    });
}

/** Mails to the patient (spec 2 §5, §7): how they reach it, and where its links point. */
export interface MailDeps {
  mailer: Mailer;
  publicUrl: string;
}
const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The visit summary: a secure message to the patient's account and a mail. */
export const sendPatientSummary = (data: DataAccess, id: string, text: string, { mailer }: MailDeps) =>
  data.bookings.write(id, actionRule('visitSummary'), 'SEND_SUMMARY', async (b) => {
    const noVisit = viewerActionRefusal('visitSummary', b.row.bookingStatus, { clinicianOrSuperAdmin: true, productOrderAccess: true });
    if (noVisit) throw refused(403, noVisit);
    if (!b.row.hasAccount) throw refused(404, BOOKING_DETAIL_TEXT.patientAccountNotFound);
    const summary = stripLineBreaks(text);
    await b.sendSummaryMessage(`<p>${escapeHtml(summary)}</p>`);
    return b.mail(mailer, { kind: 'PATIENT_SUMMARY', subject: 'Your visit summary', text: summary, logNote: 'Visit summary sent to patient' });
  });

export const sendSignUpLink = (data: DataAccess, id: string, { mailer, publicUrl }: MailDeps) =>
  data.bookings.write(id, BOOKING_WRITES.sendLink, 'SEND_SIGN_UP_LINK', async (b) => {
    if (b.row.hasAccount) throw refused(409, BOOKING_REFUSAL_TEXT.accountExists);
    const link = `${base(publicUrl)}/sign-up?bookingId=${encodeURIComponent(b.row.id)}`;
    return b.mail(mailer, {
      kind: 'SIGN_UP_LINK',
      subject: 'Create your account',
      text: `Hello ${b.row.firstName}, create your account to manage your visit: ${link}`,
      logNote: 'Sign-up link sent',
    });
  });

export const sendPayLink = (data: DataAccess, id: string, { mailer, publicUrl }: MailDeps) =>
  data.bookings.write(id, BOOKING_WRITES.sendLink, 'SEND_PAY_LINK', async (b) => {
    const summary = orderSummary(b.row.id, await b.products());
    if (!summary.isRequirePayment) throw refused(409, BOOKING_REFUSAL_TEXT.paymentNotRequired);
    const link = `${base(publicUrl)}/pay?id=${encodeURIComponent(b.row.id)}`;
    return b.mail(mailer, {
      kind: 'PAY_LINK',
      subject: 'Payment for your visit',
      text: `Hello ${b.row.firstName}, the amount due for your visit is $${summary.grossTotalUnpaid.toFixed(2)}. Pay here: ${link}`,
      logNote: 'Payment link sent',
    });
  });
