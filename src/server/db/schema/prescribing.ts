import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// The local prescribing service: formulary, patients, prescriptions, orders and fills.

// ---- Local prescribing service (migration 0024): the e-prescribing sandbox's formulary, patients,
// prescriptions, orders and fills, in the provider's shapes. Production prescribes through Photon Health instead.
export const erxTreatments = pgTable('erx_treatments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  strength: text('strength').notNull(),
  form: text('form').notNull(),
  dispenseUnit: text('dispense_unit').notNull(),
});

export const erxPatients = pgTable(
  'erx_patients',
  {
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
  },
  (t) => [uniqueIndex('erx_patients_external_uq').on(t.externalId), check('erx_patients_sex_check', sql`${t.sex} IN ('MALE', 'FEMALE', 'UNKNOWN')`)],
);

export const erxOrders = pgTable('erx_orders', {
  id: text('id').primaryKey(),
  patientId: text('patient_id')
    .notNull()
    .references(() => erxPatients.id),
  state: text('state').notNull(),
  fulfillmentType: text('fulfillment_type').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const erxPrescriptions = pgTable(
  'erx_prescriptions',
  {
    id: text('id').primaryKey(),
    patientId: text('patient_id')
      .notNull()
      .references(() => erxPatients.id),
    treatmentId: text('treatment_id')
      .notNull()
      .references(() => erxTreatments.id),
    instructions: text('instructions').notNull(),
    notes: text('notes'),
    dispenseQuantity: numeric('dispense_quantity').notNull(),
    fillsAllowed: integer('fills_allowed').notNull(),
    prescriberId: text('prescriber_id').notNull(),
    prescriberName: text('prescriber_name').notNull(),
    state: text('state').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('erx_prescriptions_patient_idx').on(t.patientId, t.writtenAt)],
);

export const erxFills = pgTable(
  'erx_fills',
  {
    id: text('id').primaryKey(),
    prescriptionId: text('prescription_id')
      .notNull()
      .references(() => erxPrescriptions.id),
    orderId: text('order_id')
      .notNull()
      .references(() => erxOrders.id),
    state: text('state').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('erx_fills_prescription_idx').on(t.prescriptionId)],
);
