import type { Message, MessageDetail, Recipient } from '../../domain/messages/secure-messages';

/** Test data of the message screens (not shipped). */
export const PATIENT_ID = '22222222-2222-4222-8222-222222222222';

export const recipient = (o: Partial<Recipient> = {}): Recipient => ({
  id: PATIENT_ID,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  dob: '1990-05-20',
  state: 'NV',
  ...o,
});

export const message = (id: string, o: Partial<Message> = {}): Message => ({
  id,
  messageUUID: id,
  messageParentUUID: null,
  patientId: PATIENT_ID,
  subject: 'Question about my results',
  content: '<p>Hello <b>doctor</b></p>',
  messageType: 'MESSAGE',
  from: 'Ann Lee',
  fromUser: { addresseeType: 'P', email: 'ann.lee@example.com', userId: PATIENT_ID, firstName: 'Ann', lastName: 'Lee', phoneNumber: null },
  fromID: PATIENT_ID,
  fromField: 'ann.lee@example.com',
  toUsers: [{ addresseeType: 'C', userId: 'sub-1' }],
  to: 'Jane Doe',
  toNames: 'Jane Doe',
  ccToGroupNames: [],
  ccOnly: false,
  reply: true,
  createdDateTime: '2026-11-23T14:05:00.000Z',
  readDateTime: null,
  readBy: null,
  repliedBy: null,
  unread: true,
  sentToMe: true,
  fromActorType: 'P',
  patientDob: '1990-05-20',
  state: 'NV',
  attachmentUrls: [],
  latestStatus: null,
  latestComment: null,
  latestCommentBy: null,
  canReply: true,
  readOnlyReason: null,
  ...o,
});

export const detail = (id: string, o: Partial<MessageDetail> = {}): MessageDetail => {
  const m = message(id, o);
  return { ...m, thread: [m], annotations: [], ...o };
};

/** A File of `size` bytes with a name and type. */
export const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
