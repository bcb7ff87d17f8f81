import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type {
  AnnotationInput,
  Message,
  MessageAttachment,
  MessageStatus,
  OutgoingMessage,
  Recipient,
  RecipientSearchType,
  ReplyInput,
} from '../../domain/messages/secure-messages';
import type { ApiFetch } from './httpClient';

const M = '/secure/message';

/** The object key of an uploaded file's url (local://KEY or s3://bucket/KEY). */
const keyOfUrl = (url: string) => url.replace(/^local:\/\//, '').replace(/^s3:\/\/[^/]+\//, '');

/**
 * The secure-message calls of spec 3 §7 that are actions, not CRUD of the `messages` resources (their lists and one
 * are in resources.ts): the new-message count, annotations, send, reply, recipient search and the attachment files.
 */
export function createMessageMethods(api: ApiFetch) {
  const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
  return {
    newMessageCount: (): Promise<{ count: number }> => api(`${M}/new/count`),
    annotateMessages: (body: AnnotationInput): Promise<{ msgIds: string[]; status: MessageStatus }> =>
      api(`${M}/addAnnotationToMsgs`, { method: 'POST', body }),
    sendSecureMessage: (body: OutgoingMessage, key: string): Promise<Message> =>
      api(`${M}/v2/toPatient`, { method: 'POST', body, headers: keyed(key) }),
    replyToMessage: (id: string, body: ReplyInput, key: string): Promise<Message> =>
      api(`${M}/reply/${encodeURIComponent(id)}`, { method: 'POST', body, headers: keyed(key) }),
    searchRecipients: (type: RecipientSearchType, term: string, signal?: AbortSignal): Promise<Recipient[]> =>
      api(`${M}/recipients`, { query: { type, term }, signal }),
    /** The recipient of `/inbox?action=compose&pid=` (GET /secure/patient/detailsBySubId/{id}). */
    messageRecipient: async (patientId: string): Promise<Recipient> => {
      const p = await api<{ id: string; firstName: string; lastName: string; email: string | null; dob: string | null; state: string | null }>(
        `/secure/patient/detailsBySubId/${encodeURIComponent(patientId)}`,
      );
      return { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, dob: p.dob, state: p.state };
    },
    /** POST /secure/file/upload/MESSAGE_ATTACHMENTS?patientId= (multipart, linked to the message's patient): body.url is what a message links. */
    uploadMessageAttachment: (file: File, patientId: string): Promise<MessageAttachment> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api('/secure/file/upload/MESSAGE_ATTACHMENTS', { method: 'POST', body: form, query: { patientId } });
    },
    deleteMessageAttachment: (url: string): Promise<{ deleted: boolean }> => api(`/secure/file/delete/${keyOfUrl(url)}`, { method: 'DELETE' }),
    /** The blob of a linked attachment (its url is the download path). */
    downloadMessageAttachment: (url: string): Promise<Blob> => api(url, { responseType: 'blob' }),
  };
}

export type MessageMethods = ReturnType<typeof createMessageMethods>;
