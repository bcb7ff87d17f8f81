import type { Pool, PoolClient } from 'pg';
import type { MessageViewer } from '../../domain/messages/message-audience';
import type { MessageListQuery, MessageStatus } from '../../domain/messages/secure-messages';
import type { Actor } from '../auth/actor';
import { scopeOf, scopeSql } from '../auth/scope';
import { prepared } from '../db/prepared';
import { pageClause } from '../db/rows';

/**
 * The SQL of secure messages (used by repository.ts only). Every value is a bound parameter; only fixed fragments are
 * interpolated, so each statement has a few shapes and is a named one (db/prepared.ts): planning a message list took
 * as long as running it (~2 ms).
 */
export type Db = Pool | PoolClient;

/** A message as read from the database, with its patient and the viewer's read mark. */
export interface MessageDbRow {
  id: string;
  parentId: string | null;
  patientId: string;
  subject: string;
  content?: string;
  messageType: string;
  fromActorType: string;
  toClinicianId: string | null;
  toClinicianName: string | null;
  senderSub: string | null;
  senderName: string | null;
  senderEmail: string | null;
  senderPhone: string | null;
  ccGroups: string[];
  replyAllowed: boolean;
  createdAt: Date;
  readAt: Date | null;
  readBy: string | null;
  repliedBy: string | null;
  status: MessageStatus | null;
  latestComment: string | null;
  latestCommentBy: string | null;
  patientFirstName: string;
  patientLastName: string;
  patientEmail: string | null;
  patientPhone: string | null;
  patientDob: string | null;
  patientState: string | null;
  unread: boolean;
  attachments: { key: string; name: string; size: number }[];
}

/** Bound parameters of one query. */
export class Params {
  readonly values: unknown[] = [];
  bind = (v: unknown) => {
    this.values.push(v);
    return `$${this.values.length}`;
  };
}

/** Who the viewer is, as the predicates need it: sub, groups, and whether the shared mailbox is its own. */
export type Viewer = MessageViewer;

/** The predicates below are src/domain/messages/message-audience.ts's mayOpenMessage as SQL. */
export const viewerOf = (actor: Actor): Viewer => ({
  sub: actor.sub,
  groups: actor.groups,
  sharedMailbox: actor.permissions.clinician || actor.permissions.superAdmin,
  seesAll: actor.permissions.superAdmin || actor.permissions.unmasked,
});

/**
 * The columns of a message row; `unread` probes the viewer's read mark per row (LIMIT 1: the planner never hashes all
 * its marks, thousands in a busy inbox).
 */
function columns(p: Params, viewer: Viewer, withContent: boolean) {
  return `m.id, m.parent_id AS "parentId", m.patient_id AS "patientId", m.subject, ${withContent ? 'm.content,' : ''}
    m.message_type AS "messageType", m.from_actor_type AS "fromActorType", m.to_clinician_id::text AS "toClinicianId",
    tc.first_name || ' ' || tc.last_name AS "toClinicianName", m.sender_sub AS "senderSub",
    COALESCE(m.from_name, fc.first_name || ' ' || fc.last_name) AS "senderName", fc.email AS "senderEmail", NULL::text AS "senderPhone",
    m.cc_groups AS "ccGroups", m.reply_allowed AS "replyAllowed", m.created_at AS "createdAt", m.read_at AS "readAt", m.read_by AS "readBy",
    m.replied_by AS "repliedBy", m.status, m.latest_comment AS "latestComment", m.latest_comment_by AS "latestCommentBy",
    p.first_name AS "patientFirstName", p.last_name AS "patientLastName", p.email AS "patientEmail", p.phone AS "patientPhone",
    to_char(p.dob, 'YYYY-MM-DD') AS "patientDob", p.state AS "patientState",
    (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = ${p.bind(viewer.sub)} LIMIT 1) IS NULL AS unread,
    COALESCE((SELECT json_agg(json_build_object('key', a.file_key, 'name', a.name, 'size', a.size_bytes) ORDER BY a.created_at, a.file_key)
      FROM message_attachments a WHERE a.message_id = m.id), '[]'::json) AS attachments`;
}

const WITH_PATIENT = 'messages m JOIN patients p ON p.id = m.patient_id';
const FROM = `${WITH_PATIENT}
  LEFT JOIN clinicians tc ON tc.id = m.to_clinician_id LEFT JOIN clinicians fc ON fc.id = m.from_clinician_id`;

/** A patient's message addressed to the viewer: to it, to the shared mailbox (clinicians), or CC to one of its groups. */
function inboxSql(p: Params, viewer: Viewer) {
  const me = p.bind(viewer.sub);
  return `(m.from_actor_type = 'P' AND (m.to_clinician_id::text = ${me}${viewer.sharedMailbox ? ' OR m.to_clinician_id IS NULL' : ''}
    OR m.cc_groups && ${p.bind(viewer.groups)}::text[]))`;
}

/** Every message the viewer may open: its inbox, what it sent, and for super admins and auditors every message. */
function visibleSql(p: Params, viewer: Viewer) {
  if (viewer.seesAll) return 'TRUE';
  return `(${inboxSql(p, viewer)} OR m.sender_sub = ${p.bind(viewer.sub)})`;
}

export type ListKind = 'inbox' | 'sent' | 'others' | { patientId: string };

const SORT_COLUMNS: Record<MessageListQuery['sort'], { column: string; masked: boolean }> = {
  createdDateTime: { column: 'm.created_at', masked: false },
  subject: { column: 'm.subject', masked: true },
  from: { column: `CASE WHEN m.from_actor_type = 'P' THEN p.last_name || ' ' || p.first_name ELSE m.from_name END`, masked: true },
  to: { column: `CASE WHEN m.from_actor_type = 'P' THEN tc.last_name ELSE p.last_name || ' ' || p.first_name END`, masked: true },
  latestStatus: { column: 'm.status', masked: true },
  patientDob: { column: 'p.dob', masked: true },
  state: { column: 'p.state', masked: true },
};

/** One page of a message list with its total; rows outside the scope come back too (the service masks them). */
export async function listMessages(db: Db, actor: Actor, kind: ListKind, q: MessageListQuery) {
  const p = new Params();
  const viewer = viewerOf(actor);
  const scope = scopeSql(actor, p.bind);
  const where: string[] = [];
  if (kind === 'inbox') where.push(inboxSql(p, viewer));
  else if (kind === 'sent') where.push(`m.from_actor_type = 'C' AND m.sender_sub = ${p.bind(actor.sub)}`);
  else if (kind === 'others') where.push(`m.from_actor_type = 'C' AND m.sender_sub IS DISTINCT FROM ${p.bind(actor.sub)}`);
  else where.push(`m.patient_id = ${p.bind(kind.patientId)}`, visibleSql(p, viewer));
  if (q.myStates) where.push(`p.state = ANY(${p.bind([...actor.licenceStates.validStates])}::text[])`);
  if (q.unanswered) where.push(`m.from_actor_type = 'P' AND m.replied_at IS NULL`);
  if (q.sentToMe) where.push(`m.to_clinician_id::text = ${p.bind(actor.sub)}`);
  const whereSql = where.join(' AND ');
  const countParams = [...p.values];
  const sort = SORT_COLUMNS[q.sort];
  const key = sort.masked ? scope.sortKey(sort.column, { state: 'p.state', id: 'p.id' }) : sort.column;
  const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
  // By time (the default) the order follows the (…, created_at DESC, id) indexes forwards or backwards and stops at the page.
  const order =
    q.sort === 'createdDateTime'
      ? `m.created_at ${dir}, m.id ${dir === 'DESC' ? 'ASC' : 'DESC'}`
      : `${key} ${dir} NULLS LAST, m.created_at DESC, m.id`;
  // The page's ids first, from the messages alone unless the filter or the order needs the patient or the addressee
  // (every message has exactly one patient, so the rows are the same): in the inbox an index-only scan of
  // messages_inbox_cover_idx (migration 0032) that reads no message it does not answer. Then their columns, same order.
  // (Only the joins they use: a join the planner removes still keeps its column from an index-only scan.)
  const pageFrom = sort.masked ? `${WITH_PATIENT} LEFT JOIN clinicians tc ON tc.id = m.to_clinician_id` : q.myStates ? WITH_PATIENT : 'messages m';
  const sql = `SELECT ${columns(p, viewer, false)} FROM ${FROM}
      JOIN (SELECT m.id FROM ${pageFrom} WHERE ${whereSql} ORDER BY ${order} ${pageClause(q.page, q.perPage)}) page
        ON page.id = m.id
    ORDER BY ${order}`;
  const page = () => db.query<MessageDbRow>(prepared(sql, p.values)).then((r) => r.rows);
  if (kind === 'inbox') {
    // The inbox's total comes from its counters first: a page with nothing on it (an inbox no message reaches, a page
    // past the end) reads no message, instead of walking every patient's message for none.
    const total = await inboxTotal(db, actor, q);
    return { rows: (q.page - 1) * q.perPage < total ? await page() : [], total };
  }
  const countSql = `SELECT count(*)::int AS n FROM ${q.myStates ? WITH_PATIENT : 'messages m'} WHERE ${whereSql}`;
  const [rows, total] = await Promise.all([page(), db.query<{ n: number }>(prepared(countSql, countParams)).then((r) => r.rows[0].n)]);
  return { rows, total };
}

/**
 * inboxSql for a bucket of the message counters (migration 0032: addressee `to_key`, '' for the shared mailbox, CC
 * groups, patient's state, '' for none): the same rule, on the bucket's keys.
 */
function inboxBucketSql(p: Params, viewer: Viewer, c: string) {
  const me = p.bind(viewer.sub);
  return `(${c}.to_key = ${me}${viewer.sharedMailbox ? ` OR ${c}.to_key = ''` : ''} OR ${c}.cc_groups && ${p.bind(viewer.groups)}::text[])`;
}

/** The inbox's total with its toggles: a sum over the counters of the viewer's buckets (the list's WHERE, bucket-wise). */
async function inboxTotal(db: Db, actor: Actor, q: MessageListQuery): Promise<number> {
  const p = new Params();
  const where = [inboxBucketSql(p, viewerOf(actor), 'c')];
  if (q.myStates) where.push(`c.patient_state = ANY(${p.bind([...actor.licenceStates.validStates])}::text[])`);
  if (q.sentToMe) where.push(`c.to_key = ${p.bind(actor.sub)}`);
  const { rows } = await db.query<{ n: number }>(
    prepared(
      `SELECT COALESCE(sum(${q.unanswered ? 'c.unanswered' : 'c.n'}), 0)::int AS n FROM message_inbox_counts c WHERE ${where.join(' AND ')}`,
      p.values,
    ),
  );
  return rows[0].n;
}

/**
 * Unread messages of the viewer's inbox, only those whose patient is in its scope: from the counters (migration 0032),
 * the messages of its buckets in scope minus its read marks on them; plus, for a break-glass session, the unread
 * messages of that patient when outside the licence states (the scope's one exception, asked of the messages).
 */
export async function unreadCount(db: Db, actor: Actor): Promise<number> {
  const p = new Params();
  const viewer = viewerOf(actor);
  const scope = scopeSql(actor, p.bind);
  const inStates = (c: string) => scope.inScope(`${c}.patient_state`);
  const parts = [
    `(SELECT COALESCE(sum(c.n), 0) FROM message_inbox_counts c WHERE ${inboxBucketSql(p, viewer, 'c')} AND ${inStates('c')})`,
    `(SELECT COALESCE(sum(r.n), 0) FROM message_read_counts r WHERE r.user_sub = ${p.bind(viewer.sub)} AND ${inboxBucketSql(p, viewer, 'r')} AND ${inStates('r')})`,
  ];
  const glass = scopeOf(actor).breakGlass;
  const sql =
    scope.licenceBound && glass.length > 0
      ? `${parts[0]} - ${parts[1]} + (SELECT count(*) FROM messages m JOIN patients p ON p.id = m.patient_id
        WHERE m.patient_id = ANY(${p.bind([...glass])}::uuid[]) AND NOT ${scope.inScope('p.state')} AND ${inboxSql(p, viewer)}
          AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = ${p.bind(viewer.sub)}))`
      : `${parts[0]} - ${parts[1]}`;
  const { rows } = await db.query<{ n: number }>(prepared(`SELECT (${sql})::int AS n`, p.values));
  return rows[0].n;
}

/** One message the viewer may open (its scope is checked by the service), or null. */
export async function findVisible(db: Db, actor: Actor, id: string, lock = false): Promise<MessageDbRow | null> {
  const p = new Params();
  const viewer = viewerOf(actor);
  const { rows } = await db.query<MessageDbRow>(
    prepared(
      `SELECT ${columns(p, viewer, true)} FROM ${FROM}
    WHERE m.id = ${p.bind(id)} AND ${visibleSql(p, viewer)}${lock ? ' FOR UPDATE OF m' : ''}`,
      p.values,
    ),
  );
  return rows[0] ?? null;
}

/** The thread of a root message: the root and its replies, oldest first. */
export async function thread(db: Db, actor: Actor, rootId: string): Promise<MessageDbRow[]> {
  const p = new Params();
  const { rows } = await db.query<MessageDbRow>(
    prepared(
      `SELECT ${columns(p, viewerOf(actor), true)} FROM ${FROM}
    WHERE m.id = ${p.bind(rootId)} OR m.parent_id = ${p.bind(rootId)} ORDER BY m.created_at, m.id`,
      p.values,
    ),
  );
  return rows;
}

/** What a reply takes from its thread's first message. */
export async function threadRoot(db: Db, id: string) {
  const { rows } = await db.query<{ subject: string; messageType: string; ccGroups: string[] }>(
    `SELECT subject, message_type AS "messageType", cc_groups AS "ccGroups" FROM messages WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function annotations(db: Db, messageId: string) {
  const { rows } = await db.query<{ id: string; messageId: string; status: MessageStatus; comment: string; authorName: string; createdAt: Date }>(
    prepared(
      `SELECT id, message_id AS "messageId", status, comment, author_name AS "authorName", created_at AS "createdAt"
         FROM message_annotations WHERE message_id = $1 ORDER BY created_at DESC, id`,
      [messageId],
    ),
  );
  return rows;
}

/** Locks messages for an annotation: those the viewer may open, with their patient's state and whether replied to. */
export async function lockForAnnotation(db: Db, actor: Actor, ids: string[]) {
  const p = new Params();
  const viewer = viewerOf(actor);
  const { rows } = await db.query<{ id: string; patientId: string; patientState: string | null; replied: boolean }>(
    `SELECT m.id, m.patient_id AS "patientId", p.state AS "patientState", m.replied_at IS NOT NULL AS replied
       FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE m.id = ANY(${p.bind(ids)}::uuid[]) AND ${visibleSql(p, viewer)} ORDER BY m.id FOR UPDATE OF m`,
    p.values,
  );
  return rows;
}

/** Whether the viewer may download a message attachment: it uploaded it, or it may open a message it is linked to. */
export async function attachmentReadable(
  db: Db,
  actor: Actor,
  key: string,
): Promise<{ readable: boolean; patientId: string | null; patientState: string | null }> {
  const p = new Params();
  const viewer = viewerOf(actor);
  const k = p.bind(key);
  const { rows } = await db.query<{
    uploadedBy: string | null;
    messageId: string | null;
    patientId: string | null;
    patientState: string | null;
    visible: boolean | null;
  }>(
    `SELECT f.uploaded_by AS "uploadedBy", a.message_id AS "messageId", a.patient_id AS "patientId", p.state AS "patientState",
            EXISTS (SELECT 1 FROM messages m WHERE m.id IN (r.id, r.parent_id) AND ${visibleSql(p, viewer)}) AS visible
       FROM stored_files f LEFT JOIN message_attachments a ON a.file_key = f.key
       LEFT JOIN messages r ON r.id = a.message_id LEFT JOIN patients p ON p.id = a.patient_id
      WHERE f.key = ${k}`,
    p.values,
  );
  const row = rows[0];
  if (!row) return { readable: false, patientId: null, patientState: null };
  if (!row.messageId) return { readable: row.uploadedBy === actor.sub, patientId: null, patientState: null };
  return { readable: !!row.visible, patientId: row.patientId, patientState: row.patientState };
}
