import type { Pool, PoolClient } from 'pg';
import { actionRefusal } from '../../domain/booking-detail/booking-actions';
import { bookingTransitionRefusal } from '../../domain/bookings/bookings';
import type { Auditor } from '../audit/auditor';
import { changedConflict, writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { withTx } from '../db/tx';
import { ApiError, notFound } from '../errors';
import { bookingFacts, type BookingFacts } from './repository-present';
import { addLog, loadBooking, type BookingRow } from './repository-rows';
import { prepared } from '../db/prepared';

type Db = Pool | PoolClient;

/** A spec refusal: its text is both msg and reason, so the portal's "msg.Reason: reason" and its toasts show it. */
export const refused = (status: 403 | 404 | 409 | 400, text: string) => new ApiError(status, text, text);

/**
 * A 409 refusal of an action the booking's current state overtook (someone confirmed, cancelled or assigned it
 * meanwhile): the spec text as msg, and as reason the text and who changed the booking last, how.
 */
export const staleRefusal = (l: Pick<Locked, 'client' | 'row'>, text: string) =>
  changedConflict(l.client, { entityType: 'booking', entityId: l.row.id }, text, text);

/** A booking under its row lock, inside the write's transaction. */
export interface Locked {
  client: PoolClient;
  actor: Actor;
  row: BookingRow;
  facts: BookingFacts;
  /** Set by updateLocked: the write's own UPDATE moved updated_at; else lockedWrite moves it after the write. */
  touched?: boolean;
}

/** Who calls (the Actor) and the request's audit. */
export interface Caller {
  actor: Actor;
  audit: Auditor;
}

/** The action permission check of a booking write (spec 2 §5): clinical or not, and whether final bookings pass. */
export interface WriteRule {
  clinical: boolean;
  allowTerminal: boolean;
}

/**
 * Every booking write: one transaction that locks the booking (404 outside the actor's scope, like a missing one),
 * applies the action permission check with the given rule (spec 2 §5), runs `fn`, and audits the outcome (refusals
 * are audited as DENIED after the rollback). Inside a transaction already (`tx`, from `data.transaction`) the write
 * joins it, and its DENIED row commits or rolls back with it.
 */
export async function lockedWrite<T>(
  db: Db,
  tx: PoolClient | null,
  { actor, audit }: Caller,
  id: string,
  rule: WriteRule,
  action: string,
  fn: (l: Locked) => Promise<T>,
): Promise<T> {
  let patientId: string | null = null;
  const run = async (client: PoolClient) => {
    const row = await loadBooking(client, id, true);
    // Outside the actor's scope the booking reads as unknown (404, never 403).
    if (!row || !inScope(actor, { patientState: row.state, patientId: row.patientId })) throw notFound(`no booking ${id}`);
    patientId = row.patientId;
    const facts = bookingFacts(row, actor);
    const refusal = actionRefusal({ ...facts, bookingStatus: row.bookingStatus }, rule);
    if (refusal) throw refused(403, refusal);
    const locked: Locked = { client, actor, row, facts };
    const out = await fn(locked);
    if (!locked.touched) await client.query(prepared(`UPDATE bookings SET updated_at = now() WHERE id = $1`, [id]));
    await audit.one(client, { action, entityType: 'booking', entityId: id, patientId, outcome: 'SUCCESS' });
    return out;
  };
  try {
    return await (tx ? run(tx) : withTx(db as Pool, run));
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && patientId) {
      await audit.one(db, { action, entityType: 'booking', entityId: id, patientId, outcome: 'DENIED' });
    }
    throw err;
  }
}

/**
 * Updates the locked booking: `set` are SQL assignments over the bound `values` ($2 on; $1 is the booking), `where` a
 * further condition. updated_at moves with them, so lockedWrite needs no second UPDATE of the booking.
 */
export async function updateLocked(l: Locked, set: string, values: unknown[], where?: string) {
  // `set` and `where` are written by the callers' code (a few shapes): a named statement, planned once per connection.
  const res = await l.client.query(
    prepared(`UPDATE bookings SET ${set}, updated_at = now() WHERE id = $1${where ? ` AND ${where}` : ''}`, [l.row.id, ...values]),
  );
  if (res.rowCount) l.touched = true;
  return res;
}

/**
 * A status transition under the row lock: the shared transition rule, a conditional update on the expected status,
 * the record history and a STATUS log entry.
 */
export async function changeStatus(l: Locked, to: string, comment: string, action = 'UPDATE_STATUS'): Promise<void> {
  const from = l.row.bookingStatus;
  const refusal = bookingTransitionRefusal(from, to);
  if (refusal) throw await staleRefusal(l, refusal);
  const res = await updateLocked(l, 'status = $3', [from, to], 'status = $2');
  if (res.rowCount !== 1) throw await staleRefusal(l, 'The booking changed meanwhile; reload it');
  await writeHistory(l.client, l.actor, { entityType: 'booking', entityId: l.row.id, action, fromStatus: from, toStatus: to, comment });
  await addLog(l.client, l.actor, l.row.id, 'STATUS', `Status changed to ${to}: ${comment}`);
}

/** The writes every booking action may make on its locked booking: log, status, tag, assignment. */
export function lockedBasics(l: Locked) {
  const { client, actor, row } = l;
  return {
    /** A booking log entry, authored by the Actor. */
    log: (kind: Parameters<typeof addLog>[3], note: string) => addLog(client, actor, row.id, kind, note),
    /** The 409 of an action the booking's state overtook, naming who changed it last, and how. */
    stale: (text: string) => staleRefusal(l, text),
    changeStatus: (to: string, comment: string, action?: string) => changeStatus(l, to, comment, action),
    /** Sets the tag, with its history row. */
    async tag(label: string) {
      await updateLocked(l, 'tag = $2', [label]);
      await writeHistory(client, actor, { entityType: 'booking', entityId: row.id, action: 'TAG', comment: label });
    },
    /**
     * Assigns the booking to the Actor, with its history row ('Patient Re-Assigned' on a re-assignment) and, on a
     * re-assignment, a timeline entry saying from whom to whom.
     */
    async assignToActor() {
      const previous = row.primaryClinicianId;
      await updateLocked(l, 'clinician_id = $2', [actor.sub]);
      await writeHistory(client, actor, {
        entityType: 'booking',
        entityId: row.id,
        action: previous ? 'REASSIGN' : 'ASSIGN',
        comment: previous ? 'Patient Re-Assigned' : null,
      });
      if (previous)
        await addLog(
          client,
          actor,
          row.id,
          'REASSIGNED',
          `From ${row.primaryClinicianName ?? 'another clinician'} to ${actor.givenName} ${actor.familyName}`,
        );
    },
  };
}
