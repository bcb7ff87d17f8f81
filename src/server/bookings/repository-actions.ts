import type { PoolClient } from 'pg';
import { EDITABLE_PATIENT_FIELDS } from '../../domain/booking-detail/booking-requests';
import { UPLOAD_DOCUMENT_TYPES } from '../../domain/booking-detail/booking-identity';
import type { Mailer, MailKind } from '../adapters/mail';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import { linkFile } from '../files/records';
import { messageHistory } from '../messages/repository';
import { DOCUMENTS_CHANNEL } from './documents-cache';
import { addLog } from './repository-rows';
import { staleRefusal, updateLocked, type Locked } from './repository-write';

type EditableField = (typeof EDITABLE_PATIENT_FIELDS)[number];
/** The patients column of each field the booking detail may edit (only these names reach the SQL). */
const PATIENT_COLUMN: Record<EditableField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  dob: 'dob',
  mobile: 'mobile',
  phone: 'phone',
  address1: 'street',
  address2: 'street2',
  city: 'city',
  zip: 'zip',
  symptoms: 'symptoms',
  medications: 'medication',
};
/** The self check-in step an uploaded document completes. */
const STEP_OF: Record<(typeof UPLOAD_DOCUMENT_TYPES)[number], string> = { IDENTITY_PASSPORT: 'UPLOAD_GOV_ID', SELFIE: 'UPLOAD_ID_SELFIE' };

/** Inside the transaction that changes a booking's identity documents: every instance drops its cached links on commit. */
const documentsChanged = (client: PoolClient, bookingId: string) => client.query('SELECT pg_notify($1, $2)', [DOCUMENTS_CHANNEL, bookingId]);

export interface NewKit {
  kitId: string;
  panelName: string;
  labName: string;
  requisitionId: string;
  status: string;
  sampleTaken: string;
  note: string;
}

/** The writes of the detail screen's actions on a locked booking (spec 2 §4, §5, §7). */
export function lockedActions(l: Locked, audit: Auditor) {
  const { client, actor, row } = l;
  return {
    /** Changes the given patient fields (bound values) and logs their names only: the values stay in the patient row. */
    async updatePatient(values: Partial<Record<EditableField, string | null>>, reason: string) {
      const changed = EDITABLE_PATIENT_FIELDS.filter((f) => f in values);
      const params: unknown[] = [row.patientId];
      const sets = changed.map((f) => `${PATIENT_COLUMN[f]} = $${params.push(values[f] ?? null)}`);
      await client.query(`UPDATE patients SET ${sets.join(', ')} WHERE id = $1`, params);
      await addLog(client, actor, row.id, 'PATIENT_INFO', `Patient info updated (${changed.join(', ')}): ${reason}`);
    },
    async isPreMarked() {
      const { rows } = await client.query<{ at: Date | null }>(`SELECT pre_marked_at AS at FROM bookings WHERE id = $1`, [row.id]);
      return !!rows[0]?.at;
    },
    async preMark(isNoShow: boolean, note: string) {
      await updateLocked(l, 'pre_marked_at = now(), pre_marked_no_show = $2', [isNoShow]);
      await addLog(client, actor, row.id, 'STATUS', note);
    },
    async recordClinicalService(mins: number, notes: string) {
      await updateLocked(l, 'clinical_service_mins = $2, clinical_service_notes = $3, actual_mins = $2', [mins, notes]);
      await addLog(client, actor, row.id, 'COMPLETION', `Clinical service completed in ${mins} min`);
    },
    async recordCompletion(c: {
      actualEnd: string;
      mins: number;
      closingNotes: string;
      paymentMode: string;
      paymentCents: number;
      paymentRefId: string | null;
    }) {
      await updateLocked(
        l,
        'actual_end_at = $2, actual_mins = $3, closing_notes = $4, payment_mode = $5, payment_amount_cents = $6, payment_ref_id = $7',
        [c.actualEnd, c.mins, c.closingNotes, c.paymentMode, c.paymentCents, c.paymentRefId],
      );
      await addLog(client, actor, row.id, 'COMPLETION', `Booking completed (${c.mins} min, ${c.paymentMode})`);
    },
    /** Accepts or rejects the identity documents once: reviewed meanwhile, the 409 names who reviewed them. */
    async reviewIdentity(reviewResult: 'ACCEPT' | 'REJECT', reviewedText: string) {
      const accepted = reviewResult === 'ACCEPT';
      const res = await updateLocked(l, 'identity_verified = $2', [accepted], 'identity_verified IS NULL');
      if (res.rowCount !== 1) throw await staleRefusal(l, reviewedText);
      await writeHistory(client, actor, { entityType: 'booking', entityId: row.id, action: 'IDENTITY_REVIEW', comment: reviewResult });
      await addLog(client, actor, row.id, 'IDENTITY', accepted ? 'Identity documents approved' : 'Identity documents rejected');
      await documentsChanged(client, row.id);
    },
    /** Records a stored identity document: its file record, the booking's document key and check-in step, a log entry. */
    async attachDocument(d: { key: string; name: string; contentType: string; size: number; documentType: (typeof UPLOAD_DOCUMENT_TYPES)[number] }) {
      await linkFile(client, {
        key: d.key,
        category: 'IDENTITY_DOCUMENTS',
        name: d.name,
        contentType: d.contentType,
        size: d.size,
        uploadedBy: actor.sub,
        owner: { type: 'BOOKING', id: row.id, patientId: row.patientId, patientState: null },
      });
      await updateLocked(
        l,
        `document_keys = document_keys || jsonb_build_object($2::text, $3::text),
           self_check_in_steps = CASE WHEN $4 = ANY(self_check_in_steps) THEN self_check_in_steps ELSE array_append(self_check_in_steps, $4) END`,
        [d.documentType, d.key, STEP_OF[d.documentType]],
      );
      await addLog(client, actor, row.id, 'IDENTITY', `${d.documentType === 'SELFIE' ? 'Selfie' : 'ID document'} uploaded`);
      await documentsChanged(client, row.id);
    },
    /** The next kit id of kits made at a visit. */
    async nextKitId() {
      const { rows } = await client.query<{ n: string }>(`SELECT nextval('booking_kit_seq')::text AS n`);
      return `KB${rows[0].n.padStart(7, '0')}`;
    },
    /** A kit linked to the booking with its lab request, its history and audit rows, and a log entry. */
    async createKit(k: NewKit) {
      await client.query(
        `INSERT INTO kits (kit_id, patient_id, patient_state, booking_id, product_name, lab_name, requisition_id, status, care_location,
           sample_taken_date, panel_name, ref_id, ref_id_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $5, $4, 'BOOKING_ID')`,
        [k.kitId, row.patientId, row.state, row.id, k.panelName.slice(0, 200), k.labName, k.requisitionId, k.status, row.careLocation, k.sampleTaken],
      );
      await client.query(`INSERT INTO lab_requests (kit_id, status, patient_state, internal_note) VALUES ($1, 'REGISTERED', $2, $3)`, [
        k.kitId,
        row.state,
        k.note,
      ]);
      await writeHistory(client, actor, {
        entityType: 'kit',
        entityId: k.kitId,
        action: 'ORDER_KIT',
        fromStatus: null,
        toStatus: k.status,
        comment: `booking ${row.id}`,
      });
      await audit.one(client, { action: 'CREATE', entityType: 'kit', entityId: k.kitId, patientId: row.patientId, outcome: 'SUCCESS' });
      await addLog(client, actor, row.id, 'KIT', `Kit ${k.kitId} created (${k.panelName}, ${k.labName})`);
    },
    /** The visit summary as a secure message from the Actor to the booking's patient (with its message history row). */
    async sendSummaryMessage(html: string) {
      const sent = await client.query<{ id: string }>(
        `INSERT INTO messages (patient_id, from_clinician_id, reference_id, subject, content, message_type, from_actor_type, unread, status)
         VALUES ($1, (SELECT id FROM clinicians WHERE id = $2::uuid), $3, 'Your visit summary', $4, 'DIRECT_MESSAGE', 'C', true, 'DONE') RETURNING id`,
        [row.patientId, actor.sub, row.id, html],
      );
      await messageHistory(client, actor, [sent.rows[0].id], 'SEND');
    },
    /** A mail to the booking's patient, in the write's transaction (its outbox row commits with it), and a log entry. */
    async mail(mailer: Mailer, m: { kind: MailKind; subject: string; text: string; logNote: string }) {
      const sent = await mailer.send(client, { bookingId: row.id, kind: m.kind, to: row.email, subject: m.subject, text: m.text });
      await addLog(client, actor, row.id, 'MESSAGE', m.logNote);
      return { id: row.id, mailId: sent.id, sentAt: sent.sentAt };
    },
  };
}
