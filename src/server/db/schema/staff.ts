import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Clinicians, their licences, and the names of signed-in users.

/** Clinician profiles; id is the Cognito `sub` of the signed-in user. */
export const clinicians = pgTable(
  'clinicians',
  {
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
  },
  (t) => [uniqueIndex('clinicians_email_uq').on(t.email)],
);

export const licences = pgTable(
  'licences',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    clinicianId: uuid('clinician_id')
      .notNull()
      .references(() => clinicians.id),
    state: text('state').notNull(),
    licenseId: text('license_id').notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    goodStanding: boolean('good_standing').notNull(),
    acknowledgement: boolean('acknowledgement').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a super admin verified the licence; only verified, valid licences open their state's patients. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by'),
  },
  (t) => [index('licences_clinician_idx').on(t.clinicianId)],
);

/** Signed-in users' names from their token (migration 0029): the PHI access log shows staff and auditors by name. */
export const portalUsers = pgTable('portal_users', {
  sub: text('sub').primaryKey(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
