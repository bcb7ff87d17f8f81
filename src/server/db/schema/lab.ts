import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { patients } from './patients';
import { clinicians } from './staff';

// Kits, shipping manifests, the test compendium, stored files, lab requests, test results and their status history.

export const kits = pgTable(
  'kits',
  {
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
  },
  (t) => [
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
    uniqueIndex('kits_tube_id_unique')
      .on(t.tubeId)
      .where(sql`${t.tubeId} IS NOT NULL`),
  ],
);

/** Kit ids of lab orders placed from the portal (LO0000001, ...). */
export const labOrderKitSeq = pgSequence('lab_order_kit_seq', { startWith: 1 });
/** Shipping manifest numbers (MF-000001, ...). */
export const shippingManifestSeq = pgSequence('shipping_manifest_seq', { startWith: 1 });

/** A shipping manifest: one tracking number for the kits of one care location sent together. */
export const shippingManifests = pgTable(
  'shipping_manifests',
  {
    id: text('id').primaryKey(),
    trackingNumber: text('tracking_number').notNull(),
    provider: text('provider').notNull(),
    careLocation: text('care_location').notNull(),
    comment: text('comment'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipping_manifests_created_idx').on(t.createdAt, t.id),
    index('shipping_manifests_location_created_idx').on(t.careLocation, t.createdAt, t.id),
  ],
);

export const shippingManifestKits = pgTable(
  'shipping_manifest_kits',
  {
    manifestId: text('manifest_id')
      .notNull()
      .references(() => shippingManifests.id),
    kitId: text('kit_id')
      .notNull()
      .references(() => kits.kitId),
  },
  (t) => [
    primaryKey({ columns: [t.manifestId, t.kitId] }),
    // A kit travels in one manifest only.
    uniqueIndex('shipping_manifest_kits_kit_uq').on(t.kitId),
  ],
);

/** Test compendium (spec 1 §3): the panels and individual tests each lab offers, per care location (null: all). */
export const testCompendium = pgTable(
  'test_compendium',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    labName: text('lab_name').notNull(),
    location: text('location'),
    testOrPanelName: text('test_or_panel_name').notNull(),
    panel: boolean('panel').notNull(),
    testCode: text('test_code').notNull(),
    editable: boolean('editable').notNull(),
    specifications: jsonb('specifications')
      .notNull()
      .default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('test_compendium_code_uq').on(t.labName, t.testCode, sql`COALESCE(${t.location}, '')`),
    index('test_compendium_lab_idx').on(t.labName, t.sortOrder),
  ],
);

/**
 * Stored files: the generated key, what the user called it, who uploaded it, and the record (kit, booking, patient)
 * and patient it belongs to: reading a file is reading that record, so access is checked through it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
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
  },
  (t) => [index('stored_files_record_idx').on(t.recordType, t.recordId)],
);

/**
 * The lab lists' sort keys and the kit's patient, copied from the kit, its patient and product and kept by triggers
 * (migration 0045): never written by the application, never shown (the lists show the patient's own record).
 */
const labSortKeys = {
  kitPatientId: uuid('kit_patient_id'),
  patientLastName: text('patient_last_name'),
  patientFirstName: text('patient_first_name'),
  productName: text('product_name'),
};
type LabSortColumns = { [K in keyof typeof labSortKeys | 'patientState' | 'status' | 'kitId']: AnyPgColumn };
/**
 * The sort keys' check (both names NULL together) and indexes: the kit's patient, and one index per sort of the lab
 * lists, each ending with the kit id (those led by the state serve the masked sorts; the partial ones, the records
 * without a patient).
 */
const labSortIndexes = (table: string, t: LabSortColumns) => [
  check(`${table}_sort_names_check`, sql`(${t.patientLastName} IS NULL) = (${t.patientFirstName} IS NULL)`),
  index(`${table}_kit_patient_idx`).on(t.kitPatientId),
  index(`${table}_name_sort_idx`).on(t.patientLastName, t.patientFirstName, t.kitId),
  index(`${table}_product_sort_idx`).on(t.productName, t.kitId),
  index(`${table}_status_sort_idx`).on(t.status, t.kitId),
  index(`${table}_state_sort_idx`).on(t.patientState, t.kitId),
  index(`${table}_state_name_sort_idx`).on(t.patientState, t.patientLastName, t.patientFirstName, t.kitId),
  index(`${table}_state_product_sort_idx`).on(t.patientState, t.productName, t.kitId),
  index(`${table}_state_status_sort_idx`).on(t.patientState, t.status, t.kitId),
  index(`${table}_no_patient_name_sort_idx`)
    .on(t.patientLastName, t.patientFirstName, t.kitId)
    .where(sql`${t.kitPatientId} IS NULL`),
  index(`${table}_no_patient_product_sort_idx`)
    .on(t.productName, t.kitId)
    .where(sql`${t.kitPatientId} IS NULL`),
  index(`${table}_no_patient_status_sort_idx`)
    .on(t.status, t.kitId)
    .where(sql`${t.kitPatientId} IS NULL`),
  index(`${table}_no_patient_state_sort_idx`)
    .on(t.patientState, t.kitId)
    .where(sql`${t.kitPatientId} IS NULL`),
];

export const labRequests = pgTable(
  'lab_requests',
  {
    kitId: text('kit_id')
      .primaryKey()
      .references(() => kits.kitId),
    status: text('status').notNull(),
    clinicianId: uuid('clinician_id').references(() => clinicians.id),
    autoApproved: boolean('auto_approved').notNull().default(false),
    internalNote: text('internal_note'),
    externalNote: text('external_note'),
    /** The patient's state when the kit was registered: the licence rules and My States filter on it. */
    patientState: text('patient_state'),
    ...labSortKeys,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_requests_status_idx').on(t.status, t.createdAt),
    index('lab_requests_clinician_idx').on(t.clinicianId, t.createdAt),
    index('lab_requests_created_idx').on(t.createdAt, t.kitId),
    index('lab_requests_state_idx').on(t.patientState, t.createdAt),
    ...labSortIndexes('lab_requests', t),
  ],
);

export const testResults = pgTable(
  'test_results',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kitId: text('kit_id')
      .notNull()
      .references(() => kits.kitId),
    status: text('status').notNull(),
    clinicianId: uuid('clinician_id').references(() => clinicians.id),
    results: jsonb('results')
      .notNull()
      .default(sql`'[]'::jsonb`),
    internalNotes: text('internal_notes'),
    externalNotes: text('external_notes'),
    notesReleasedAt: timestamp('notes_released_at', { withTimezone: true }),
    /** The results were replaced after the notes to the patient were written: Send Results waits until they are saved again. */
    notesNeedReview: boolean('notes_need_review').notNull().default(false),
    attachments: jsonb('attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    resultFileUrl: text('result_file_url'),
    patientState: text('patient_state'),
    ...labSortKeys,
    /** The kit's care location, copied so dashboard counts filter without a join. */
    careLocation: text('care_location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_results_kit_uq').on(t.kitId),
    index('test_results_status_idx').on(t.status, t.createdAt.desc(), t.kitId), // migration 0025
    index('test_results_clinician_idx').on(t.clinicianId, t.createdAt),
    index('test_results_created_idx').on(t.createdAt, t.kitId),
    index('test_results_state_idx').on(t.patientState, t.createdAt),
    index('test_results_status_location_state_idx').on(t.status, t.careLocation, t.patientState),
    ...labSortIndexes('test_results', t),
  ],
);

/** Every status transition of a lab request, lab result, kit or booking: who, when, from, to, comment. */
export const recordHistory = pgTable(
  'record_history',
  {
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
  },
  (t) => [index('record_history_entity_idx').on(t.entityType, t.entityId, t.at)],
);
