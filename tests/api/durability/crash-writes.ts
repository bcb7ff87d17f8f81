import type pg from 'pg';
import { httpCall } from './api-process';

/*
 * The crash test's client: workers sending acknowledged writes of four kinds through the API (chart notes, booking
 * notes, lab request assignments back and forth between two users, booking status changes along their path), keeping
 * what each acknowledged write must have left behind, and the checks of that after the crash.
 */

const B = '/secure/booking/v1';
export type User = 'clinician' | 'superAdmin';
type Kind = 'chartNote' | 'bookingNote' | 'assign' | 'status';
const KINDS: Kind[] = ['chartNote', 'bookingNote', 'assign', 'status'];
/**
 * A booking's status path through updateStatus; each step is one write. The shared booking rule lets the generic
 * update confirm and cancel (inside the 40-minute window: the fixture's bookings have started); completions need
 * their forms and are not part of it.
 */
const STATUS_PATH = ['BOOKED_PENDING_CONFIRMATION', 'BOOKED_CONFIRMED', 'CANCELLED'];

export interface Acknowledged {
  chartNotes: Array<{ id: string; note: string }>;
  bookingNotes: Array<{ bookingId: string; note: string }>;
  assigns: Array<{ kitId: string; reason: string; actorSub: string }>;
  statuses: Array<{ bookingId: string; to: string; comment: string }>;
}

export interface Fixtures {
  personId: string;
  noteBookings: string[];
  /** Two kits per worker (assigned back and forth). */
  kits: string[];
  /** Bookings set to the first status of STATUS_PATH, handed out one at a time. */
  statusBookings: string[];
  subs: Record<User, string>;
}

/** Test data on the freshly seeded database (as the owner). */
export async function prepareFixtures(owner: pg.Pool, workers: number, subs: Record<User, string>): Promise<Fixtures> {
  const ids = async (sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows.map((r) => Object.values(r)[0] as string);
  const [personId] = await ids(`SELECT id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`);
  // Lab requests that may still change hands (a final request keeps its clinician).
  const kits = await ids(
    `SELECT kit_id FROM lab_requests WHERE patient_state = 'NV'
    AND status NOT IN ('REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE') ORDER BY kit_id LIMIT $1`,
    [workers * 2],
  );
  const bookings = await ids(`SELECT id FROM bookings WHERE status NOT IN ('CANCELLED', 'CANCELLED_NO_SHOW', 'COMPLETED') ORDER BY id LIMIT 300`);
  const statusBookings = bookings.slice(20);
  await owner.query(`UPDATE bookings SET status = $2, start_at = now() - interval '30 minutes', end_at = now() WHERE id = ANY($1)`, [
    statusBookings,
    STATUS_PATH[0],
  ]);
  return { personId, noteBookings: bookings.slice(0, 20), kits, statusBookings, subs };
}

interface Write {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  as: User;
  body: unknown;
  acknowledge(answer: any): void;
}

/** One worker: its own kits and status bookings, so workers never refuse each other's writes. */
export class CrashWorker {
  private n = 0;
  private holder = new Map<string, User | null>();
  private booking: { id: string; step: number } | null = null;
  /** After an unacknowledged write (its outcome unknown) the worker reads its records' state again. */
  dirty = true;

  constructor(
    private readonly w: number,
    private readonly fx: Fixtures,
    private readonly acked: Acknowledged,
    private readonly owner: pg.Pool,
  ) {}

  private get myKits() {
    return this.fx.kits.slice(this.w * 2, this.w * 2 + 2);
  }

  async resync(): Promise<void> {
    const { rows } = await this.owner.query<{ kit_id: string; clinician_id: string | null }>(
      `SELECT kit_id, clinician_id FROM lab_requests WHERE kit_id = ANY($1)`,
      [this.myKits],
    );
    for (const r of rows) this.holder.set(r.kit_id, (Object.keys(this.fx.subs) as User[]).find((u) => this.fx.subs[u] === r.clinician_id) ?? null);
    if (this.booking) {
      const { rows: b } = await this.owner.query<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [this.booking.id]);
      this.booking.step = STATUS_PATH.indexOf(b[0].status);
    }
    this.dirty = false;
  }

  /** The next write, rotating through the kinds. */
  next(): Write {
    const n = this.n++;
    const tag = `w${this.w}-${n}-${Math.random().toString(36).slice(2, 8)}`;
    const kind = KINDS[n % KINDS.length];
    if (kind === 'chartNote') {
      const note = `<p>crash test ${tag}</p>`;
      return {
        method: 'POST',
        url: '/secure/chartNote',
        as: 'superAdmin',
        body: { personId: this.fx.personId, note, noteType: 'CLINICIAN_NOTE' },
        acknowledge: (a) => this.acked.chartNotes.push({ id: a.id, note }),
      };
    }
    if (kind === 'bookingNote') {
      const bookingId = this.fx.noteBookings[n % this.fx.noteBookings.length];
      const note = `crash test ${tag}`;
      return {
        method: 'PATCH',
        url: `${B}/addNotes/${bookingId}`,
        as: 'superAdmin',
        body: { notes: note },
        acknowledge: () => this.acked.bookingNotes.push({ bookingId, note }),
      };
    }
    if (kind === 'assign') {
      const kitId = this.myKits[n % 2];
      const as: User = this.holder.get(kitId) === 'clinician' ? 'superAdmin' : 'clinician';
      const reason = `crash test ${tag}`;
      return {
        method: 'PUT',
        url: '/secure/labRequest/assign',
        as,
        body: { kitId, reason },
        acknowledge: () => {
          this.holder.set(kitId, as);
          this.acked.assigns.push({ kitId, reason, actorSub: this.fx.subs[as] });
        },
      };
    }
    if (!this.booking || this.booking.step >= STATUS_PATH.length - 1) {
      const id = this.fx.statusBookings.shift();
      if (!id) throw new Error('out of status bookings');
      this.booking = { id, step: 0 };
    }
    const b = this.booking;
    const to = STATUS_PATH[b.step + 1];
    const comment = `crash test ${tag}`;
    return {
      method: 'PATCH',
      url: `${B}/updateStatus/${b.id}`,
      as: 'superAdmin',
      body: { bookingStatus: to, reasonOrComments: comment },
      acknowledge: () => {
        b.step += 1;
        this.acked.statuses.push({ bookingId: b.id, to, comment });
      },
    };
  }
}

/** Sends one write; 'acked' (2xx), 'unknown' (no answer or 5xx: it may or may not have happened), or the refusal. */
export async function send(
  baseUrl: string,
  tokens: Record<User, string>,
  write: Write,
): Promise<'acked' | 'unknown' | { refused: number; body: unknown }> {
  const answer = await httpCall(baseUrl, write.method, write.url, tokens[write.as], write.body).catch(() => null);
  if (!answer || answer.status >= 500) return 'unknown';
  if (answer.status >= 300) return { refused: answer.status, body: answer.body };
  write.acknowledge(answer.body);
  return 'acked';
}

/** Every problem found after the crash (empty when every acknowledged write is there and consistent). */
export async function findLosses(db: Pick<pg.Pool, 'query'>, acked: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const q = async <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => (await db.query<R>(sql, params)).rows;

  const notes = new Map(
    (await q<{ id: string; note: string }>(`SELECT id, note FROM chart_notes WHERE id = ANY($1::uuid[])`, [acked.chartNotes.map((n) => n.id)])).map(
      (r) => [r.id, r.note],
    ),
  );
  for (const n of acked.chartNotes) if (notes.get(n.id) !== n.note) problems.push(`chart note ${n.id} missing or changed`);

  const logged = new Set(
    (await q<{ note: string }>(`SELECT note FROM booking_log WHERE note = ANY($1)`, [acked.bookingNotes.map((n) => n.note)])).map((r) => r.note),
  );
  for (const n of acked.bookingNotes) if (!logged.has(n.note)) problems.push(`booking note "${n.note}" on ${n.bookingId} missing`);

  const assignRows = new Map(
    (
      await q<{ comment: string; actor_sub: string; entity_id: string }>(
        `SELECT comment, actor_sub, entity_id FROM record_history WHERE entity_type = 'lab_request' AND comment = ANY($1)`,
        [acked.assigns.map((a) => a.reason)],
      )
    ).map((r) => [r.comment, r]),
  );
  for (const a of acked.assigns) {
    const row = assignRows.get(a.reason);
    if (!row || row.actor_sub !== a.actorSub || row.entity_id !== a.kitId)
      problems.push(`assignment "${a.reason}" of ${a.kitId} missing from the history`);
  }
  // The record agrees with its history: the assignee is whoever the last history row says.
  for (const r of await q<{ kit_id: string; clinician_id: string | null; last_actor: string | null }>(
    `SELECT lr.kit_id, lr.clinician_id::text, (SELECT actor_sub FROM record_history h WHERE h.entity_type = 'lab_request' AND h.entity_id = lr.kit_id
       ORDER BY h.id DESC LIMIT 1) AS last_actor FROM lab_requests lr WHERE lr.kit_id = ANY($1)`,
    [[...new Set(acked.assigns.map((a) => a.kitId))]],
  )) {
    if (r.clinician_id !== r.last_actor) problems.push(`kit ${r.kit_id}: assigned to ${r.clinician_id}, last history row says ${r.last_actor}`);
  }

  const statusRows = new Map(
    (
      await q<{ comment: string; to_status: string; entity_id: string }>(
        `SELECT comment, to_status, entity_id FROM record_history WHERE entity_type = 'booking' AND comment = ANY($1)`,
        [acked.statuses.map((s) => s.comment)],
      )
    ).map((r) => [r.comment, r]),
  );
  for (const s of acked.statuses) {
    const row = statusRows.get(s.comment);
    if (!row || row.to_status !== s.to || row.entity_id !== s.bookingId)
      problems.push(`status change of ${s.bookingId} to ${s.to} missing from the history`);
  }
  for (const r of await q<{ id: string; status: string; last_to: string | null }>(
    `SELECT b.id, b.status, (SELECT to_status FROM record_history h WHERE h.entity_type = 'booking' AND h.entity_id = b.id AND h.to_status IS NOT NULL
       ORDER BY h.id DESC LIMIT 1) AS last_to FROM bookings b WHERE b.id = ANY($1)`,
    [[...new Set(acked.statuses.map((s) => s.bookingId))]],
  )) {
    if (r.status !== r.last_to) problems.push(`booking ${r.id} is ${r.status}, its last history row says ${r.last_to}`);
  }
  return problems;
}

/** Acknowledged writes whose record has fewer successful audited writes than the client saw acknowledged. */
export async function findUnaudited(db: pg.Pool, acked: Acknowledged): Promise<string[]> {
  const expected = new Map<string, number>();
  const add = (id: string) => expected.set(id, (expected.get(id) ?? 0) + 1);
  acked.chartNotes.forEach((n) => add(n.id));
  acked.bookingNotes.forEach((n) => add(n.bookingId));
  acked.assigns.forEach((a) => add(a.kitId));
  acked.statuses.forEach((s) => add(s.bookingId));
  const { rows } = await db.query<{ entity: string; n: number }>(
    `SELECT e AS entity, count(*)::int AS n FROM audit_log, unnest(entity_ids) AS e
      WHERE e = ANY($1) AND outcome = 'SUCCESS' AND method <> 'GET' GROUP BY e`,
    [[...expected.keys()]],
  );
  const found = new Map(rows.map((r) => [r.entity, r.n]));
  return [...expected]
    .filter(([id, n]) => (found.get(id) ?? 0) < n)
    .map(([id, n]) => `${id}: ${found.get(id) ?? 0} audit rows for ${n} acknowledged writes`);
}
