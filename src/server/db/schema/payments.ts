import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

// Payment checkouts, charges and the local gateway's ledger.

// ---------------------------------------------------------------- payments (migration 0022)
/** A checkout of a booking's unpaid products: the amounts the server computed, paid at most once (spec 2 §7 store calls). */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    token: uuid('token')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
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
  },
  (t) => [index('payment_checkouts_booking_idx').on(t.bookingId, t.createdAt)],
);

/** Charges through the payment adapter: the tokeniser's token is kept only as a hash, usable once; one settled per checkout. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    checkoutToken: uuid('checkout_token')
      .notNull()
      .references(() => paymentCheckouts.token),
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
  },
  (t) => [
    uniqueIndex('payments_token_uniq').on(t.paymentTokenSha256),
    uniqueIndex('payments_settled_checkout_uniq')
      .on(t.checkoutToken)
      .where(sql`${t.status} = 'SETTLED'`),
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

/** The local payment adapter's ledger: what the sandbox gateway settled. */
export const sandboxSettlements = pgTable('sandbox_settlements', {
  transactionId: text('transaction_id').primaryKey(),
  invoiceNumber: text('invoice_number').notNull(),
  amountCents: integer('amount_cents').notNull(),
  accountNumber: text('account_number').notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
});
