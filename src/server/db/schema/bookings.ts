import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { kits } from './lab';
import { patients } from './patients';
import { clinicians } from './staff';

// Bookings, the calendar projection, orders, booking products, the booking log and booking services.

export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
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
    selfCheckInSteps: text('self_check_in_steps')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    identityVerified: boolean('identity_verified'),
    documentKeys: jsonb('document_keys')
      .notNull()
      .default(sql`'{}'::jsonb`),
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
  },
  (t) => [
    index('bookings_start_idx').on(t.startAt),
    index('bookings_status_idx').on(t.status),
    index('bookings_clinician_idx').on(t.clinicianId, t.startAt),
    index('bookings_patient_idx').on(t.patientId),
    index('bookings_patient_start_idx').on(t.patientId, t.startAt),
  ],
);

/** The calendar's event projection (migration 0030): kept by triggers on bookings, patients and clinicians; read-only here. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    bookingId: text('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
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
  },
  (t) => [index('calendar_events_patient_idx').on(t.patientId)],
);

export const orders = pgTable(
  'orders',
  {
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
  },
  (t) => [
    index('orders_status_idx').on(t.status, t.createdAt),
    // Order report (newest first, paged) and orders by status per care location.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_patient_created_idx').on(t.patientId, t.createdAt, t.id),
    index('orders_status_location_created_idx').on(t.status, t.careLocation, t.createdAt, t.id),
  ],
);

/** Products on a booking (spec 2 §3); money in cents. */
export const bookingProducts = pgTable(
  'booking_products',
  {
    uniqueId: uuid('unique_id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
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
  },
  (t) => [index('booking_products_booking_idx').on(t.bookingId, t.createdAt)],
);

/** The booking log / timeline (spec 2 §3): who wrote what when; kind says what changed. */
export const bookingLog = pgTable(
  'booking_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: text('kind').notNull(),
    note: text('note').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_log_booking_idx').on(t.bookingId, t.createdAt)],
);

/** The store's booking services (GET /api/cms/bookingServices): groups of products, per state or for all (null). */
export const bookingServices = pgTable(
  'booking_services',
  {
    id: text('id').primaryKey(),
    stateCode: text('state_code'),
    groupTitle: text('group_title').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    variantId: text('variant_id'),
    variantName: text('variant_name'),
    priceCents: integer('price_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('booking_services_state_idx').on(t.stateCode, t.sortOrder)],
);

/** Booking-made kits (POST /orderKit): KB0000001, ... */
export const bookingKitSeq = pgSequence('booking_kit_seq', { startWith: 1 });
