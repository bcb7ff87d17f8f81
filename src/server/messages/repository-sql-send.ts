import type { MessageStatus } from '../../domain/messages/secure-messages';
import type { Actor } from '../auth/actor';
import { scopeSql } from '../auth/scope';
import { Params, type Db } from './repository-sql';
import { prepared } from '../db/prepared';

/**
 * The SQL of writing secure messages (used by repository.ts only): a new message and its attachments, read and replied
 * marks, annotations, and the compose screen's recipient search. Every value is a bound parameter.
 */

/** Marks a message read for one user; the first reader is kept on the message (readDateTime, readBy). */
export async function markRead(db: Db, messageId: string, sub: string, name: string): Promise<void> {
  await db.query(`INSERT INTO message_reads (message_id, user_sub) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [messageId, sub]);
  await db.query(`UPDATE messages SET unread = false, read_at = COALESCE(read_at, now()), read_by = COALESCE(read_by, $2) WHERE id = $1`, [
    messageId,
    name,
  ]);
}

export async function addAnnotations(
  db: Db,
  rows: { id: string; patientId: string }[],
  a: { status: MessageStatus; comment: string; authorSub: string; authorName: string },
) {
  await db.query(
    `INSERT INTO message_annotations (message_id, patient_id, status, comment, author_sub, author_name)
    SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS u(message_id, patient_id), (VALUES ($3, $4, $5, $6)) AS v(status, comment, author_sub, author_name)`,
    [rows.map((r) => r.id), rows.map((r) => r.patientId), a.status, a.comment, a.authorSub, a.authorName],
  );
  await db.query(`UPDATE messages SET status = $2, latest_comment = $3, latest_comment_by = $4 WHERE id = ANY($1::uuid[])`, [
    rows.map((r) => r.id),
    a.status,
    a.comment,
    a.authorName,
  ]);
}

/** A patient, for a new message: its state (the scope and the reply right), name and e-mail. */
export async function patientOf(db: Db, patientId: string) {
  const { rows } = await db.query<{ id: string; state: string | null; firstName: string; lastName: string; email: string | null }>(
    prepared(`SELECT id, state, first_name AS "firstName", last_name AS "lastName", email FROM patients WHERE id = $1`, [patientId]),
  );
  return rows[0] ?? null;
}

/** Message attachments the sender uploaded and that no message uses yet, locked for linking. */
export async function unlinkedUploads(db: Db, keys: string[], uploadedBy: string, patientId: string) {
  const { rows } = await db.query<{ key: string; name: string; size: number }>(
    `SELECT f.key, f.original_name AS name, f.size_bytes AS size FROM stored_files f
      WHERE f.key = ANY($1::text[]) AND f.category = 'MESSAGE_ATTACHMENTS' AND f.uploaded_by = $2 AND f.patient_id = $3
        AND NOT EXISTS (SELECT 1 FROM message_attachments a WHERE a.file_key = f.key) FOR UPDATE OF f`,
    [keys, uploadedBy, patientId],
  );
  return rows;
}

export interface NewMessage {
  parentId: string | null;
  patientId: string;
  subject: string;
  content: string;
  messageType: string;
  fromSub: string;
  fromName: string;
  ccGroups: string[];
}

/** A sent message, already read by its sender, in one statement; answers its id. */
export async function insertMessage(db: Db, m: NewMessage): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    prepared(
      `WITH sent AS (
       INSERT INTO messages (parent_id, patient_id, from_clinician_id, from_sub, from_name, subject, content, message_type, from_actor_type,
         unread, cc_groups, reply_allowed)
       VALUES ($1, $2, (SELECT id FROM clinicians WHERE id::text = $3), $3, $4, $5, $6, $7, 'C', false, $8, true) RETURNING id)
     INSERT INTO message_reads (message_id, user_sub) SELECT id, $3 FROM sent RETURNING message_id AS id`,
      [m.parentId, m.patientId, m.fromSub, m.fromName, m.subject, m.content, m.messageType, m.ccGroups],
    ),
  );
  return rows[0].id;
}

export async function linkAttachments(db: Db, messageId: string, patientId: string, files: { key: string; name: string; size: number }[]) {
  if (!files.length) return;
  await db.query(
    `INSERT INTO message_attachments (file_key, message_id, patient_id, name, size_bytes)
    SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::int[])`,
    [files.map((f) => f.key), files.map(() => messageId), files.map(() => patientId), files.map((f) => f.name), files.map((f) => f.size)],
  );
}

/** Marks a message (and its thread root) as replied to by this user; false when it changed meanwhile. */
export async function markReplied(db: Db, ids: string[], name: string): Promise<void> {
  await db.query(`UPDATE messages SET replied_at = now(), replied_by = $2 WHERE id = ANY($1::uuid[]) AND from_actor_type = 'P'`, [ids, name]);
}

/** Recipient search of the compose screen: patients in the viewer's scope only (masked fields are never searched). */
export async function searchPatients(db: Db, actor: Actor, type: 'patient_email' | 'patient_dob' | 'patient_name', term: string) {
  const p = new Params();
  const scope = scopeSql(actor, p.bind);
  const t = p.bind(term);
  const condition =
    type === 'patient_email'
      ? `lower(p.email) LIKE ${t} || '%'`
      : type === 'patient_dob'
        ? `to_char(p.dob, 'YYYY-MM-DD') LIKE ${t} || '%'`
        : `(lower(p.first_name) LIKE ${t} || '%' OR lower(p.last_name) LIKE ${t} || '%' OR lower(p.first_name || ' ' || p.last_name) LIKE ${t} || '%')`;
  const { rows } = await db.query<{
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    dob: string | null;
    state: string | null;
  }>(
    `SELECT p.id, p.first_name AS "firstName", p.last_name AS "lastName", p.email, to_char(p.dob, 'YYYY-MM-DD') AS dob, p.state
       FROM patients p WHERE ${scope.onlyInScope(condition, 'p.state')} ORDER BY p.last_name, p.first_name, p.id LIMIT 20`,
    p.values,
  );
  return rows;
}
