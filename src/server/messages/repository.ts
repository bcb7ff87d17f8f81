import {
  readOnlyTooltip,
  sendRefusal,
  type MessageDetail,
  type MessageListQuery,
  type MessageStatus,
  type Recipient,
} from '../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import type { PoolClient } from 'pg';
import type { Mailer } from '../adapters/mail';
import type { AccessContext } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import { writeHistory } from '../audit/history';
import { inScope } from '../auth/scope';
import { conflict, forbidden, notFound } from '../errors';
import { present, presentRow, replyViewer } from './repository-present';
import * as sql from './repository-sql';
import * as send from './repository-sql-send';
import type { ListKind, MessageDbRow } from './repository-sql';
import type { NewMessage } from './repository-sql-send';

const NOT_FOUND = 'no such message';

/**
 * Secure messages as one Actor may reach them: every message it may open (src/domain/messages/message-audience.ts) in its
 * patient scope — outside it a list row is masked and a single message reads as missing (404) — with the record
 * history and the audit of what it read or changed. The SQL is in repository-sql.ts.
 */
export const messageRepository = ({ db, tx, actor, audit }: AccessContext) => {
  const inScopeOf = (r: { patientState: string | null; patientId: string }) => inScope(actor, r);
  const authorName = `${actor.givenName} ${actor.familyName}`;
  const inTx = () => {
    if (!tx) throw new Error('a message change is written inside a transaction (data.transaction)');
    return tx;
  };
  const history = (ids: readonly string[], action: string, toStatus?: string) => messageHistory(inTx(), actor, ids, action, toStatus);
  /** One message the Actor may open and in its scope (else 404, like a missing one); `lock` for a change. */
  const find = async (id: string, lock = false): Promise<MessageDbRow> => {
    const row = await sql.findVisible(lock ? inTx() : db, actor, id, lock);
    if (!row || !inScopeOf(row)) throw notFound(NOT_FOUND);
    return row;
  };
  /** A patient in the Actor's scope, or 404. */
  const patient = async (patientId: string) => {
    const p = await send.patientOf(db, patientId);
    if (!p || !inScope(actor, { patientState: p.state, patientId: p.id })) throw notFound('no such patient');
    return p;
  };

  return {
    find,
    history,
    /** One message as the API answers it (spec 3 §3), with this Actor's reply right. */
    shown: async (id: string) => present(await find(id), actor),
    /** A message this Actor may answer: locked, in its scope (else 404), with the reply right (else 403 with the reason). */
    async replyable(id: string) {
      const row = await find(id, true);
      const { readOnlyReason } = present(row, actor);
      if (readOnlyReason) throw forbidden(readOnlyTooltip(readOnlyReason));
      return row;
    },
    /** One page of a list (a patient's list: 404 outside the scope); rows outside the scope masked; every row audited. */
    async list(kind: ListKind, q: MessageListQuery) {
      if (typeof kind === 'object') await patient(kind.patientId);
      const { rows, total } = await sql.listMessages(db, actor, kind, q);
      await audit.many(
        db,
        'LIST',
        'message',
        rows.map((r) => ({ entityId: r.id, patientId: inScopeOf(r) ? r.patientId : null })),
      );
      return { items: rows.map((r) => presentRow(r, actor)), total };
    },
    newCount: async () => ({ count: await sql.unreadCount(db, actor) }),
    /** One message with its thread and annotations; opened from the inbox it is marked read for this user. */
    async open(id: string, markRead: boolean): Promise<MessageDetail> {
      let row = await find(id);
      if (markRead && row.unread) {
        await send.markRead(inTx(), id, actor.sub, authorName);
        await history([id], 'READ');
        row = await find(id);
      }
      const [thread, annotations] = await Promise.all([sql.thread(db, actor, row.parentId ?? row.id), sql.annotations(db, id)]);
      await audit.one(db, {
        action: markRead ? 'READ_INBOX' : 'READ',
        entityType: 'message',
        entityId: id,
        patientId: row.patientId,
        outcome: 'SUCCESS',
      });
      return {
        ...present(row, actor),
        thread: thread.map((t) => present(t, actor)),
        annotations: annotations.map((a) => ({ ...a, createdDateTime: a.createdAt.toISOString() })),
      };
    },
    /** Status annotation of messages already replied to (spec 3 §4): all or nothing. */
    async annotate(input: { comment: string; status: MessageStatus; msgIds: string[] }) {
      const rows = await sql.lockForAnnotation(inTx(), actor, input.msgIds);
      if (rows.length !== input.msgIds.length || rows.some((r) => !inScopeOf(r))) throw notFound(NOT_FOUND);
      if (rows.some((r) => !r.replied)) throw conflict(MESSAGE_TEXT.notReplied);
      await send.addAnnotations(db, rows, { status: input.status, comment: input.comment, authorSub: actor.sub, authorName });
      await history(
        rows.map((r) => r.id),
        'ANNOTATE',
        input.status,
      );
      await audit.many(
        db,
        'ANNOTATE',
        'message',
        rows.map((r) => ({ entityId: r.id, patientId: r.patientId })),
      );
      return { msgIds: rows.map((r) => r.id), status: input.status };
    },
    /** A patient this Actor may write to: in its scope (else 404) and allowed to send (else 403 with the reason). */
    async recipientPatient(patientId: string) {
      const p = await patient(patientId);
      const refusal = sendRefusal(p.state, replyViewer(actor));
      if (refusal) throw forbidden(readOnlyTooltip(refusal));
      return p;
    },
    /** Message attachments this Actor uploaded for the patient and no message uses yet, locked for linking. */
    unlinkedUploads: (keys: string[], patientId: string) => send.unlinkedUploads(inTx(), keys, actor.sub, patientId),
    /** A new message from this Actor with its attachments, audited as sent or replied. */
    async insert(m: Omit<NewMessage, 'fromSub' | 'fromName'>, files: { key: string; name: string; size: number }[], action: 'SEND' | 'REPLY') {
      const id = await send.insertMessage(inTx(), { ...m, fromSub: actor.sub, fromName: authorName });
      await send.linkAttachments(db, id, m.patientId, files);
      await audit.one(db, { action, entityType: 'message', entityId: id, patientId: m.patientId, outcome: 'SUCCESS' });
      return id;
    },
    /** Tells the patient by e-mail, with the change: only that a message is waiting (no PHI leaves by e-mail). */
    async notifyPatient(mailer: Mailer, email: string | null) {
      if (email)
        await mailer.send(inTx(), {
          bookingId: null,
          kind: 'SECURE_MESSAGE',
          to: email,
          subject: MESSAGE_TEXT.mailSubject,
          text: MESSAGE_TEXT.mailText,
        });
    },
    /** A message another feature's action sends the patient (a prescription sent), in its transaction, with its history. */
    async post(m: Omit<NewMessage, 'fromSub' | 'fromName'>) {
      const id = await send.insertMessage(inTx(), { ...m, fromSub: actor.sub, fromName: authorName });
      await history([id], 'SEND');
      return id;
    },
    threadRoot: (id: string) => sql.threadRoot(db, id),
    markReplied: (ids: string[]) => send.markReplied(db, ids, authorName),
    /** The compose screen's patient search: in-scope patients only, audited. */
    async recipients(q: { type: 'patient_email' | 'patient_dob' | 'patient_name'; term: string }): Promise<Recipient[]> {
      const rows = await send.searchPatients(db, actor, q.type, q.term);
      await audit.many(
        db,
        'SEARCH',
        'message',
        rows.map((r) => ({ entityId: r.id, patientId: r.id })),
      );
      return rows;
    },
    /** Whether this Actor may download a message attachment (the files routes ask before serving one). */
    async attachmentAccess(key: string): Promise<{ allowed: boolean; patientId: string | null }> {
      const r = await sql.attachmentReadable(db, actor, key);
      const allowed = r.readable && (!r.patientId || inScope(actor, { patientState: r.patientState, patientId: r.patientId }));
      return { allowed, patientId: allowed ? r.patientId : null };
    },
  };
};
export type MessageRepository = ReturnType<typeof messageRepository>;

/**
 * A message change in the record history, inside the write's transaction, so that on commit live updates announce it
 * to the users who may open each message (also for the messages lab and booking actions send from their repositories).
 */
export async function messageHistory(client: PoolClient, actor: Actor, ids: readonly string[], action: string, toStatus?: string) {
  for (const id of new Set(ids)) await writeHistory(client, actor, { entityType: 'message', entityId: id, action, toStatus });
}
/** Who may open which message, as SQL predicates need it (the live updates ask it too). */
export { viewerOf } from './repository-sql';
/** A message written by another feature's repository in its own transaction (a lab result or a visit summary sent). */
export { insertMessage } from './repository-sql-send';
