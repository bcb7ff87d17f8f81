import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './bookings';
import { kits } from './lab';
import { chartNotes, patients } from './patients';

// The local stand-ins of vendor services: PASS submissions, transcriptions, the storefront and Labcorp uploads.

/** Results sent to PASS through the PASS adapter (local: the payload too; production: PASS's reference). */
export const passSubmissions = pgTable(
  'pass_submissions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kitId: text('kit_id')
      .notNull()
      .references(() => kits.kitId),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    resultStatus: text('result_status').notNull(),
    provider: text('provider').notNull(),
    payload: jsonb('payload'),
    providerReference: text('provider_reference'),
    submittedBy: text('submitted_by').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pass_submissions_kit_idx').on(t.kitId, t.submittedAt)],
);

/**
 * Transcriptions of consented visits (spec 2 §3): id is the file UUID the audio is stored under. The audio is PHI:
 * deleted on discard and after the retention period (audio_url cleared, audio_deleted_at set); the engine's output and summary are kept
 * with the record. At most one open (recording, uploaded or awaiting) transcription per booking.
 */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
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
    uploadParts: jsonb('upload_parts')
      .$type<{ partNumber: number; etag: string; size: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
  },
  (t) => [
    index('transcriptions_reference_idx').on(t.referenceType, t.referenceId, t.createdAt),
    index('transcriptions_patient_idx').on(t.patientId, t.createdAt),
    uniqueIndex('transcriptions_one_open_uq')
      .on(t.referenceType, t.referenceId)
      .where(sql`status IN ('IN_PROGRESS', 'AUDIO_UPLOADED', 'AWAITING_TRANSCRIBED_OUTPUT')`),
    index('transcriptions_audio_retention_idx')
      .on(t.audioUploadedAt)
      .where(sql`audio_url IS NOT NULL`),
  ],
);

// --- Super-admin panel (migration 0021): the local storefront and Labcorp result uploads.
export const commerceProducts = pgTable('commerce_products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  sortOrder: integer('sort_order').notNull(),
});
export const commerceVariants = pgTable('commerce_variants', {
  id: text('id').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => commerceProducts.id),
  sexAtBirth: text('sex_at_birth').notNull(),
  sortOrder: integer('sort_order').notNull(),
});
export const commerceShippingMethods = pgTable('commerce_shipping_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});
export const commerceOrders = pgTable('commerce_orders', {
  id: text('id').primaryKey(),
  number: bigint('number', { mode: 'number' }).notNull(),
  variantId: text('variant_id')
    .notNull()
    .references(() => commerceVariants.id),
  shippingMethodId: text('shipping_method_id')
    .notNull()
    .references(() => commerceShippingMethods.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: jsonb('address').notNull(),
  amountPaid: numeric('amount_paid', { precision: 10, scale: 2 }),
  partnerId: text('partner_id'),
  status: text('status').notNull().default('UNFULFILLED'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export const labcorpResults = pgTable(
  'labcorp_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    patientId: uuid('patient_id').references(() => patients.id),
    resultType: text('result_type').notNull(),
    fileKey: text('file_key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('labcorp_results_order_idx').on(t.orderId, t.createdAt)],
);
