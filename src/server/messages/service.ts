import { fromBase64Utf8, htmlText, type MessageDetail } from '../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import type { Mailer } from '../adapters/mail';
import type { ObjectStorage } from '../adapters/object-storage/types';
import type { DataAccess } from '../data/access';
import { badRequest } from '../errors';
import { sanitizeHtml } from '../sanitize';
import { DOWNLOAD } from './repository-present';
import type { MessageRepository } from './repository';

/** What the messages feature needs besides the data access: where attachments are stored, and the mailer. */
export interface MessageDeps {
  storage: Pick<ObjectStorage, 'keyOf'>;
  mailer: Mailer;
}

/** One message with its thread and annotations; opening it from the inbox marks it read for this user. */
export const getMessage = (data: DataAccess, id: string, markRead: boolean): Promise<MessageDetail> =>
  data.transaction((tx) => tx.messages.open(id, markRead));

/** Status annotation of one or several messages (spec 3 §4): only messages already replied to; all or nothing. */
export const annotate = (data: DataAccess, input: Parameters<MessageRepository['annotate']>[0]) =>
  data.transaction((tx) => tx.messages.annotate(input));

interface Body {
  base64Message: string;
  attachmentUrls: string[];
}

/** The body decoded and sanitised with the one sanitiser; refused when nothing readable is left. */
function storedContent(b64: string): string {
  const html = fromBase64Utf8(b64);
  if (html === null) throw badRequest(MESSAGE_TEXT.badBase64);
  const clean = sanitizeHtml(html);
  if (!htmlText(clean)) throw badRequest(MESSAGE_TEXT.messageEmpty);
  return clean;
}

/** The attachments to link: message attachments this user uploaded for this patient that no message uses yet (else 400). */
async function attachmentsOf(deps: MessageDeps, messages: MessageRepository, urls: string[], patientId: string) {
  const keys = urls.map((u) => deps.storage.keyOf(u.startsWith(DOWNLOAD) ? `local://${u.slice(DOWNLOAD.length)}` : u) ?? deps.storage.keyOf(u));
  if (keys.some((k) => !k || !k.startsWith('MESSAGE_ATTACHMENTS/')) || new Set(keys).size !== keys.length)
    throw badRequest(MESSAGE_TEXT.attachmentNotYours);
  const files = keys.length ? await messages.unlinkedUploads(keys as string[], patientId) : [];
  if (files.length !== keys.length) throw badRequest(MESSAGE_TEXT.attachmentNotYours);
  return files;
}

/** POST /secure/message/patient and /v2/toPatient: a new secure message to a patient in the sender's scope. */
export async function sendToPatient(deps: MessageDeps, data: DataAccess, body: Body & { patientId: string; subject?: string }) {
  const content = storedContent(body.base64Message);
  return data.transaction(async (tx) => {
    const patient = await tx.messages.recipientPatient(body.patientId);
    const files = await attachmentsOf(deps, tx.messages, body.attachmentUrls, patient.id);
    const id = await tx.messages.insert(
      {
        parentId: null,
        patientId: patient.id,
        subject: body.subject?.trim() || 'Message from your care team',
        content,
        messageType: 'DIRECT_MESSAGE',
        ccGroups: [],
      },
      files,
      'SEND',
    );
    await tx.messages.notifyPatient(deps.mailer, patient.email);
    await tx.messages.history([id], 'SEND');
    return tx.messages.shown(id);
  });
}

/** A reply in a thread (spec 3 §4, §6): only with the reply right; the thread's patient, type and CC groups. */
export async function reply(deps: MessageDeps, data: DataAccess, id: string, body: Body) {
  const content = storedContent(body.base64Message);
  return data.transaction(async (tx) => {
    const row = await tx.messages.replyable(id);
    const rootId = row.parentId ?? row.id;
    const root = rootId === row.id ? row : ((await tx.messages.threadRoot(rootId)) ?? row);
    const files = await attachmentsOf(deps, tx.messages, body.attachmentUrls, row.patientId);
    const replyId = await tx.messages.insert(
      {
        parentId: rootId,
        patientId: row.patientId,
        subject: /^re:/i.test(root.subject) ? root.subject : `Re: ${root.subject}`,
        content,
        messageType: root.messageType,
        ccGroups: root.ccGroups,
      },
      files,
      'REPLY',
    );
    await tx.messages.markReplied([...new Set([row.id, rootId])]);
    await tx.messages.notifyPatient(deps.mailer, row.patientEmail);
    // The message answered and its thread's first message change (replied by) for everyone who may open them.
    await tx.messages.history([row.id, rootId, replyId], 'REPLY');
    return tx.messages.shown(replyId);
  });
}
