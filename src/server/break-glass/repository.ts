import type { Pool, PoolClient } from 'pg';
import { mayBreakGlass, type BreakGlassGrant, type BreakGlassListQuery, type BreakGlassSession } from '../../domain/break-glass/break-glass';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import type { AccessContext } from '../auth/access-context';
import { inScope } from '../auth/scope';
import { writeHistory } from '../audit/history';
import { conflict, notFound } from '../errors';

type Db = Pool | PoolClient;

/** The history action that keeps the reason of a later start of a running session (its record for the review). */
const REASON_ADDED = 'BREAK_GLASS_REASON_ADDED';

const GRANT_COLUMNS = `b.id::text AS id, b.patient_id::text AS "patientId",
  to_char(b.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt",
  to_char(b.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt"`;

const SESSION_COLUMNS = `${GRANT_COLUMNS}, b.clinician_id::text AS "clinicianId",
  trim(c.first_name || ' ' || c.last_name) AS "clinicianName", trim(p.first_name || ' ' || p.last_name) AS "patientName",
  b.reason, b.expires_at > now() AS active,
  to_char(b.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "reviewedAt", b.reviewed_by AS "reviewedBy",
  b.review_note AS "reviewNote",
  (SELECT coalesce(json_agg(json_build_object('at', to_char(h.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', h.comment)
     ORDER BY h.at, h.id), '[]'::json)
   FROM record_history h WHERE h.entity_type = 'break_glass' AND h.entity_id = b.id::text AND h.action = '${REASON_ADDED}') AS "addedReasons"`;
const SESSION_FROM = `break_glass_sessions b JOIN clinicians c ON c.id = b.clinician_id JOIN patients p ON p.id = b.patient_id`;

/**
 * The patient a start names, with its state as the scope of its screen sees it: the patient itself, a kit's patient
 * (the kit's patient_state, as the kit lists mask by it) or a booking's patient. Null when there is no such record,
 * `{ id: null }` for a kit without a patient.
 */
async function targetPatient(
  db: Db,
  t: { patientId?: string; kitId?: string; bookingId?: string },
): Promise<{ id: string | null; state: string | null } | null> {
  const [sql, param]: [string, string] =
    t.kitId !== undefined
      ? ['SELECT k.patient_id::text AS id, k.patient_state AS state FROM kits k WHERE k.kit_id = $1', t.kitId]
      : t.bookingId !== undefined
        ? ['SELECT p.id::text AS id, p.state FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.id = $1', t.bookingId]
        : ['SELECT p.id::text AS id, p.state FROM patients p WHERE p.id = $1', t.patientId!];
  const { rows } = await db.query<{ id: string | null; state: string | null }>(sql, [param]);
  return rows[0] ?? null;
}

/** Serialises the starts of one clinician (the limits are counted, then a row inserted). */
const lockClinician = (client: PoolClient, sub: string) => client.query(`SELECT pg_advisory_xact_lock(727200, hashtext($1))`, [sub]);

/** The clinician's running sessions, and how many it started in the last 24 hours. */
async function usage(db: Db, sub: string): Promise<{ running: BreakGlassGrant[]; lastDay: number }> {
  const [running, lastDay] = await Promise.all([
    db.query<BreakGlassGrant>(
      `SELECT ${GRANT_COLUMNS} FROM break_glass_sessions b
      WHERE b.clinician_id::text = $1 AND b.expires_at > now() ORDER BY b.expires_at`,
      [sub],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM break_glass_sessions
      WHERE clinician_id::text = $1 AND started_at > now() - interval '24 hours'`,
      [sub],
    ),
  ]);
  return { running: running.rows, lastDay: lastDay.rows[0].n };
}

async function insertSession(client: PoolClient, s: { sub: string; patientId: string; reason: string; minutes: number }): Promise<BreakGlassGrant> {
  const { rows } = await client.query<BreakGlassGrant>(
    `INSERT INTO break_glass_sessions AS b (clinician_id, patient_id, reason, expires_at)
     VALUES ($1::uuid, $2, $3, now() + make_interval(secs => $4::double precision * 60))
     RETURNING ${GRANT_COLUMNS}`,
    [s.sub, s.patientId, s.reason, s.minutes],
  );
  return rows[0];
}

/** The session's latest reason: the last one added by a later start, or the one it was started with. */
async function latestReason(db: Db, id: string): Promise<string> {
  const { rows } = await db.query<{ reason: string }>(
    `SELECT coalesce((SELECT h.comment FROM record_history h WHERE h.entity_type = 'break_glass' AND h.entity_id = b.id::text
       AND h.action = '${REASON_ADDED}' ORDER BY h.at DESC, h.id DESC LIMIT 1), b.reason) AS reason
     FROM break_glass_sessions b WHERE b.id = $1`,
    [id],
  );
  return rows[0].reason;
}

/** The columns a list may sort on (the query schema names them; the SQL takes only these). */
const SORT_COLUMNS: Record<BreakGlassListQuery['sort'], string> = { startedAt: 'b.started_at' };

/** Sessions for review in the order asked (ties by id, the same way); filter `reviewed`: reviewed (true) or waiting (false) ones. */
async function listSessions(db: Db, q: BreakGlassListQuery) {
  const { reviewed } = q.filter;
  const where = reviewed === undefined ? 'TRUE' : reviewed ? 'b.reviewed_at IS NOT NULL' : 'b.reviewed_at IS NULL';
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    db.query<BreakGlassSession>(
      `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM} WHERE ${where}
      ORDER BY ${SORT_COLUMNS[q.sort]} ${order}, b.id ${order} LIMIT $1 OFFSET $2`,
      [q.last - q.first + 1, q.first],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM break_glass_sessions b WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0].n };
}

async function sessionById(db: Db, id: string, lock = false): Promise<BreakGlassSession | null> {
  const { rows } = await db.query<BreakGlassSession>(
    `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM} WHERE b.id = $1${lock ? ' FOR UPDATE OF b' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

async function markReviewed(client: PoolClient, id: string, by: string, note: string): Promise<void> {
  await client.query(`UPDATE break_glass_sessions SET reviewed_at = now(), reviewed_by = $2, review_note = $3 WHERE id = $1`, [id, by, note]);
}

async function unreviewedCount(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM break_glass_sessions WHERE reviewed_at IS NULL');
  return rows[0].n;
}

export interface BreakGlassTarget {
  patientId?: string;
  kitId?: string;
  bookingId?: string;
}

/**
 * Break-glass sessions as the request's Actor reaches them: the patient a start names (404 when unknown, 409 when its
 * state is already in the Actor's scope), the Actor's own running sessions, and the super admins' review list. Every
 * start, added reason and review writes its history row and the request's audit row with the session's patient.
 */
export const breakGlassRepository = ({ db, tx, actor, audit }: AccessContext) => {
  const inTx = () => {
    if (!tx) throw new Error('a break-glass change is written inside a transaction (data.transaction)');
    return tx;
  };
  return {
    /** The patient a start names, outside the Actor's licence states (by state only: a running session is answered later). */
    async patientToOpen(target: BreakGlassTarget): Promise<string> {
      const patient = await targetPatient(db, target);
      if (!patient) {
        throw notFound(
          target.kitId !== undefined
            ? BREAK_GLASS_TEXTS.noKit
            : target.bookingId !== undefined
              ? BREAK_GLASS_TEXTS.noBooking
              : BREAK_GLASS_TEXTS.noPatient,
        );
      }
      // A kit without a patient carries no patient data: nothing to open.
      if (!patient.id) throw notFound(BREAK_GLASS_TEXTS.noPatient);
      if (inScope(actor, { patientState: patient.state, patientId: null })) throw conflict(BREAK_GLASS_TEXTS.alreadyInScope);
      return patient.id;
    },

    /** The Actor's running sessions and its starts of the last 24 hours, its starts serialised until the transaction ends. */
    async lockedUsage() {
      await lockClinician(inTx(), actor.sub);
      return usage(inTx(), actor.sub);
    },

    /** A start of a running session: a new reason is kept in the session's record (the same one again adds nothing); audited. */
    async restart(grant: BreakGlassGrant, reason: string) {
      if ((await latestReason(inTx(), grant.id)) !== reason) {
        await writeHistory(inTx(), actor, { entityType: 'break_glass', entityId: grant.id, action: REASON_ADDED, comment: reason });
      }
      await audit.one(inTx(), {
        action: 'BREAK_GLASS',
        entityType: 'break_glass',
        entityId: grant.id,
        patientId: grant.patientId,
        outcome: 'SUCCESS',
      });
      return grant;
    },

    /** A new session of the Actor for the patient, `minutes` long; its history names the record it was started from. */
    async start(patientId: string, target: BreakGlassTarget, reason: string, minutes: number) {
      const g = await insertSession(inTx(), { sub: actor.sub, patientId, reason, minutes });
      const from = target.kitId ? ` (kit ${target.kitId})` : target.bookingId ? ` (booking ${target.bookingId})` : '';
      await writeHistory(inTx(), actor, {
        entityType: 'break_glass',
        entityId: g.id,
        action: 'BREAK_GLASS_STARTED',
        comment: `patient ${patientId}${from}`,
      });
      await audit.one(inTx(), { action: 'BREAK_GLASS', entityType: 'break_glass', entityId: g.id, patientId, outcome: 'SUCCESS' });
      return g;
    },

    /** The Actor's own running sessions (none for a role that may not break the glass). */
    async mine() {
      const items = mayBreakGlass(actor.roles) ? (await usage(db, actor.sub)).running : [];
      await audit.one(db, { action: 'READ', entityType: 'break_glass', outcome: 'SUCCESS' });
      return items;
    },

    /** Sessions for review; a list discloses which patients were opened: every session and its patient are audited. */
    async list(q: BreakGlassListQuery) {
      const page = await listSessions(db, q);
      await audit.many(
        db,
        'READ',
        'break_glass',
        page.rows.map((x) => ({ entityId: x.id, patientId: x.patientId })),
      );
      return page;
    },

    unreviewedCount: () => unreviewedCount(db),

    async open(id: string) {
      const s = await sessionById(db, id);
      if (!s) throw notFound(BREAK_GLASS_TEXTS.noSession);
      await audit.one(db, { action: 'READ', entityType: 'break_glass', entityId: s.id, patientId: s.patientId, outcome: 'SUCCESS' });
      return s;
    },

    /** Marks a session reviewed once (409 the second time), by the Actor's name, with its note in the history. */
    async review(id: string, note: string) {
      const s = await sessionById(inTx(), id, true);
      if (!s) throw notFound(BREAK_GLASS_TEXTS.noSession);
      if (s.reviewedAt) throw conflict(BREAK_GLASS_TEXTS.alreadyReviewed);
      await markReviewed(inTx(), s.id, `${actor.givenName} ${actor.familyName}`, note);
      await writeHistory(inTx(), actor, { entityType: 'break_glass', entityId: s.id, action: 'BREAK_GLASS_REVIEWED', comment: note });
      await audit.one(inTx(), { action: 'REVIEW', entityType: 'break_glass', entityId: s.id, patientId: s.patientId, outcome: 'SUCCESS' });
      return (await sessionById(inTx(), s.id))!;
    },
  };
};
export type BreakGlassRepository = ReturnType<typeof breakGlassRepository>;
