import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

// Session revocations, idempotency keys, the seed marker, the mail outbox and local content pages.

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
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
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
  },
  (t) => [primaryKey({ columns: [t.actorSub, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Marks what the demo seed has done, so a restart keeps the data. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  rows: integer('rows').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
  details: jsonb('details'),
});

/** Mails sent through the mail adapter (local: the body too; production: the provider's message id). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: text('booking_id').references(() => bookings.id),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_booking_idx').on(t.bookingId, t.sentAt)],
);

/** Local content service pages (the CMS stand-in): page name -> attributes JSON. */
export const contentPages = pgTable('content_pages', {
  page: text('page').primaryKey(),
  attributes: jsonb('attributes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
