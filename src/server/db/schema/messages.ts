import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './lab';
import { patients } from './patients';
import { clinicians } from './staff';

// Secure messages, their read marks, annotations, attachments, and clinicians' message templates.

export const messages = pgTable(
  'messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    parentId: uuid('parent_id'),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    /** null: sent to the shared clinician mailbox. */
    toClinicianId: uuid('to_clinician_id').references(() => clinicians.id),
    /** Set when a clinician wrote to the patient. */
    fromClinicianId: uuid('from_clinician_id').references(() => clinicians.id),
    /** What the message is about: a kit id or test result id. */
    referenceId: text('reference_id'),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    messageType: text('message_type').notNull(),
    fromActorType: text('from_actor_type').notNull(),
    unread: boolean('unread').notNull().default(true),
    status: text('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Secure messages (migration 0018): the portal user who sent it, CC groups, reply rights, who replied and read
    // first, the latest annotation (its history is message_annotations).
    fromSub: text('from_sub'),
    fromName: text('from_name'),
    senderSub: text('sender_sub').generatedAlwaysAs(sql`COALESCE(from_sub, from_clinician_id::text)`),
    ccGroups: text('cc_groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    replyAllowed: boolean('reply_allowed').notNull().default(true),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: text('read_by'),
    latestComment: text('latest_comment'),
    latestCommentBy: text('latest_comment_by'),
  },
  (t) => [
    index('messages_to_unread_idx').on(t.toClinicianId, t.unread),
    index('messages_created_idx').on(t.createdAt),
    index('messages_inbox_idx').on(t.fromActorType, t.createdAt.desc(), t.id),
    index('messages_to_created_idx').on(t.toClinicianId, t.createdAt.desc()),
    index('messages_sender_created_idx').on(t.senderSub, t.createdAt.desc()),
    index('messages_patient_created_idx').on(t.patientId, t.createdAt.desc()),
    index('messages_parent_idx').on(t.parentId, t.createdAt),
    // Migration 0032 (SQL only): messages_inbox_cover_idx, (created_at DESC, id) INCLUDE (to_clinician_id, cc_groups,
    // replied_at, patient_id) WHERE from_actor_type = 'P', and the counters message_inbox_counts / message_read_counts
    // kept by triggers (the inbox's total and the new-message count).
  ],
);

/** Per-user read marks of secure messages (opening a message marks it read for that user only). */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id),
    userSub: text('user_sub').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'message_reads_pk', columns: [t.messageId, t.userSub] }), index('message_reads_user_idx').on(t.userSub, t.messageId)],
);

/** Status annotations of messages (spec 3 §3 message annotation): every one kept, the latest copied onto the message. */
export const messageAnnotations = pgTable(
  'message_annotations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    status: text('status').notNull(),
    comment: text('comment').notNull(),
    authorSub: text('author_sub').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_annotations_message_idx').on(t.messageId, t.createdAt)],
);

/** Uploaded files (category MESSAGE_ATTACHMENTS) linked once to a message and its patient. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    fileKey: text('file_key')
      .primaryKey()
      .references(() => storedFiles.key),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    name: text('name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/** A clinician's own message templates (spec 3 §3). */
export const clinicianTemplates = pgTable(
  'clinician_templates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    clinicianId: uuid('clinician_id')
      .notNull()
      .references(() => clinicians.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clinician_templates_owner_idx').on(t.clinicianId, t.updatedAt)],
);
