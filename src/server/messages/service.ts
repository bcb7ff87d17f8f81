import type { Pool, PoolClient } from 'pg';
import { maskRecord } from '../../domain/masking';
import {
  fromBase64Utf8, htmlText, MESSAGE_TEXT, readOnlyTooltip, replyRefusal, sendRefusal, type AnnotationInput, type Message,
  type MessageDetail, type MessageListQuery, type MessageRow, type MessageStatus, type Recipient, type ReplyViewer,
} from '../../domain/secure-messages';
import type { Mailer } from '../adapters/mail';
import type { ObjectStorage } from '../adapters/object-storage/types';
import type { AuditEvent } from '../audit/audit';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { withTx } from '../db/tx';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { sanitizeHtml } from '../sanitize';
import * as repo from './repository';
import type { Db, ListKind, MessageDbRow } from './repository';

export interface MessageDeps { pool: Pool; storage: Pick<ObjectStorage, 'keyOf'>; mailer: Mailer }

/** What a service tells the request's audit (routes bind it to the request; the service never sees the request). */
export interface Audit {
  one(db: Db, event: AuditEvent): Promise<void>;
  many(db: Db, action: string, rows: { entityId: string; patientId: string | null }[]): Promise<void>;
}

const NOT_FOUND = 'no such message';

/**
 * A message change in the record history (sent, replied to, read, annotated; also the messages lab, booking and
 * prescription actions send): inside the write's transaction, so that on commit live updates announce it to the users who may open each message (src/domain/message-audience.ts).
 */
export async function messageHistory(client: PoolClient, actor: Actor, ids: readonly string[], action: string, toStatus?: string) {
  for (const id of new Set(ids)) await writeHistory(client, actor, { entityType: 'message', entityId: id, action, toStatus });
}
const DOWNLOAD = '/secure/file/download/';

const replyViewer = (actor: Actor): ReplyViewer => ({
  superAdmin: actor.permissions.superAdmin, readOnly: actor.permissions.readOnly, clinician: actor.permissions.clinician,
  validStates: actor.licenceStates.validStates,
});

/** The message as the API answers it (spec 3 §3), with this viewer's reply right. */
export function present(row: MessageDbRow, actor: Actor): Message {
  const viewer = repo.viewerOf(actor);
  const fromPatient = row.fromActorType === 'P';
  const patientName = `${row.patientFirstName} ${row.patientLastName}`;
  const direct = fromPatient ? row.toClinicianId === actor.sub || (row.toClinicianId === null && viewer.sharedMailbox) : row.senderSub === actor.sub;
  const ccOnly = !direct && !viewer.seesAll && row.ccGroups.some((g) => actor.groups.includes(g));
  const refusal = replyRefusal({ ccOnly, reply: row.replyAllowed, state: row.patientState }, replyViewer(actor));
  return {
    id: row.id, messageUUID: row.id, messageParentUUID: row.parentId, patientId: row.patientId, subject: row.subject,
    ...(row.content !== undefined ? { content: sanitizeHtml(row.content) } : {}),
    messageType: row.messageType,
    from: fromPatient ? patientName : row.senderName ?? 'Clinician',
    fromUser: fromPatient
      ? { addresseeType: 'P', email: row.patientEmail, userId: row.patientId, firstName: row.patientFirstName, lastName: row.patientLastName, phoneNumber: row.patientPhone }
      : { addresseeType: 'C', email: row.senderEmail, userId: row.senderSub, firstName: row.senderName, lastName: null, phoneNumber: row.senderPhone },
    fromID: fromPatient ? row.patientId : row.senderSub,
    fromField: (fromPatient ? row.patientEmail : row.senderEmail) ?? '',
    toUsers: fromPatient ? (row.toClinicianId ? [{ addresseeType: 'C', userId: row.toClinicianId }] : []) : [{ addresseeType: 'P', userId: row.patientId }],
    to: fromPatient ? row.toClinicianName : patientName,
    toNames: fromPatient ? row.toClinicianName ?? '' : patientName,
    ccToGroupNames: row.ccGroups, ccOnly, reply: row.replyAllowed,
    createdDateTime: row.createdAt.toISOString(), readDateTime: row.readAt?.toISOString() ?? null, readBy: row.readBy, repliedBy: row.repliedBy,
    unread: row.unread, sentToMe: row.toClinicianId === actor.sub, fromActorType: row.fromActorType,
    patientDob: row.patientDob, state: row.patientState,
    attachmentUrls: row.attachments.map((a) => ({
      name: `${a.key.split('/').pop()?.split('.')[0]}_${a.name}`, size: a.size, url: `${DOWNLOAD}${a.key}`,
    })),
    latestStatus: row.status, latestComment: row.latestComment, latestCommentBy: row.latestCommentBy,
    canReply: refusal === null, readOnlyReason: refusal,
  };
}

/** A list row: in clear inside the scope, else every value XXXXXX but its id and time (no action is possible). */
function presentRow(row: MessageDbRow, actor: Actor): MessageRow {
  const m = present(row, actor);
  if (inScope(actor, { patientState: row.patientState, patientId: row.patientId })) return m;
  return { ...maskRecord(m as unknown as Record<string, unknown>), id: row.id, createdDateTime: m.createdDateTime, masked: true };
}

export async function listMessages(deps: MessageDeps, actor: Actor, audit: Audit, kind: ListKind, q: MessageListQuery) {
  if (typeof kind === 'object') {
    const patient = await repo.patientOf(deps.pool, kind.patientId);
    if (!patient || !inScope(actor, { patientState: patient.state, patientId: kind.patientId })) throw notFound('no such patient');
  }
  const { rows, total } = await repo.listMessages(deps.pool, actor, kind, q);
  await audit.many(deps.pool, 'LIST', rows.map((r) => ({
    entityId: r.id, patientId: inScope(actor, { patientState: r.patientState, patientId: r.patientId }) ? r.patientId : null,
  })));
  return { items: rows.map((r) => presentRow(r, actor)), total };
}

export const newMessageCount = async (deps: MessageDeps, actor: Actor) => ({ count: await repo.unreadCount(deps.pool, actor) });

/** One message with its thread and annotations; opening it from the inbox marks it read for this user. */
export async function getMessage(deps: MessageDeps, actor: Actor, audit: Audit, id: string, markRead: boolean): Promise<MessageDetail> {
  return withTx(deps.pool, async (client) => {
    let row = await repo.findVisible(client, actor, id);
    if (!row || !inScope(actor, { patientState: row.patientState, patientId: row.patientId })) throw notFound(NOT_FOUND);
    if (markRead && row.unread) {
      await repo.markRead(client, id, actor.sub, `${actor.givenName} ${actor.familyName}`);
      await messageHistory(client, actor, [id], 'READ');
      row = (await repo.findVisible(client, actor, id))!;
    }
    const [thread, annotations] = await Promise.all([
      repo.thread(client, actor, row.parentId ?? row.id), repo.annotations(client, id),
    ]);
    await audit.one(client, { action: markRead ? 'READ_INBOX' : 'READ', entityType: 'message', entityId: id, patientId: row.patientId, outcome: 'SUCCESS' });
    return {
      ...present(row, actor),
      thread: thread.map((t) => present(t, actor)),
      annotations: annotations.map((a) => ({ ...a, createdDateTime: a.createdAt.toISOString() })),
    };
  });
}

/** Status annotation of one or several messages (spec 3 §4): only messages already replied to; all or nothing. */
export async function annotate(deps: MessageDeps, actor: Actor, audit: Audit, input: { comment: string; status: MessageStatus; msgIds: string[] }) {
  return withTx(deps.pool, async (client) => {
    const rows = await repo.lockForAnnotation(client, actor, input.msgIds);
    if (rows.length !== input.msgIds.length || rows.some((r) => !inScope(actor, { patientState: r.patientState, patientId: r.patientId }))) throw notFound(NOT_FOUND);
    if (rows.some((r) => !r.replied)) throw conflict(MESSAGE_TEXT.notReplied);
    await repo.addAnnotations(client, rows, { status: input.status, comment: input.comment, authorSub: actor.sub, authorName: `${actor.givenName} ${actor.familyName}` });
    await messageHistory(client, actor, rows.map((r) => r.id), 'ANNOTATE', input.status);
    await audit.many(client, 'ANNOTATE', rows.map((r) => ({ entityId: r.id, patientId: r.patientId })));
    return { msgIds: rows.map((r) => r.id), status: input.status };
  });
}
export type { AnnotationInput };

interface Body { base64Message: string; attachmentUrls: string[] }

/** The body decoded and sanitised with the one sanitiser; refused when nothing readable is left. */
function storedContent(b64: string): string {
  const html = fromBase64Utf8(b64);
  if (html === null) throw badRequest(MESSAGE_TEXT.badBase64);
  const clean = sanitizeHtml(html);
  if (!htmlText(clean)) throw badRequest(MESSAGE_TEXT.messageEmpty);
  return clean;
}

/** The attachments to link: message attachments this user uploaded for this patient that no message uses yet (else 400). */
async function attachmentsOf(deps: MessageDeps, client: Db, actor: Actor, urls: string[], patientId: string) {
  const keys = urls.map((u) => deps.storage.keyOf(u.startsWith(DOWNLOAD) ? `local://${u.slice(DOWNLOAD.length)}` : u) ?? deps.storage.keyOf(u));
  if (keys.some((k) => !k || !k.startsWith('MESSAGE_ATTACHMENTS/')) || new Set(keys).size !== keys.length) throw badRequest(MESSAGE_TEXT.attachmentNotYours);
  const files = keys.length ? await repo.unlinkedUploads(client, keys as string[], actor.sub, patientId) : [];
  if (files.length !== keys.length) throw badRequest(MESSAGE_TEXT.attachmentNotYours);
  return files;
}

async function notifyPatient(deps: MessageDeps, client: Db, email: string | null) {
  // The e-mail says only that a message is waiting: no name, subject or text (no PHI leaves by e-mail).
  if (email) await deps.mailer.send(client, { bookingId: null, kind: 'SECURE_MESSAGE', to: email, subject: MESSAGE_TEXT.mailSubject, text: MESSAGE_TEXT.mailText });
}

async function created(client: Db, actor: Actor, id: string) {
  return present((await repo.findVisible(client, actor, id))!, actor);
}

/** POST /secure/message/patient and /v2/toPatient: a new secure message to a patient in the sender's scope. */
export async function sendToPatient(deps: MessageDeps, actor: Actor, audit: Audit, body: Body & { patientId: string; subject?: string }) {
  const content = storedContent(body.base64Message);
  return withTx(deps.pool, async (client) => {
    const patient = await repo.patientOf(client, body.patientId);
    if (!patient || !inScope(actor, { patientState: patient.state, patientId: patient.id })) throw notFound('no such patient');
    const refusal = sendRefusal(patient.state, replyViewer(actor));
    if (refusal) throw forbidden(readOnlyTooltip(refusal));
    const files = await attachmentsOf(deps, client, actor, body.attachmentUrls, patient.id);
    const id = await repo.insertMessage(client, {
      parentId: null, patientId: patient.id, subject: body.subject?.trim() || 'Message from your care team', content,
      messageType: 'DIRECT_MESSAGE', fromSub: actor.sub, fromName: `${actor.givenName} ${actor.familyName}`, ccGroups: [],
    });
    await repo.linkAttachments(client, id, patient.id, files);
    await notifyPatient(deps, client, patient.email);
    await messageHistory(client, actor, [id], 'SEND');
    await audit.one(client, { action: 'SEND', entityType: 'message', entityId: id, patientId: patient.id, outcome: 'SUCCESS' });
    return created(client, actor, id);
  });
}

/** A reply in a thread (spec 3 §4, §6): only with the reply right; the thread's patient, type and CC groups. */
export async function reply(deps: MessageDeps, actor: Actor, audit: Audit, id: string, body: Body) {
  const content = storedContent(body.base64Message);
  return withTx(deps.pool, async (client) => {
    const row = await repo.findVisible(client, actor, id, true);
    if (!row || !inScope(actor, { patientState: row.patientState, patientId: row.patientId })) throw notFound(NOT_FOUND);
    const shown = present(row, actor);
    if (shown.readOnlyReason) throw forbidden(readOnlyTooltip(shown.readOnlyReason));
    const rootId = row.parentId ?? row.id;
    const root = rootId === row.id ? row : (await repo.threadRoot(client, rootId)) ?? row;
    const files = await attachmentsOf(deps, client, actor, body.attachmentUrls, row.patientId);
    const replyId = await repo.insertMessage(client, {
      parentId: rootId, patientId: row.patientId, subject: /^re:/i.test(root.subject) ? root.subject : `Re: ${root.subject}`, content,
      messageType: root.messageType, fromSub: actor.sub, fromName: `${actor.givenName} ${actor.familyName}`, ccGroups: root.ccGroups,
    });
    await repo.linkAttachments(client, replyId, row.patientId, files);
    await repo.markReplied(client, [...new Set([row.id, rootId])], `${actor.givenName} ${actor.familyName}`);
    await notifyPatient(deps, client, row.patientEmail);
    // The message answered and its thread's first message change (replied by) for everyone who may open them.
    await messageHistory(client, actor, [row.id, rootId, replyId], 'REPLY');
    await audit.one(client, { action: 'REPLY', entityType: 'message', entityId: replyId, patientId: row.patientId, outcome: 'SUCCESS' });
    return created(client, actor, replyId);
  });
}

/** The compose screen's patient search: in-scope patients only. */
export async function recipients(deps: MessageDeps, actor: Actor, audit: Audit, q: { type: 'patient_email' | 'patient_dob' | 'patient_name'; term: string }): Promise<Recipient[]> {
  const rows = await repo.searchPatients(deps.pool, actor, q.type, q.term);
  await audit.many(deps.pool, 'SEARCH', rows.map((r) => ({ entityId: r.id, patientId: r.id })));
  return rows;
}

/** Whether a message attachment may be downloaded by this user (files routes ask before serving one). */
export async function attachmentAccess(db: Db, actor: Actor, key: string): Promise<{ allowed: boolean; patientId: string | null }> {
  const r = await repo.attachmentReadable(db, actor, key);
  const allowed = r.readable && (!r.patientId || inScope(actor, { patientState: r.patientState, patientId: r.patientId }));
  return { allowed, patientId: allowed ? r.patientId : null };
}
