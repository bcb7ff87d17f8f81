import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import type {
  AnnotationInput,
  Message,
  MessageAttachment,
  MessageStatus,
  OutgoingMessage,
  Recipient,
  RecipientSearchType,
  ReplyInput,
} from '../../domain/secure-messages';
import type { ApiFetch } from './httpClient';

const M = '/secure/message';

/**
 * The secure-message calls of spec 3 §7 that are actions, not CRUD of the `messages` resources (their lists and one
 * are in resources.ts): the new-message count, annotations, send, reply, recipient search and the attachment files.
 */
export interface MessageMethods {
  newMessageCount(): Promise<{ count: number }>;
  annotateMessages(body: AnnotationInput): Promise<{ msgIds: string[]; status: MessageStatus }>;
  sendSecureMessage(body: OutgoingMessage, idempotencyKey: string): Promise<Message>;
  replyToMessage(id: string, body: ReplyInput, idempotencyKey: string): Promise<Message>;
  searchRecipients(type: RecipientSearchType, term: string, signal?: AbortSignal): Promise<Recipient[]>;
  /** The recipient of `/inbox?action=compose&pid=` (GET /secure/patient/detailsBySubId/{id}). */
  messageRecipient(patientId: string): Promise<Recipient>;
  /** POST /secure/file/upload/MESSAGE_ATTACHMENTS?patientId= (multipart, linked to the message's patient): body.url is what a message links. */
  uploadMessageAttachment(file: File, patientId: string): Promise<MessageAttachment>;
  deleteMessageAttachment(url: string): Promise<{ deleted: boolean }>;
  /** The blob of a linked attachment (its url is the download path). */
  downloadMessageAttachment(url: string): Promise<Blob>;
}

/** The object key of an uploaded file's url (local://KEY or s3://bucket/KEY). */
const keyOfUrl = (url: string) => url.replace(/^local:\/\//, '').replace(/^s3:\/\/[^/]+\//, '');

export function createMessageMethods(api: ApiFetch): MessageMethods {
  const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
  return {
    newMessageCount: () => api(`${M}/new/count`),
    annotateMessages: (body) => api(`${M}/addAnnotationToMsgs`, { method: 'POST', body }),
    sendSecureMessage: (body, key) => api(`${M}/v2/toPatient`, { method: 'POST', body, headers: keyed(key) }),
    replyToMessage: (id, body, key) => api(`${M}/reply/${encodeURIComponent(id)}`, { method: 'POST', body, headers: keyed(key) }),
    searchRecipients: (type, term, signal) => api(`${M}/recipients`, { query: { type, term }, signal }),
    messageRecipient: async (patientId) => {
      const p = await api<{ id: string; firstName: string; lastName: string; email: string | null; dob: string | null; state: string | null }>(
        `/secure/patient/detailsBySubId/${encodeURIComponent(patientId)}`,
      );
      return { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, dob: p.dob, state: p.state };
    },
    uploadMessageAttachment: (file, patientId) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api('/secure/file/upload/MESSAGE_ATTACHMENTS', { method: 'POST', body: form, query: { patientId } });
    },
    deleteMessageAttachment: (url) => api(`/secure/file/delete/${keyOfUrl(url)}`, { method: 'DELETE' }),
    downloadMessageAttachment: (url) => api(url, { responseType: 'blob' }),
  };
}
