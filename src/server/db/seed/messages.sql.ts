import { DEMO_MESSAGE_ATTACHMENT_KEYS } from './demo-documents';

/**
 * Secure-message threads on top of the bulk messages (set-based, deterministic): CC copies (CC-only threads for the
 * clinicians group and for staff / operation support), clinician replies (of every message type), some patient
 * follow-ups, per-user read marks, status annotations of replied messages, and two replies with attachments.
 * Runs after BULK_SEED_SQL, in the same transaction (seed_params gives the assignees; [1] is the demo clinician).
 */
export const MESSAGE_SEED_SQL = [
  // The bulk seed addresses patients' messages to the shared mailbox or the two other clinicians: half of the first
  // one's go to the demo clinician, so its inbox has messages sent to it.
  `UPDATE messages SET to_clinician_id = ((SELECT assignees FROM seed_params))[1]
    WHERE to_clinician_id = ((SELECT assignees FROM seed_params))[2] AND abs(hashtext(id::text)) % 2 = 0`,
  `UPDATE messages SET cc_groups = CASE
       WHEN abs(hashtext(id::text)) % 6 = 0 THEN ARRAY['staff', 'operation_support']
       WHEN to_clinician_id IS NOT NULL AND to_clinician_id <> ((SELECT assignees FROM seed_params))[1] AND abs(hashtext(id::text)) % 4 = 1
         THEN ARRAY['clinicians']
       ELSE cc_groups END
    WHERE from_actor_type = 'P' AND parent_id IS NULL`,
  `CREATE TEMP TABLE seed_replies ON COMMIT DROP AS
   SELECT m.id AS root_id, md5('reply-' || m.id)::uuid AS id, COALESCE(m.to_clinician_id, ((SELECT assignees FROM seed_params))[1]) AS clinician_id,
          m.created_at + interval '2 hours' AS created_at
     FROM messages m WHERE m.from_actor_type = 'P' AND m.parent_id IS NULL AND abs(hashtext(m.id::text)) % 5 < 2`,
  `INSERT INTO messages (id, parent_id, patient_id, from_clinician_id, from_sub, from_name, subject, content, message_type, from_actor_type,
     unread, cc_groups, created_at)
   SELECT r.id, r.root_id, m.patient_id, c.id, c.id::text, c.first_name || ' ' || c.last_name, 'Re: ' || m.subject,
          '<p>Thank you for your message. I have reviewed your chart; please see my answer below and reply here with any questions.</p>',
          m.message_type, 'C', false, m.cc_groups, r.created_at
     FROM seed_replies r JOIN messages m ON m.id = r.root_id JOIN clinicians c ON c.id = r.clinician_id`,
  `UPDATE messages m SET replied_at = r.created_at, replied_by = c.first_name || ' ' || c.last_name
     FROM seed_replies r JOIN clinicians c ON c.id = r.clinician_id WHERE m.id = r.root_id`,
  `INSERT INTO messages (id, parent_id, patient_id, to_clinician_id, subject, content, message_type, from_actor_type, unread, cc_groups, created_at)
   SELECT md5('followup-' || r.root_id)::uuid, r.root_id, m.patient_id, m.to_clinician_id, 'Re: ' || m.subject,
          '<p>Thanks, that helps. One more question about the next steps.</p>', m.message_type, 'P', true, m.cc_groups,
          LEAST(r.created_at + interval '30 minutes', now())
     FROM seed_replies r JOIN messages m ON m.id = r.root_id WHERE abs(hashtext(r.root_id::text)) % 3 = 0`,
  // Only messages already replied to carry a status (spec 3 §4); each has its annotation.
  `UPDATE messages SET status = NULL WHERE from_actor_type = 'P' AND replied_at IS NULL`,
  `UPDATE messages SET status = NULL WHERE from_actor_type = 'C'`,
  `INSERT INTO message_annotations (message_id, patient_id, status, comment, author_sub, author_name, created_at)
   SELECT m.id, m.patient_id, m.status, 'Replied to the patient; ' || lower(replace(m.status, '_', ' ')), r.clinician_id::text,
          c.first_name || ' ' || c.last_name, r.created_at + interval '1 hour'
     FROM seed_replies r JOIN messages m ON m.id = r.root_id JOIN clinicians c ON c.id = r.clinician_id WHERE m.status IS NOT NULL`,
  `UPDATE messages m SET latest_comment = a.comment, latest_comment_by = a.author_name FROM message_annotations a WHERE a.message_id = m.id`,
  `INSERT INTO message_reads (message_id, user_sub, read_at)
   SELECT id, COALESCE(to_clinician_id, ((SELECT assignees FROM seed_params))[1])::text, created_at + interval '1 hour'
     FROM messages WHERE from_actor_type = 'P' AND NOT unread`,
  `UPDATE messages m SET read_at = r.read_at, read_by = c.first_name || ' ' || c.last_name
     FROM message_reads r JOIN clinicians c ON c.id::text = r.user_sub WHERE r.message_id = m.id`,
  `INSERT INTO message_reads (message_id, user_sub, read_at) SELECT id, sender_sub, created_at FROM messages WHERE from_actor_type = 'C' AND sender_sub IS NOT NULL
     ON CONFLICT DO NOTHING`,
  `CREATE TEMP TABLE seed_attached ON COMMIT DROP AS
   SELECT r.id AS message_id, m.patient_id, r.clinician_id, row_number() OVER (ORDER BY r.created_at DESC, r.id) AS n
     FROM seed_replies r JOIN messages m ON m.id = r.id WHERE r.clinician_id = ((SELECT assignees FROM seed_params))[1]`,
  `INSERT INTO stored_files (key, category, original_name, content_type, size_bytes, uploaded_by)
   SELECT k.key, 'MESSAGE_ATTACHMENTS', k.name, k.type, k.size, a.clinician_id::text
     FROM seed_attached a JOIN (VALUES ${DEMO_MESSAGE_ATTACHMENT_KEYS.map((d, i) => `(${i + 1}, '${d.key}', '${d.name}', '${d.type}', ${d.size})`).join(', ')})
       AS k(n, key, name, type, size) ON k.n = a.n`,
  `INSERT INTO message_attachments (file_key, message_id, patient_id, name, size_bytes)
   SELECT f.key, a.message_id, a.patient_id, f.original_name, f.size_bytes
     FROM seed_attached a JOIN (VALUES ${DEMO_MESSAGE_ATTACHMENT_KEYS.map((d, i) => `(${i + 1}, '${d.key}')`).join(', ')}) AS k(n, key) ON k.n = a.n
     JOIN stored_files f ON f.key = k.key`,
];
