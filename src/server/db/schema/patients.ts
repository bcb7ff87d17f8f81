import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Patients, their event history and chart notes.

export const patients = pgTable(
  'patients',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
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
  },
  (t) => [
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
    // One prescribing id per patient (migration 0024).
    uniqueIndex('patients_photon_erx_patient_id_uq')
      .on(t.photonErxPatientId)
      .where(sql`${t.photonErxPatientId} IS NOT NULL`),
  ],
);

/** A patient's event history (spec 3 §3 Event): the profile's History tab, newest first. */
export const patientEvents = pgTable(
  'patient_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    eventType: text('event_type').notNull(),
    actorType: text('actor_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patient_events_patient_idx').on(t.patientId, t.createdAt, t.id)],
);

/** Chart notes (spec 1 §3): rich text, sanitized before it is stored; author from the signed-in user. */
export const chartNotes = pgTable(
  'chart_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    personId: uuid('person_id')
      .notNull()
      .references(() => patients.id),
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
  },
  (t) => [
    index('chart_notes_person_idx').on(t.personId, t.createdAt),
    index('chart_notes_amends_idx').on(t.amendsNoteId),
    index('chart_notes_reference_idx').on(t.referenceType, t.referenceId, t.createdAt),
    index('chart_notes_draft_idx').on(t.authorId, t.personId, t.status, t.updatedAt),
  ],
);
