import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, date, index, integer, jsonb, numeric, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/** Clinician profiles; id is the Cognito `sub` of the signed-in user. */
export const clinicians = pgTable('clinicians', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  status: text('status').notNull().default('ACTIVE'),
  state: text('state'),
  timezone: text('timezone'),
  calendarLink: text('calendar_link'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // personal information (spec 3 §3; migration 0020)
  middleName: text('middle_name'),
  dob: date('dob', { mode: 'string' }),
  funFact: text('fun_fact'),
  personalEmail: text('personal_email'),
  tbdEmail: text('tbd_email'),
  mobile: text('mobile'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  zip: text('zip'),
}, (t) => [uniqueIndex('clinicians_email_uq').on(t.email)]);

export const licences = pgTable('licences', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  clinicianId: uuid('clinician_id').notNull().references(() => clinicians.id),
  state: text('state').notNull(),
  licenseId: text('license_id').notNull(),
  expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
  goodStanding: boolean('good_standing').notNull(),
  acknowledgement: boolean('acknowledgement').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a super admin verified the licence (beyond the spec; unverified licences still count). */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  verifiedBy: text('verified_by'),
}, (t) => [index('licences_clinician_idx').on(t.clinicianId)]);

export const patients = pgTable('patients', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  preferredName: text('preferred_name'),
  email: text('email').notNull(),
  phone: text('phone'),
  dob: date('dob', { mode: 'string' }),
  gender: text('gender'),
  genderAtBirth: text('gender_at_birth'),
  pronoun: text('pronoun'),
  allergies: text('allergies'),
  symptoms: text('symptoms'),
  medication: text('medication'),
  street: text('street'),
  street2: text('street2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  /** Mobile number (10 digits); phone above may also be 11 digits with a leading 1. */
  mobile: text('mobile'),
  /** Whether the patient has a TBD account (isOnboardTbd); without one: sign-up link, no visit summary. */
  hasAccount: boolean('has_account').notNull().default(true),
  /** A member of PASS, the partner testing programme for performers (spec 3 §3 passMember). */
  passMember: boolean('pass_member').notNull().default(false),
  /** The member consents to share released results with PASS (spec 2 §3 shareWIthPass). */
  shareWithPass: boolean('share_with_pass').notNull().default(false),
  // Demographics of the profile's basic-details card (spec 3 §3, §9 option lists), its picture and e-prescribing id.
  genderIdentity: text('gender_identity'),
  race: text('race'),
  ethnicity: text('ethnicity'),
  sexualOrientation: text('sexual_orientation'),
  profilePicKey: text('profile_pic_key'),
  photonErxPatientId: text('photon_erx_patient_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('patients_state_idx').on(t.state),
  index('patients_last_name_idx').on(sql`lower(${t.lastName})`),
  index('patients_email_idx').on(sql`lower(${t.email})`),
  index('patients_phone_idx').on(t.phone),
  index('patients_dob_idx').on(t.dob),
  // Prefix search of patients by name or e-mail (kit lists' q): LIKE 'abc%' on lower(...) under any collation.
  index('patients_first_name_prefix_idx').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
  index('patients_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
  index('patients_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
  index('patients_full_name_prefix_idx').using('btree', sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
  // Patient search (spec 3 §5): each name word starts the first, last or preferred name; the phone's last 10 digits.
  index('patients_preferred_name_prefix_idx').using('btree', sql`lower(${t.preferredName}) text_pattern_ops`),
  index('patients_phone_last10_idx').using('btree', sql`(right(regexp_replace(coalesce(${t.phone}, ''), '\\D', '', 'g'), 10)) text_pattern_ops`),
  index('patients_sort_name_idx').on(t.lastName, t.firstName, t.id),
  // One prescribing id per patient (issue 21, migration 0024).
  uniqueIndex('patients_photon_erx_patient_id_uq').on(t.photonErxPatientId).where(sql`${t.photonErxPatientId} IS NOT NULL`),
]);

/** A patient's event history (spec 3 §3 Event): the profile's History tab, newest first. */
export const patientEvents = pgTable('patient_events', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  eventType: text('event_type').notNull(),
  actorType: text('actor_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('patient_events_patient_idx').on(t.patientId, t.createdAt, t.id)]);

export const kits = pgTable('kits', {
  kitId: text('kit_id').primaryKey(),
  patientId: uuid('patient_id').references(() => patients.id),
  bookingId: text('booking_id'),
  productName: text('product_name').notNull(),
  labName: text('lab_name').notNull(),
  requisitionId: text('requisition_id'),
  status: text('status').notNull(),
  careLocation: text('care_location').notNull(),
  registrationDate: timestamp('registration_date', { withTimezone: true }).notNull().defaultNow(),
  sampleTakenDate: timestamp('sample_taken_date', { withTimezone: true }),
  receivedDate: timestamp('received_date', { withTimezone: true }),
  shipManifestNum: text('ship_manifest_num'),
  /** Covid test-tube serial number (M19 kit family). */
  tubeId: text('tube_id'),
  /** The patient's state at registration (licence rules and state filters). */
  patientState: text('patient_state'),
  /** Lab orders: the selected panels/tests (canonical compendium entries) and their display name. */
  panelName: text('panel_name'),
  panelTestSpecifications: jsonb('panel_test_specifications'),
  /** Lab orders: what the order was placed from (refIdType BOOKING_ID: a booking id). */
  refId: text('ref_id'),
  refIdType: text('ref_id_type'),
  /** The stored sample label PDF (object-storage url) and a hash of what it prints, to know when it is stale. */
  sampleLabelUrl: text('sample_label_url'),
  sampleLabelFingerprint: text('sample_label_fingerprint'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('kits_status_created_idx').on(t.status, t.createdAt.desc(), t.kitId), // migration 0025
  index('kits_patient_idx').on(t.patientId),
  index('kits_patient_registration_idx').on(t.patientId, t.registrationDate),
  // Booking detail: the kits made from a booking.
  index('kits_booking_idx').on(t.bookingId),
  index('kits_location_status_idx').on(t.careLocation, t.status),
  index('kits_status_location_state_idx').on(t.status, t.careLocation, t.patientState),
  // Manage Lab Order: kits of one status in one care location, newest first, paged.
  index('kits_status_location_created_idx').on(t.status, t.careLocation, t.createdAt, t.kitId),
  // One tube serial belongs to one kit (a second registration is a 409, also under concurrent requests).
  uniqueIndex('kits_tube_id_unique').on(t.tubeId).where(sql`${t.tubeId} IS NOT NULL`),
]);

/** Kit ids of lab orders placed from the portal (LO0000001, ...). */
export const labOrderKitSeq = pgSequence('lab_order_kit_seq', { startWith: 1 });
/** Shipping manifest numbers (MF-000001, ...). */
export const shippingManifestSeq = pgSequence('shipping_manifest_seq', { startWith: 1 });

/** A shipping manifest: one tracking number for the kits of one care location sent together. */
export const shippingManifests = pgTable('shipping_manifests', {
  id: text('id').primaryKey(),
  trackingNumber: text('tracking_number').notNull(),
  provider: text('provider').notNull(),
  careLocation: text('care_location').notNull(),
  comment: text('comment'),
  createdBy: text('created_by').notNull(),
  createdByName: text('created_by_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('shipping_manifests_created_idx').on(t.createdAt, t.id),
  index('shipping_manifests_location_created_idx').on(t.careLocation, t.createdAt, t.id),
]);

export const shippingManifestKits = pgTable('shipping_manifest_kits', {
  manifestId: text('manifest_id').notNull().references(() => shippingManifests.id),
  kitId: text('kit_id').notNull().references(() => kits.kitId),
}, (t) => [
  primaryKey({ columns: [t.manifestId, t.kitId] }),
  // A kit travels in one manifest only.
  uniqueIndex('shipping_manifest_kits_kit_uq').on(t.kitId),
]);

/** Test compendium (spec 1 §3): the panels and individual tests each lab offers, per care location (null: all). */
export const testCompendium = pgTable('test_compendium', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  labName: text('lab_name').notNull(),
  location: text('location'),
  testOrPanelName: text('test_or_panel_name').notNull(),
  panel: boolean('panel').notNull(),
  testCode: text('test_code').notNull(),
  editable: boolean('editable').notNull(),
  specifications: jsonb('specifications').notNull().default(sql`'[]'::jsonb`),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [
  uniqueIndex('test_compendium_code_uq').on(t.labName, t.testCode, sql`COALESCE(${t.location}, '')`),
  index('test_compendium_lab_idx').on(t.labName, t.sortOrder),
]);

/**
 * Stored files: the generated key, what the user called it, who uploaded it, and the record (kit, booking, patient)
 * and patient it belongs to: reading a file is reading that record, so access is checked through it.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  category: text('category').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  patientId: uuid('patient_id').references(() => patients.id),
  recordType: text('record_type'),
  recordId: text('record_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('stored_files_record_idx').on(t.recordType, t.recordId)]);

export const labRequests = pgTable('lab_requests', {
  kitId: text('kit_id').primaryKey().references(() => kits.kitId),
  status: text('status').notNull(),
  clinicianId: uuid('clinician_id').references(() => clinicians.id),
  autoApproved: boolean('auto_approved').notNull().default(false),
  internalNote: text('internal_note'),
  externalNote: text('external_note'),
  /** The patient's state when the kit was registered: the licence rules and My States filter on it. */
  patientState: text('patient_state'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('lab_requests_status_idx').on(t.status, t.createdAt),
  index('lab_requests_clinician_idx').on(t.clinicianId, t.createdAt),
  index('lab_requests_created_idx').on(t.createdAt, t.kitId),
  index('lab_requests_state_idx').on(t.patientState, t.createdAt),
]);

export const testResults = pgTable('test_results', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  kitId: text('kit_id').notNull().references(() => kits.kitId),
  status: text('status').notNull(),
  clinicianId: uuid('clinician_id').references(() => clinicians.id),
  results: jsonb('results').notNull().default(sql`'[]'::jsonb`),
  internalNotes: text('internal_notes'),
  externalNotes: text('external_notes'),
  notesReleasedAt: timestamp('notes_released_at', { withTimezone: true }),
  /** The results were replaced after the notes to the patient were written: Send Results waits until they are saved again. */
  notesNeedReview: boolean('notes_need_review').notNull().default(false),
  attachments: jsonb('attachments').notNull().default(sql`'[]'::jsonb`),
  resultFileUrl: text('result_file_url'),
  patientState: text('patient_state'),
  /** The kit's care location, copied so dashboard counts filter without a join. */
  careLocation: text('care_location'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('test_results_kit_uq').on(t.kitId),
  index('test_results_status_idx').on(t.status, t.createdAt.desc(), t.kitId), // migration 0025
  index('test_results_clinician_idx').on(t.clinicianId, t.createdAt),
  index('test_results_created_idx').on(t.createdAt, t.kitId),
  index('test_results_state_idx').on(t.patientState, t.createdAt),
  index('test_results_status_location_state_idx').on(t.status, t.careLocation, t.patientState),
]);

/** Every status transition of a lab request, lab result, kit or booking: who, when, from, to, comment. */
export const recordHistory = pgTable('record_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  actorSub: text('actor_sub').notNull(),
  actorName: text('actor_name'),
  comment: text('comment'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('record_history_entity_idx').on(t.entityType, t.entityId, t.at)]);

export const bookings = pgTable('bookings', {
  id: text('id').primaryKey(),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  clinicianId: uuid('clinician_id').references(() => clinicians.id),
  careType: text('care_type').notNull(),
  careLocation: text('care_location').notNull(),
  status: text('status').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }),
  timezone: text('timezone').notNull(),
  tag: text('tag'),
  /** Booking detail (spec 2 §3). */
  customerNotes: text('customer_notes'),
  intakeLink: text('intake_link'),
  meetingUrl: text('meeting_url'),
  meetingPwd: text('meeting_pwd'),
  consultMedium: text('consult_medium'),
  plannedMins: integer('planned_mins'),
  actualMins: integer('actual_mins'),
  calComUniqueId: text('cal_com_unique_id'),
  isReturning: boolean('is_returning').notNull().default(false),
  /** Self check-in: done steps, the identity review (null pending) and the identity document object keys. */
  selfCheckInSteps: text('self_check_in_steps').array().notNull().default(sql`'{}'::text[]`),
  identityVerified: boolean('identity_verified'),
  documentKeys: jsonb('document_keys').notNull().default(sql`'{}'::jsonb`),
  /** Pre-marked no-show / cancel (more than 40 minutes ahead): when, and whether as a no-show. */
  preMarkedAt: timestamp('pre_marked_at', { withTimezone: true }),
  preMarkedNoShow: boolean('pre_marked_no_show'),
  /** Complete clinical service / complete booking. */
  clinicalServiceMins: integer('clinical_service_mins'),
  clinicalServiceNotes: text('clinical_service_notes'),
  actualEndAt: timestamp('actual_end_at', { withTimezone: true }),
  closingNotes: text('closing_notes'),
  paymentMode: text('payment_mode'),
  paymentAmountCents: integer('payment_amount_cents'),
  paymentRefId: text('payment_ref_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('bookings_start_idx').on(t.startAt),
  index('bookings_status_idx').on(t.status),
  index('bookings_clinician_idx').on(t.clinicianId, t.startAt),
  index('bookings_patient_idx').on(t.patientId),
  index('bookings_patient_start_idx').on(t.patientId, t.startAt),
]);

/** The calendar's event projection (migration 0030): kept by triggers on bookings, patients and clinicians; read-only here. */
export const calendarEvents = pgTable('calendar_events', {
  bookingId: text('booking_id').primaryKey().references(() => bookings.id, { onDelete: 'cascade' }),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  status: text('status').notNull(),
  tag: text('tag'),
  clinicianId: uuid('clinician_id'),
  clinicianName: text('clinician_name'),
  careType: text('care_type').notNull(),
  careLocation: text('care_location').notNull(),
  timezone: text('timezone').notNull(),
  patientId: uuid('patient_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  state: text('state'),
}, (t) => [index('calendar_events_patient_idx').on(t.patientId)]);

export const orders = pgTable('orders', {
  id: text('id').primaryKey(),
  kitId: text('kit_id').references(() => kits.kitId),
  patientId: uuid('patient_id').references(() => patients.id),
  status: text('status').notNull(),
  email: text('email').notNull(),
  vendor: text('vendor').notNull(),
  careLocation: text('care_location').notNull(),
  /** Postal tracking links of the kit's way to the patient (outbound) and the sample's way back (inbound). */
  inboundTracking: text('inbound_tracking'),
  outboundTracking: text('outbound_tracking'),
  /** The product of an order placed before any kit exists (the super-admin panel's storefront orders). */
  productName: text('product_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('orders_status_idx').on(t.status, t.createdAt),
  // Order report (newest first, paged) and orders by status per care location.
  index('orders_created_idx').on(t.createdAt, t.id),
  index('orders_patient_created_idx').on(t.patientId, t.createdAt, t.id),
  index('orders_status_location_created_idx').on(t.status, t.careLocation, t.createdAt, t.id),
]);

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  parentId: uuid('parent_id'),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
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
  ccGroups: text('cc_groups').array().notNull().default(sql`'{}'::text[]`),
  replyAllowed: boolean('reply_allowed').notNull().default(true),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  repliedBy: text('replied_by'),
  readAt: timestamp('read_at', { withTimezone: true }),
  readBy: text('read_by'),
  latestComment: text('latest_comment'),
  latestCommentBy: text('latest_comment_by'),
}, (t) => [
  index('messages_to_unread_idx').on(t.toClinicianId, t.unread),
  index('messages_created_idx').on(t.createdAt),
  index('messages_inbox_idx').on(t.fromActorType, t.createdAt.desc(), t.id),
  index('messages_to_created_idx').on(t.toClinicianId, t.createdAt.desc()),
  index('messages_sender_created_idx').on(t.senderSub, t.createdAt.desc()),
  index('messages_patient_created_idx').on(t.patientId, t.createdAt.desc()),
  index('messages_parent_idx').on(t.parentId, t.createdAt),
]);

/** Per-user read marks of secure messages (opening a message marks it read for that user only). */
export const messageReads = pgTable('message_reads', {
  messageId: uuid('message_id').notNull().references(() => messages.id),
  userSub: text('user_sub').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'message_reads_pk', columns: [t.messageId, t.userSub] }), index('message_reads_user_idx').on(t.userSub, t.messageId)]);

/** Status annotations of messages (spec 3 §3 message annotation): every one kept, the latest copied onto the message. */
export const messageAnnotations = pgTable('message_annotations', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  messageId: uuid('message_id').notNull().references(() => messages.id),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  status: text('status').notNull(),
  comment: text('comment').notNull(),
  authorSub: text('author_sub').notNull(),
  authorName: text('author_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('message_annotations_message_idx').on(t.messageId, t.createdAt)]);

/** Uploaded files (category MESSAGE_ATTACHMENTS) linked once to a message and its patient. */
export const messageAttachments = pgTable('message_attachments', {
  fileKey: text('file_key').primaryKey().references(() => storedFiles.key),
  messageId: uuid('message_id').notNull().references(() => messages.id),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  name: text('name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('message_attachments_message_idx').on(t.messageId)]);

/**
 * Append-only PHI access log, one row per request (the interaction): when (UTC), who, what, which route, every
 * entity and patient id it returned or changed, outcome, request id, client. No PHI values. Rows are hash-chained:
 * the server inserts content_hash; the audit_seal() function (migration 0012) fills chain_seq, prev_hash and
 * row_hash later. The runtime role may only INSERT and SELECT (see src/server/audit/chain.ts).
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  actorSub: text('actor_sub').notNull(),
  action: text('action').notNull(),
  route: text('route'),
  method: text('method').notNull(),
  entityType: text('entity_type'),
  entityIds: text('entity_ids').array().notNull().default(sql`'{}'::text[]`),
  patientIds: uuid('patient_ids').array().notNull().default(sql`'{}'::uuid[]`),
  outcome: text('outcome').notNull(),
  statusCode: integer('status_code'),
  requestId: text('request_id').notNull(),
  clientIp: text('client_ip'),
  userAgent: text('user_agent'),
  contentHash: text('content_hash').notNull(),
  chainSeq: bigint('chain_seq', { mode: 'number' }),
  prevHash: text('prev_hash'),
  rowHash: text('row_hash'),
  /** The request read or changed a patient through a break-glass session (migration 0026). */
  breakGlass: boolean('break_glass').notNull().default(false),
}, (t) => [
  index('audit_log_at_idx').on(t.at),
  // Sealed rows only (migration 0030): a row is GIN-indexed once, by the sealer; unsealed rows by audit_log_unsealed_idx.
  index('audit_log_patient_ids_idx').using('gin', t.patientIds).where(sql`chain_seq IS NOT NULL`),
  // The PHI access log's filters (migration 0028).
  index('audit_log_actor_at_idx').on(t.actorSub, t.at.desc()),
  index('audit_log_entity_ids_idx').using('gin', t.entityIds).where(sql`chain_seq IS NOT NULL`),
  index('audit_log_action_at_idx').on(t.action, t.at.desc()),
  uniqueIndex('audit_log_chain_seq_uq').on(t.chainSeq),
  index('audit_log_unsealed_idx').on(t.id).where(sql`chain_seq IS NULL`),
  check('audit_log_outcome_ck', sql`outcome IN ('SUCCESS', 'DENIED', 'FAILED')`),
  index('audit_log_break_glass_idx').on(t.id).where(sql`break_glass`),
]);

/** Break-glass sessions (issue 22, migration 0026): one patient outside a clinician's licence states until expires_at. */
export const breakGlassSessions = pgTable('break_glass_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicianId: uuid('clinician_id').notNull().references(() => clinicians.id),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  reason: text('reason').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: text('reviewed_by'),
  reviewNote: text('review_note'),
}, (t) => [
  index('break_glass_clinician_idx').on(t.clinicianId, t.expiresAt),
  index('break_glass_unreviewed_idx').on(t.startedAt).where(sql`reviewed_at IS NULL`),
  check('break_glass_reason_ck', sql`length(btrim(reason)) > 0`),
  check('break_glass_expiry_ck', sql`expires_at > started_at`),
  check('break_glass_review_ck', sql`(reviewed_at IS NULL) = (reviewed_by IS NULL)`),
]);

/**
 * Server-side session revocation: id tokens of this user issued before valid_after are refused (sign-out,
 * INACTIVE, group change), so a token does not outlive the session it belonged to.
 */
export const sessionRevocations = pgTable('session_revocations', {
  sub: text('sub').primaryKey(),
  validAfter: timestamp('valid_after', { withTimezone: true }).notNull(),
});

/**
 * Idempotency keys (http/idempotency.ts): the first answer to a double-submittable write, per user and key, so a
 * repeated key gets that answer instead of a second record. status_code is null while the first is in progress.
 * Kept for a day (the answer can hold patient data like the record itself).
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  actorSub: text('actor_sub').notNull(),
  key: uuid('key').notNull(),
  route: text('route').notNull(),
  requestHash: text('request_hash').notNull(),
  /** The first request's id: a replay's audit row points at it (its row names the records and patients). */
  requestId: text('request_id').notNull(),
  statusCode: integer('status_code'),
  contentType: text('content_type'),
  responseBody: text('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.actorSub, t.key] }),
  index('idempotency_keys_created_idx').on(t.createdAt),
]);

/** Marks what the demo seed has done, so a restart keeps the data. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  rows: integer('rows').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
  details: jsonb('details'),
});

/** Chart notes (spec 1 §3): rich text, sanitized before it is stored; author from the signed-in user. */
export const chartNotes = pgTable('chart_notes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  personId: uuid('person_id').notNull().references(() => patients.id),
  note: text('note').notNull(),
  noteType: text('note_type').notNull(),
  referenceId: text('reference_id'),
  referenceType: text('reference_type'),
  status: text('status').notNull(),
  visibility: text('visibility').notNull(),
  authorId: uuid('author_id').notNull(),
  authorName: text('author_name').notNull(),
  /** A published note is never changed: an amendment is a new note that points at the note it amends. */
  amendsNoteId: uuid('amends_note_id').references((): AnyPgColumn => chartNotes.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('chart_notes_person_idx').on(t.personId, t.createdAt),
  index('chart_notes_amends_idx').on(t.amendsNoteId),
  index('chart_notes_reference_idx').on(t.referenceType, t.referenceId, t.createdAt),
  index('chart_notes_draft_idx').on(t.authorId, t.personId, t.status, t.updatedAt),
]);

/** A clinician's own message templates (spec 3 §3). */
export const clinicianTemplates = pgTable('clinician_templates', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  clinicianId: uuid('clinician_id').notNull().references(() => clinicians.id),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('clinician_templates_owner_idx').on(t.clinicianId, t.updatedAt)]);

/** Local content service pages (the CMS stand-in): page name -> attributes JSON. */
export const contentPages = pgTable('content_pages', {
  page: text('page').primaryKey(),
  attributes: jsonb('attributes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Products on a booking (spec 2 §3); money in cents. */
export const bookingProducts = pgTable('booking_products', {
  uniqueId: uuid('unique_id').primaryKey().default(sql`gen_random_uuid()`),
  bookingId: text('booking_id').notNull().references(() => bookings.id),
  productId: text('product_id').notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  variantId: text('variant_id'),
  variantName: text('variant_name'),
  unitPriceCents: integer('unit_price_cents').notNull(),
  qty: integer('qty').notNull().default(1),
  /** UNPAID, or how it was paid (PAID_CASH, PAID_ONLINE, ...). */
  paymentStatus: text('payment_status').notNull().default('UNPAID'),
  paidCents: integer('paid_cents'),
  reasonOrComment: text('reason_or_comment'),
  discountType: text('discount_type'),
  discountValue: integer('discount_value_cents'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('booking_products_booking_idx').on(t.bookingId, t.createdAt)]);

/** The booking log / timeline (spec 2 §3): who wrote what when; kind says what changed. */
export const bookingLog = pgTable('booking_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bookingId: text('booking_id').notNull().references(() => bookings.id),
  kind: text('kind').notNull(),
  note: text('note').notNull(),
  authorId: text('author_id').notNull(),
  authorName: text('author_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('booking_log_booking_idx').on(t.bookingId, t.createdAt)]);

/** Mails sent through the mail adapter (local: the body too; production: the provider's message id). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  bookingId: text('booking_id').references(() => bookings.id),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body'),
  provider: text('provider').notNull(),
  providerMessageId: text('provider_message_id'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('mail_outbox_booking_idx').on(t.bookingId, t.sentAt)]);

/** The store's booking services (GET /api/cms/bookingServices): groups of products, per state or for all (null). */
export const bookingServices = pgTable('booking_services', {
  id: text('id').primaryKey(),
  stateCode: text('state_code'),
  groupTitle: text('group_title').notNull(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  variantId: text('variant_id'),
  variantName: text('variant_name'),
  priceCents: integer('price_cents').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('booking_services_state_idx').on(t.stateCode, t.sortOrder)]);

/** Booking-made kits (POST /orderKit): KB0000001, ... */
export const bookingKitSeq = pgSequence('booking_kit_seq', { startWith: 1 });

/** Results sent to PASS through the PASS adapter (local: the payload too; production: PASS's reference). */
export const passSubmissions = pgTable('pass_submissions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  kitId: text('kit_id').notNull().references(() => kits.kitId),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  resultStatus: text('result_status').notNull(),
  provider: text('provider').notNull(),
  payload: jsonb('payload'),
  providerReference: text('provider_reference'),
  submittedBy: text('submitted_by').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('pass_submissions_kit_idx').on(t.kitId, t.submittedAt)]);

/**
 * Transcriptions of consented visits (spec 2 §3): id is the file UUID the audio is stored under. The audio is PHI:
 * deleted on discard and after the retention period (audio_url cleared, audio_deleted_at set); the engine's output and summary are kept
 * with the record. At most one open (recording, uploaded or awaiting) transcription per booking.
 */
export const transcriptions = pgTable('transcriptions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  referenceType: text('reference_type').notNull(),
  referenceId: text('reference_id').notNull(),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  source: text('source').notNull(),
  status: text('status').notNull(),
  isConsumed: boolean('is_consumed').notNull().default(false),
  authorSub: text('author_sub').notNull(),
  authorName: text('author_name'),
  authorEmail: text('author_email'),
  /** The stored audio's reference (s3://bucket/key or local://key), the key under the file id. */
  audioUrl: text('audio_url'),
  audioBytes: integer('audio_bytes'),
  audioUploadedAt: timestamp('audio_uploaded_at', { withTimezone: true }),
  audioDeletedAt: timestamp('audio_deleted_at', { withTimezone: true }),
  /** The multipart upload under way (S3 upload id) and its parts [{ partNumber, etag, size }]. */
  uploadId: text('upload_id'),
  uploadParts: jsonb('upload_parts').$type<{ partNumber: number; etag: string; size: number }[]>().notNull().default(sql`'[]'::jsonb`),
  engine: text('engine'),
  engineJobName: text('engine_job_name'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  conversation: jsonb('conversation'),
  summary: jsonb('summary'),
  summaryKind: text('summary_kind'),
  failureReason: text('failure_reason'),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  consumedNoteId: uuid('consumed_note_id').references(() => chartNotes.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('transcriptions_reference_idx').on(t.referenceType, t.referenceId, t.createdAt),
  index('transcriptions_patient_idx').on(t.patientId, t.createdAt),
  uniqueIndex('transcriptions_one_open_uq').on(t.referenceType, t.referenceId)
    .where(sql`status IN ('IN_PROGRESS', 'AUDIO_UPLOADED', 'AWAITING_TRANSCRIBED_OUTPUT')`),
  index('transcriptions_audio_retention_idx').on(t.audioUploadedAt).where(sql`audio_url IS NOT NULL`),
]);

// --- Super-admin panel (issue 18, migration 0021): the local storefront and Labcorp result uploads.
export const commerceProducts = pgTable('commerce_products', {
  id: text('id').primaryKey(), name: text('name').notNull(), kind: text('kind').notNull(), sortOrder: integer('sort_order').notNull(),
});
export const commerceVariants = pgTable('commerce_variants', {
  id: text('id').primaryKey(), productId: text('product_id').notNull().references(() => commerceProducts.id),
  sexAtBirth: text('sex_at_birth').notNull(), sortOrder: integer('sort_order').notNull(),
});
export const commerceShippingMethods = pgTable('commerce_shipping_methods', {
  id: text('id').primaryKey(), name: text('name').notNull(), price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});
export const commerceOrders = pgTable('commerce_orders', {
  id: text('id').primaryKey(), number: bigint('number', { mode: 'number' }).notNull(),
  variantId: text('variant_id').notNull().references(() => commerceVariants.id),
  shippingMethodId: text('shipping_method_id').notNull().references(() => commerceShippingMethods.id),
  firstName: text('first_name').notNull(), lastName: text('last_name').notNull(), email: text('email').notNull(), phone: text('phone').notNull(),
  address: jsonb('address').notNull(), amountPaid: numeric('amount_paid', { precision: 10, scale: 2 }), partnerId: text('partner_id'),
  status: text('status').notNull().default('UNFULFILLED'), createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export const labcorpResults = pgTable('labcorp_results', {
  id: uuid('id').primaryKey().defaultRandom(), orderId: text('order_id').notNull().references(() => orders.id),
  patientId: uuid('patient_id').references(() => patients.id), resultType: text('result_type').notNull(),
  fileKey: text('file_key').notNull(), uploadedBy: text('uploaded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('labcorp_results_order_idx').on(t.orderId, t.createdAt)]);
// ---------------------------------------------------------------- payments (issue 19, migration 0022)

/** A checkout of a booking's unpaid products: the amounts the server computed, paid at most once (spec 2 §7 store calls). */
export const paymentCheckouts = pgTable('payment_checkouts', {
  token: uuid('token').primaryKey().default(sql`gen_random_uuid()`),
  bookingId: text('booking_id').notNull().references(() => bookings.id),
  /** [{uniqueId, dueCents}] of the unpaid products at checkout. */
  lines: jsonb('lines').notNull(),
  netCents: integer('net_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  grossCents: integer('gross_cents').notNull(),
  billing: jsonb('billing').notNull(),
  /** OPEN, then PAID. */
  status: text('status').notNull().default('OPEN'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [index('payment_checkouts_booking_idx').on(t.bookingId, t.createdAt)]);

/** Charges through the payment adapter: the tokeniser's token is kept only as a hash, usable once; one settled per checkout. */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  bookingId: text('booking_id').notNull().references(() => bookings.id),
  checkoutToken: uuid('checkout_token').notNull().references(() => paymentCheckouts.token),
  paymentTokenSha256: text('payment_token_sha256').notNull(),
  provider: text('provider').notNull(),
  /** SETTLED or DECLINED. */
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  transactionId: text('transaction_id'),
  accountNumber: text('account_number'),
  message: text('message'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payments_token_uniq').on(t.paymentTokenSha256),
  uniqueIndex('payments_settled_checkout_uniq').on(t.checkoutToken).where(sql`${t.status} = 'SETTLED'`),
  index('payments_booking_idx').on(t.bookingId, t.createdAt),
]);

/** The local payment adapter's ledger: what the sandbox gateway settled. */
export const sandboxSettlements = pgTable('sandbox_settlements', {
  transactionId: text('transaction_id').primaryKey(),
  invoiceNumber: text('invoice_number').notNull(),
  amountCents: integer('amount_cents').notNull(),
  accountNumber: text('account_number').notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
});
// ---- Local prescribing service (issue 21, migration 0024): the e-prescribing sandbox's formulary, patients,
// prescriptions, orders and fills, in the provider's shapes. Production prescribes through Photon Health instead.
export const erxTreatments = pgTable('erx_treatments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  strength: text('strength').notNull(),
  form: text('form').notNull(),
  dispenseUnit: text('dispense_unit').notNull(),
});

export const erxPatients = pgTable('erx_patients', {
  id: text('id').primaryKey(),
  externalId: uuid('external_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  sex: text('sex').notNull(),
  gender: text('gender'),
  email: text('email').notNull(),
  phone: text('phone'),
  address: jsonb('address').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('erx_patients_external_uq').on(t.externalId),
  check('erx_patients_sex_check', sql`${t.sex} IN ('MALE', 'FEMALE', 'UNKNOWN')`),
]);

export const erxOrders = pgTable('erx_orders', {
  id: text('id').primaryKey(),
  patientId: text('patient_id').notNull().references(() => erxPatients.id),
  state: text('state').notNull(),
  fulfillmentType: text('fulfillment_type').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const erxPrescriptions = pgTable('erx_prescriptions', {
  id: text('id').primaryKey(),
  patientId: text('patient_id').notNull().references(() => erxPatients.id),
  treatmentId: text('treatment_id').notNull().references(() => erxTreatments.id),
  instructions: text('instructions').notNull(),
  notes: text('notes'),
  dispenseQuantity: numeric('dispense_quantity').notNull(),
  fillsAllowed: integer('fills_allowed').notNull(),
  prescriberId: text('prescriber_id').notNull(),
  prescriberName: text('prescriber_name').notNull(),
  state: text('state').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('erx_prescriptions_patient_idx').on(t.patientId, t.writtenAt)]);

export const erxFills = pgTable('erx_fills', {
  id: text('id').primaryKey(),
  prescriptionId: text('prescription_id').notNull().references(() => erxPrescriptions.id),
  orderId: text('order_id').notNull().references(() => erxOrders.id),
  state: text('state').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('erx_fills_prescription_idx').on(t.prescriptionId)]);

/** Signed-in users' names from their token (migration 0029): the PHI access log shows staff and auditors by name. */
export const portalUsers = pgTable('portal_users', {
  sub: text('sub').primaryKey(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
