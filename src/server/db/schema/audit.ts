import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { patients } from './patients';
import { clinicians } from './staff';

// The audit log (append-only, hash-chained) and break-glass sessions.

/**
 * Long id lists of audit rows, stored once per distinct list (migration 0035): hash = sha256 of the canonical
 * [entityIds, patientIds] (auditIdSetHash). Append-only; the view audit_rows resolves a row's lists from here.
 */
export const auditIdSets = pgTable(
  'audit_id_sets',
  {
    hash: text('hash').primaryKey(),
    entityIds: text('entity_ids').array().notNull(),
    patientIds: uuid('patient_ids').array().notNull(),
  },
  (t) => [index('audit_id_sets_patient_ids_idx').using('gin', t.patientIds), index('audit_id_sets_entity_ids_idx').using('gin', t.entityIds)],
);

/**
 * Append-only PHI access log, one row per request (the interaction): when (UTC), who, what, which route, every
 * entity and patient id it returned or changed, outcome, request id, client. No PHI values. Rows are hash-chained:
 * the server inserts content_hash; the audit_seal() function (migration 0012) fills chain_seq, prev_hash and
 * row_hash later. The runtime role may only INSERT and SELECT (see src/server/audit/chain.ts). Read rows through the
 * view audit_rows, which resolves id_set.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorSub: text('actor_sub').notNull(),
    action: text('action').notNull(),
    route: text('route'),
    method: text('method').notNull(),
    entityType: text('entity_type'),
    entityIds: text('entity_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    patientIds: uuid('patient_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
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
    /** The row's lists live in audit_id_sets (a long list, migration 0035; no foreign key, see there); entity_ids and
     * patient_ids are then empty. */
    idSet: text('id_set'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    // Sealed rows only (migration 0030): a row is GIN-indexed once, by the sealer; unsealed rows by audit_log_unsealed_idx.
    index('audit_log_patient_ids_idx')
      .using('gin', t.patientIds)
      .where(sql`chain_seq IS NOT NULL`),
    // The PHI access log's filters (migration 0028).
    index('audit_log_actor_at_idx').on(t.actorSub, t.at.desc()),
    index('audit_log_entity_ids_idx')
      .using('gin', t.entityIds)
      .where(sql`chain_seq IS NOT NULL`),
    index('audit_log_action_at_idx').on(t.action, t.at.desc()),
    uniqueIndex('audit_log_chain_seq_uq').on(t.chainSeq),
    index('audit_log_unsealed_idx')
      .on(t.id)
      .where(sql`chain_seq IS NULL`),
    check('audit_log_outcome_ck', sql`outcome IN ('SUCCESS', 'DENIED', 'FAILED')`),
    index('audit_log_break_glass_idx')
      .on(t.id)
      .where(sql`break_glass`),
    index('audit_log_id_set_idx')
      .on(t.idSet, t.at, t.id)
      .where(sql`id_set IS NOT NULL`),
  ],
);

/** Break-glass sessions (migration 0026): one patient outside a clinician's licence states until expires_at. */
export const breakGlassSessions = pgTable(
  'break_glass_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicianId: uuid('clinician_id')
      .notNull()
      .references(() => clinicians.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
  },
  (t) => [
    index('break_glass_clinician_idx').on(t.clinicianId, t.expiresAt),
    index('break_glass_unreviewed_idx')
      .on(t.startedAt)
      .where(sql`reviewed_at IS NULL`),
    check('break_glass_reason_ck', sql`length(btrim(reason)) > 0`),
    check('break_glass_expiry_ck', sql`expires_at > started_at`),
    check('break_glass_review_ck', sql`(reviewed_at IS NULL) = (reviewed_by IS NULL)`),
  ],
);
