import { z } from 'zod';
import { MAX_ATTACHMENTS } from '../files/files';
import { MESSAGE_TEXT } from '../i18n/en/message';

/**
 * Secure messages (spec 3 §2-§9): types, statuses, reply rights, the API's shapes and the screen texts. One
 * implementation shared by the server (routes, service) and the portal (inbox, detail, compose).
 */
export const MESSAGE_TYPES = ['TEST_RESULT', 'APPOINTMENT_REQUEST', 'MESSAGE', 'DIRECT_MESSAGE', 'FREE_PREP_PROGRAM', 'BELUGA'] as const;

/** Message status (spec 3 §4): any of the three, no ordering, always with a reason. */
export const MESSAGE_STATUSES = ['NEEDS_REVIEW', 'IN_PROGRESS', 'DONE'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_COLOR: Record<MessageStatus, 'error' | 'warning' | 'success'> = {
  NEEDS_REVIEW: 'error',
  IN_PROGRESS: 'warning',
  DONE: 'success',
};

/** Recipient previews are cut at 50 characters (spec 3 §2, §9). */
export const RECIPIENT_PREVIEW_CHARS = 50;
export const MAX_MESSAGE_HTML = 100_000;
export const MAX_SUBJECT = 200;
export const MAX_REASON = 1000;
/** Patient search delay (spec 3 §9). */
export const PATIENT_SEARCH_DELAY_MS = 200;
/** The inbox's table page sizes (spec 3 §9). */
export const MESSAGE_PAGE_SIZES = [50, 100, 200, 500] as const;

/** The patient search types of the compose screen (spec 3 §5; the name/e-mail/DOB subset the issue asks for). */
export const RECIPIENT_SEARCH_TYPES = ['patient_email', 'patient_dob', 'patient_name'] as const;
export type RecipientSearchType = (typeof RECIPIENT_SEARCH_TYPES)[number];
export const RECIPIENT_SEARCH_LABELS: Record<RecipientSearchType, string> = { patient_email: 'Email', patient_dob: 'DOB', patient_name: 'Name' };

/** Why a user may not reply to a thread, or null when it may (spec 3 §4, §6). */
export type ReplyRefusal = 'ccOnly' | 'noReply' | 'licence' | 'readOnlyRole';

export interface ReplyViewer {
  superAdmin: boolean;
  readOnly: boolean;
  /** A clinician (the only non-admin role that writes to patients). */
  clinician: boolean;
  validStates: readonly string[];
}

export function replyRefusal(m: { ccOnly: boolean; reply: boolean; state: string | null }, viewer: ReplyViewer): ReplyRefusal | null {
  if (viewer.readOnly) return 'readOnlyRole';
  if (m.ccOnly) return 'ccOnly';
  if (!m.reply) return 'noReply';
  if (viewer.superAdmin) return null;
  if (viewer.clinician && !!m.state && viewer.validStates.includes(m.state)) return null;
  return 'licence';
}

/** Whether a new message to a patient of this state may be sent (the reply right without a thread). */
export const sendRefusal = (state: string | null, viewer: ReplyViewer) => replyRefusal({ ccOnly: false, reply: true, state }, viewer);

/** The 'Read only' badge's tooltip for a refusal. */
export const readOnlyTooltip = (r: ReplyRefusal) => (r === 'ccOnly' ? MESSAGE_TEXT.ccOnlyTooltip : MESSAGE_TEXT.readOnlyTooltip);

/** Recipient previews: at most 50 characters, with an ellipsis when cut. */
export function recipientPreview(text: string | null | undefined): string {
  const s = (text ?? '').trim();
  return s.length > RECIPIENT_PREVIEW_CHARS ? `${s.slice(0, RECIPIENT_PREVIEW_CHARS)}...` : s;
}

/** An attachment's shown name: the part after the first underscore (stored names are <file id>_<name>). */
export function attachmentDisplayName(name: string): string {
  const i = name.indexOf('_');
  return i >= 0 ? name.slice(i + 1) : name;
}

/** Visible text of an HTML body (for the empty check); tags removed, entities of spaces collapsed. */
export const htmlText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();

/** Base64 of UTF-8 text, the same in the browser and in Node. */
export function toBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Decodes base64 UTF-8 text; null when it is not base64. */
export function fromBase64Utf8(b64: string): string | null {
  const clean = b64.replace(/\s+/g, '');
  if (!BASE64.test(clean) || clean.length % 4 !== 0) return null;
  try {
    const bin = atob(clean);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

// ---- API shapes -------------------------------------------------------------------------------------------------

const attachmentUrls = z.array(z.string().trim().min(1).max(1000)).max(MAX_ATTACHMENTS, MESSAGE_TEXT.tooManyFiles).default([]);

/** Outgoing secure message (spec 3 §3): POST /secure/message/patient and /v2/toPatient. */
export const outgoingMessageSchema = z.strictObject({
  patientId: z.guid(MESSAGE_TEXT.selectPatient),
  subject: z.string().trim().max(MAX_SUBJECT).optional(),
  base64Message: z
    .string()
    .min(1, MESSAGE_TEXT.messageEmpty)
    .max(Math.ceil((MAX_MESSAGE_HTML * 4) / 3) + 4),
  rawMessage: z.string().max(MAX_MESSAGE_HTML).default(''),
  attachmentUrls,
});
export type OutgoingMessage = z.input<typeof outgoingMessageSchema>;

/** A reply in a thread: the same body without the patient (the thread's). */
export const replySchema = outgoingMessageSchema.omit({ patientId: true, subject: true });
export type ReplyInput = z.input<typeof replySchema>;

/** Message annotation (spec 3 §3): msgIds comma-joined. */
export const annotationSchema = z.strictObject({
  comment: z.string().trim().min(1, MESSAGE_TEXT.enterReason).max(MAX_REASON),
  status: z.enum(MESSAGE_STATUSES, MESSAGE_TEXT.enterReason),
  msgIds: z
    .string()
    .trim()
    .min(1)
    .max(37 * 500)
    .transform((s, ctx) => {
      const ids = [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ];
      if (!ids.length || ids.some((id) => !z.guid().safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'msgIds must be comma-joined message ids' });
        return z.NEVER;
      }
      return ids;
    }),
});
export type AnnotationInput = z.input<typeof annotationSchema>;

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false);
export const MESSAGE_SORTS = ['createdDateTime', 'subject', 'from', 'to', 'latestStatus', 'patientDob', 'state'] as const;
/** List query of inbox / sent / other clinicians / patient: server paging, sort and the spec's toggles. */
export const messageListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(100),
  sort: z.enum(MESSAGE_SORTS).default('createdDateTime'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  myStates: flag,
  unanswered: flag,
  sentToMe: flag,
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export const attachmentSchema = z.object({ name: z.string(), size: z.number().int(), url: z.string() });
export type MessageAttachment = z.infer<typeof attachmentSchema>;

const nullableText = z.string().nullable();
/** Message (spec 3 §3), as lists and the detail answer it (the response schema is the allowlist). */
export const messageSchema = z.object({
  id: z.string(),
  messageUUID: z.string(),
  messageParentUUID: nullableText,
  patientId: z.string(),
  subject: z.string(),
  content: z.string().optional(),
  messageType: z.string(),
  from: z.string(),
  fromUser: z.object({
    addresseeType: z.string(),
    email: nullableText,
    userId: nullableText,
    firstName: nullableText,
    lastName: nullableText,
    phoneNumber: nullableText,
  }),
  fromID: nullableText,
  fromField: z.string(),
  toUsers: z.array(z.object({ addresseeType: z.string(), userId: nullableText })),
  to: nullableText,
  toNames: z.string(),
  ccToGroupNames: z.array(z.string()),
  ccOnly: z.boolean(),
  reply: z.boolean(),
  createdDateTime: z.string(),
  readDateTime: nullableText,
  readBy: nullableText,
  repliedBy: nullableText,
  unread: z.boolean(),
  sentToMe: z.boolean(),
  fromActorType: z.string(),
  patientDob: nullableText,
  state: nullableText,
  attachmentUrls: z.array(attachmentSchema),
  latestStatus: z.enum(MESSAGE_STATUSES).nullable(),
  latestComment: nullableText,
  latestCommentBy: nullableText,
  /** Whether this user may reply (spec 3 §4), and why not. */
  canReply: z.boolean(),
  readOnlyReason: z.enum(['ccOnly', 'noReply', 'licence', 'readOnlyRole']).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** A list row outside a licence-bound clinician's scope: every value XXXXXX but its id and time. */
export const maskedMessageSchema = z.object({ id: z.string(), createdDateTime: z.string(), masked: z.literal(true) }).catchall(z.unknown());
export const messageRowSchema = z.union([messageSchema, maskedMessageSchema]);
export type MessageRow = Message | (z.infer<typeof maskedMessageSchema> & Partial<Message>);

export const annotationRecordSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  comment: z.string(),
  authorName: z.string(),
  createdDateTime: z.string(),
});

/** GET /secure/message/{id}: the message, its thread (oldest first) and its annotation history (newest first). */
export const messageDetailSchema = messageSchema.extend({
  thread: z.array(messageSchema),
  annotations: z.array(annotationRecordSchema),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const recipientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: nullableText,
  dob: nullableText,
  state: nullableText,
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientQuerySchema = z.strictObject({
  type: z.enum(RECIPIENT_SEARCH_TYPES, MESSAGE_TEXT.patientSearchFailed),
  term: z.string().trim().toLowerCase().min(2).max(200),
});

// ---- Portal forms -----------------------------------------------------------------------------------------------

/** The New Message form (spec 3 §5): a patient from the list, a non-empty body, at most 5 attachments, the switch. */
export const composeFormSchema = z.object({
  patientId: z.string({ error: MESSAGE_TEXT.selectPatient }).min(1, MESSAGE_TEXT.selectPatient),
  subject: z.string().max(MAX_SUBJECT).optional().default(''),
  body: z.string({ error: MESSAGE_TEXT.messageEmpty }).refine((html) => htmlText(html).length > 0, MESSAGE_TEXT.messageEmpty),
  attachments: z.array(attachmentSchema).max(MAX_ATTACHMENTS, MESSAGE_TEXT.tooManyFiles).default([]),
});
export type ComposeForm = z.input<typeof composeFormSchema>;

/**
 * Whether the New Message form holds work that leaving the page would lose: a subject, a body with text, an attachment
 * or a patient the user picked (a patient preset by the link alone is not a draft).
 */
export function hasUnsentDraft(v: Partial<ComposeForm>, presetPatientId?: string | null): boolean {
  return (
    !!v.subject?.trim() ||
    htmlText(v.body ?? '').length > 0 ||
    (v.attachments?.length ?? 0) > 0 ||
    (!!v.patientId && v.patientId !== (presetPatientId ?? ''))
  );
}

/** The Update Status dialog: a status and a reason, else 'Please enter a reason'. */
export const statusFormSchema = z.object({
  status: z.enum(MESSAGE_STATUSES, MESSAGE_TEXT.enterReason),
  comment: z.string({ error: MESSAGE_TEXT.enterReason }).trim().min(1, MESSAGE_TEXT.enterReason).max(MAX_REASON),
});

/** Whether a message may be picked for a bulk status update: only those already replied to (spec 3 §4). */
export const isSelectableForStatus = (m: Pick<Message, 'repliedBy'> & { masked?: boolean }) => !m.masked && !!m.repliedBy;

/** Message time as 'ddd MMM D, YYYY LT' (spec 3 §2), e.g. 'Mon Nov 23, 2026 2:05 PM', in the user's time zone. */
export function formatMessageTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = d.toLocaleDateString('en-US', { weekday: 'short' });
  const month = d.toLocaleDateString('en-US', { month: 'short' });
  const time = d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${day} ${month} ${d.getDate()}, ${d.getFullYear()} ${time}`;
}

/** The recipients line of a message: its addressees and CC groups, cut at 50 characters. */
export function recipientsLine(m: Pick<Message, 'toNames' | 'ccToGroupNames'>): string {
  return recipientPreview([m.toNames, ...m.ccToGroupNames.map((g) => `CC: ${g}`)].filter(Boolean).join(', '));
}

/** A message to the shared clinician mailbox (no recipient): shown as the 'All' button. */
export const isSharedMailbox = (m: Pick<Message, 'fromActorType' | 'toUsers'>) => m.fromActorType === 'P' && m.toUsers.length === 0;

/** 'Sent - Other Clinicians' is shown to super admins and read-only auditors only (spec 3 §2, §6). */
export const seesOtherClinicians = (p: { superAdmin: boolean; roles: readonly string[] }) => p.superAdmin || p.roles.includes('auditor_read_only');
/** New Message and replies: clinicians and super admins that may write (auditors read only). */
export const maySendMessages = (p: { superAdmin: boolean; clinician: boolean; readOnly: boolean }) => (p.superAdmin || p.clinician) && !p.readOnly;
