import { z } from 'zod';
import { NOTE_TEXT as NOTE_RULE_TEXT, NOTE_TOO_LARGE_TEXT } from '../i18n/en/chart-note';

/** Chart note vocabulary (spec 1 §3, spec 2 §3). */
export const NOTE_TYPES = [
  'CLINICIAN_NOTE',
  'APPOINTMENT_NOTE',
  'REGISTERED_NURSE_NOTE',
  'ANCILLARY_STAFF_NOTE',
  'PATIENT_QUESTIONNAIRE_RESPONSE',
] as const;
/** Accepted as a stored type (written by the external provider), never offered for new notes. */
export const STORED_ONLY_NOTE_TYPES = ['BELUGA_HEALTH'] as const;
export const ALL_NOTE_TYPES = [...NOTE_TYPES, ...STORED_ONLY_NOTE_TYPES] as const;
export type NoteType = (typeof ALL_NOTE_TYPES)[number];
export const NOTE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export const NOTE_VISIBILITIES = ['INTERNAL_NOTE', 'EXTERNAL_NOTE'] as const;
export const NOTE_REFERENCE_TYPES = ['BOOKING', 'KIT'] as const;
/** A note may also be written from a test result: it is stored against the result's kit (KIT). */
export const NOTE_INPUT_REFERENCE_TYPES = [...NOTE_REFERENCE_TYPES, 'TEST_RESULT'] as const;

/** 389120 bytes (380 KB), spec 1 §9. */
export const MAX_NOTE_BYTES = 389_120;

/** The content rules' texts; the size text names the note's size in KB. */
export const NOTE_TEXT = {
  ...NOTE_RULE_TEXT,
  tooLarge: (kb: number) => NOTE_TOO_LARGE_TEXT.replace('%{kb}', String(kb)),
} as const;

/** Templates mark what the writer must fill in as [[required: ...]]; a note still holding one is refused. */
export const REQUIRED_MARKER = /\[\[\s*required\b[^\]]*\]\]/i;
/**
 * Images are uploaded separately, never kept inside the note: a pasted inline (data:) image, a remote one (which the
 * CSP blocks, and which could track the reader) and `<image>` (an HTML parser makes it an img) are all refused.
 */
const PASTED_IMAGE = /<im(?:g|age)\b/i;

/** Whether rich text holds an image (refused in a note: images are uploaded separately). */
export const containsNoteImage = (html: string) => PASTED_IMAGE.test(html);

const byteLength = (s: string) => new TextEncoder().encode(s).length;
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/** The content rules of spec 1 §5 in the order the user meets them; null when the note may be saved. */
export function noteContentError(html: string): string | null {
  if (visibleText(html) === '' && !PASTED_IMAGE.test(html)) return NOTE_TEXT.empty;
  if (REQUIRED_MARKER.test(html)) return NOTE_TEXT.required;
  if (PASTED_IMAGE.test(html)) return NOTE_TEXT.pastedImage;
  const bytes = byteLength(html);
  if (bytes > MAX_NOTE_BYTES) return NOTE_TEXT.tooLarge(Math.ceil(bytes / 1024));
  return null;
}

/**
 * The note's content rules (noteContentError) as a schema: the route's body and the portal's note form apply this one,
 * so the form shows before sending the very text the server refuses with.
 */
export const noteContentSchema = z.string().superRefine((html, ctx) => {
  const problem = noteContentError(html);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * Body of POST/PUT /secure/chartNote: the spec's field set. authorId, authorName, id and createdEpoch are
 * accepted for compatibility but ignored — the author always comes from the signed-in user.
 */
export const chartNoteInputSchema = z
  .object({
    personId: z.guid(),
    /** The content rules; a note over the size limit (the body's own limit is 1 MB) is refused with the size text. */
    note: noteContentSchema,
    noteType: z.enum(ALL_NOTE_TYPES, 'noteType is required'),
    referenceId: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9-]*$/)
      .nullable()
      .optional(),
    referenceType: z.enum(NOTE_INPUT_REFERENCE_TYPES).nullable().optional(),
    status: z.enum(NOTE_STATUSES).default('DRAFT'),
    visibility: z.enum(NOTE_VISIBILITIES).default('INTERNAL_NOTE'),
    id: z.string().optional(),
    authorId: z.string().optional(),
    authorName: z.string().optional(),
    createdEpoch: z.number().optional(),
    /** Set when saving a copy of an existing note (a new note is created). */
    clone: z.boolean().optional(),
    /** A new note that amends this PUBLISHED note of the same patient (published notes never change). Ignored on update. */
    amendsNoteId: z.guid().nullable().optional(),
  })
  .strict();
export type ChartNoteInput = z.infer<typeof chartNoteInputSchema>;

/** Published notes are part of the record: they are never changed, only amended by a new linked note. */
export const NOTE_REFUSAL = {
  published: 'a published note cannot be changed; write an amendment',
  amendDraft: 'only a published note can be amended; edit the draft instead',
} as const;

export interface StoredNoteFacts {
  status: string;
  authorId: string;
  noteType: string;
}

/**
 * Whether an existing note may be changed by `actorId` into `next` (spec 1 §4 plus the publish rule):
 * a PUBLISHED note never changes (it is amended); only its author edits a draft; a questionnaire response keeps its type
 * and no other note becomes one. Returns the reason it may not, or null.
 */
export function noteUpdateRefusal(existing: StoredNoteFacts, actorId: string, next: Pick<ChartNoteInput, 'status' | 'noteType'>): string | null {
  if (existing.status === 'PUBLISHED') return NOTE_REFUSAL.published;
  if (existing.authorId !== actorId) return 'only the author can change a note; clone it to write your own';
  if ((existing.noteType === 'PATIENT_QUESTIONNAIRE_RESPONSE') !== (next.noteType === 'PATIENT_QUESTIONNAIRE_RESPONSE')) {
    return 'the note type of a questionnaire response is locked';
  }
  return null;
}

/** New notes may not claim the questionnaire or stored-only types. */
export const creatableNoteType = (t: string) => (NOTE_TYPES as readonly string[]).includes(t) && t !== 'PATIENT_QUESTIONNAIRE_RESPONSE';
