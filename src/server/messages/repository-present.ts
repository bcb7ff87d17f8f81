import { maskRecord } from '../../domain/shared/masking';
import { replyRefusal, type Message, type MessageRow, type ReplyViewer } from '../../domain/messages/secure-messages';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { sanitizeStoredHtml } from '../sanitize';
import { viewerOf, type MessageDbRow } from './repository-sql';

/** Where an attachment is downloaded from (files routes serve it after asking the messages repository). */
export const DOWNLOAD = '/secure/file/download/';

export const replyViewer = (actor: Actor): ReplyViewer => ({
  superAdmin: actor.permissions.superAdmin,
  readOnly: actor.permissions.readOnly,
  clinician: actor.permissions.clinician,
  validStates: actor.licenceStates.validStates,
});

/** The message as the API answers it (spec 3 §3), with this viewer's reply right. */
export function present(row: MessageDbRow, actor: Actor): Message {
  const viewer = viewerOf(actor);
  const fromPatient = row.fromActorType === 'P';
  const patientName = `${row.patientFirstName} ${row.patientLastName}`;
  const direct = fromPatient ? row.toClinicianId === actor.sub || (row.toClinicianId === null && viewer.sharedMailbox) : row.senderSub === actor.sub;
  const ccOnly = !direct && !viewer.seesAll && row.ccGroups.some((g) => actor.groups.includes(g));
  const refusal = replyRefusal({ ccOnly, reply: row.replyAllowed, state: row.patientState }, replyViewer(actor));
  return {
    id: row.id,
    messageUUID: row.id,
    messageParentUUID: row.parentId,
    patientId: row.patientId,
    subject: row.subject,
    ...(row.content !== undefined ? { content: sanitizeStoredHtml(row.content) } : {}),
    messageType: row.messageType,
    from: fromPatient ? patientName : (row.senderName ?? 'Clinician'),
    fromUser: fromPatient
      ? {
          addresseeType: 'P',
          email: row.patientEmail,
          userId: row.patientId,
          firstName: row.patientFirstName,
          lastName: row.patientLastName,
          phoneNumber: row.patientPhone,
        }
      : {
          addresseeType: 'C',
          email: row.senderEmail,
          userId: row.senderSub,
          firstName: row.senderName,
          lastName: null,
          phoneNumber: row.senderPhone,
        },
    fromID: fromPatient ? row.patientId : row.senderSub,
    fromField: (fromPatient ? row.patientEmail : row.senderEmail) ?? '',
    toUsers: fromPatient
      ? row.toClinicianId
        ? [{ addresseeType: 'C', userId: row.toClinicianId }]
        : []
      : [{ addresseeType: 'P', userId: row.patientId }],
    to: fromPatient ? row.toClinicianName : patientName,
    toNames: fromPatient ? (row.toClinicianName ?? '') : patientName,
    ccToGroupNames: row.ccGroups,
    ccOnly,
    reply: row.replyAllowed,
    createdDateTime: row.createdAt.toISOString(),
    readDateTime: row.readAt?.toISOString() ?? null,
    readBy: row.readBy,
    repliedBy: row.repliedBy,
    unread: row.unread,
    sentToMe: row.toClinicianId === actor.sub,
    fromActorType: row.fromActorType,
    patientDob: row.patientDob,
    state: row.patientState,
    attachmentUrls: row.attachments.map((a) => ({
      name: `${a.key.split('/').pop()?.split('.')[0]}_${a.name}`,
      size: a.size,
      url: `${DOWNLOAD}${a.key}`,
    })),
    latestStatus: row.status,
    latestComment: row.latestComment,
    latestCommentBy: row.latestCommentBy,
    canReply: refusal === null,
    readOnlyReason: refusal,
  };
}

/** A list row: in clear inside the scope, else every value XXXXXX but its id and time (no action is possible). */
export function presentRow(row: MessageDbRow, actor: Actor): MessageRow {
  const m = present(row, actor);
  if (inScope(actor, { patientState: row.patientState, patientId: row.patientId })) return m;
  return { ...maskRecord(m as unknown as Record<string, unknown>), id: row.id, createdDateTime: m.createdDateTime, masked: true };
}
