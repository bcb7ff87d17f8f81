import { z } from 'zod';
import { MAX_NOTE_BYTES } from '../chart-notes/chart-notes';

/**
 * Transcription of a consented visit (spec 2 §2.3, §2.4, §3 transcription record, §4 statuses and stage flow,
 * §7 transcription calls, §9 audio limits). Pure rules shared by the server and the portal.
 */
export const TRANSCRIPTION_STATUSES = ['IN_PROGRESS', 'AUDIO_UPLOADED', 'AWAITING_TRANSCRIBED_OUTPUT', 'COMPLETED', 'DISCARDED'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

/** Defaults of spec 2 §9. */
export const TRANSCRIPTION_SOURCE = 'CLINICIAN_PATIENT_CONVERSATION';
export const TRANSCRIPTION_REFERENCE_TYPES = ['BOOKING'] as const;
/** What the clinician may set through POST /status/{id}; submit and the engine move the rest. */
export const CLINICIAN_STATUS_UPDATES = ['AUDIO_UPLOADED', 'DISCARDED'] as const;

/** Who moves a transcription from one status to another. */
export type TranscriptionMover = 'clinician' | 'submit' | 'engine';

/**
 * The stage flow of spec 2 §4: recording (IN_PROGRESS) -> audio uploaded -> submitted (awaiting the engine) ->
 * COMPLETED. DISCARDED from any status but COMPLETED. When the engine fails for good, the transcription goes back
 * to AUDIO_UPLOADED so the clinician may submit it again.
 */
const TRANSITIONS: Record<TranscriptionStatus, Partial<Record<TranscriptionStatus, TranscriptionMover>>> = {
  IN_PROGRESS: { AUDIO_UPLOADED: 'clinician', DISCARDED: 'clinician' },
  AUDIO_UPLOADED: { AWAITING_TRANSCRIBED_OUTPUT: 'submit', DISCARDED: 'clinician' },
  AWAITING_TRANSCRIBED_OUTPUT: { COMPLETED: 'engine', AUDIO_UPLOADED: 'engine', DISCARDED: 'clinician' },
  COMPLETED: {},
  DISCARDED: {},
};

export const TRANSCRIPTION_REFUSAL = {
  alreadyInProgress: 'Transcription is already in progress',
  completed: 'The transcription is completed and can no longer change',
  discarded: 'The transcription was discarded',
  notUploaded: 'Upload the audio before submitting it',
  noAudio: 'No audio has been uploaded for this transcription',
  audioLocked: 'The audio can no longer change',
  notCompleted: 'The transcription is not completed yet',
  consumed: 'The transcription has already been saved as a chart note',
  notAuthor: 'Only the clinician who recorded this transcription may change it',
  notBookingPatient: 'The patient is not the patient of this booking',
  notWebm: 'The audio must be audio/webm',
  tooLarge: 'The audio is larger than the limit',
  partTooSmall: 'Every part but the last must be at least 5 MB',
  noUpload: 'No multipart upload is under way for this transcription',
} as const;

/** Why `from` may not become `to` by `mover`, or null when the transition is allowed. */
export function transitionRefusal(from: TranscriptionStatus, to: TranscriptionStatus, mover: TranscriptionMover): string | null {
  if (TRANSITIONS[from][to] === mover) return null;
  if (from === 'COMPLETED') return TRANSCRIPTION_REFUSAL.completed;
  if (from === 'DISCARDED') return TRANSCRIPTION_REFUSAL.discarded;
  if (to === 'AWAITING_TRANSCRIBED_OUTPUT') {
    return from === 'AWAITING_TRANSCRIBED_OUTPUT' ? TRANSCRIPTION_REFUSAL.alreadyInProgress : TRANSCRIPTION_REFUSAL.notUploaded;
  }
  if (from === 'AWAITING_TRANSCRIBED_OUTPUT' && to === 'AUDIO_UPLOADED') return TRANSCRIPTION_REFUSAL.alreadyInProgress;
  return `A transcription cannot go from ${from} to ${to}`;
}

/** Audio may be uploaded (single put or multipart) only while recording. */
export const audioWritable = (status: TranscriptionStatus) => status === 'IN_PROGRESS';

/** Saving the summary as a chart note: once, and only from a completed transcription. */
export function consumeRefusal(t: { status: TranscriptionStatus; isConsumed: boolean }): string | null {
  if (t.status !== 'COMPLETED') return TRANSCRIPTION_REFUSAL.notCompleted;
  if (t.isConsumed) return TRANSCRIPTION_REFUSAL.consumed;
  return null;
}

/** The completed view's select (spec 2 §2.4). */
export const TRANSCRIPT_VIEWS = ['CONVERSATION', 'SUMMARY'] as const;
export type TranscriptView = (typeof TRANSCRIPT_VIEWS)[number];

/** 'Save as' appears only for a completed, unconsumed transcript with the Summary view chosen (spec 2 §4). */
export const canSaveAs = (t: { status: TranscriptionStatus; isConsumed: boolean }, view: TranscriptView) =>
  view === 'SUMMARY' && consumeRefusal(t) === null;

/** Note types offered by 'Save as' (spec 2 §4); CLINICIAN_NOTE is the default. */
export const SAVE_AS_NOTE_TYPES = ['CLINICIAN_NOTE', 'APPOINTMENT_NOTE', 'REGISTERED_NURSE_NOTE', 'ANCILLARY_STAFF_NOTE'] as const;

/** Audio limits (spec 2 §7, §9): a chunk every 30 s, parts of at least 5 MiB, webm. */
export const AUDIO_CHUNK_MS = 30_000;
export const UPLOAD_PART_THRESHOLD_BYTES = 5_242_880;
export const AUDIO_MIME = 'audio/webm';
/** A part is the threshold plus at most one more chunk; 16 MiB leaves room for high bit rates. */
export const MAX_AUDIO_PART_BYTES = 16 * 1024 * 1024;
/** About three hours of Chromium's default opus bit rate. */
export const MAX_AUDIO_BYTES = 200 * 1024 * 1024;
export const MAX_AUDIO_PARTS = 100;

/** A webm file starts with the EBML magic 1A 45 DF A3 and declares the DocType "webm" in its header. */
export function isWebm(head: Uint8Array): boolean {
  if (head.length < 8 || head[0] !== 0x1a || head[1] !== 0x45 || head[2] !== 0xdf || head[3] !== 0xa3) return false;
  const text = String.fromCharCode(...head.subarray(0, Math.min(head.length, 64)));
  return text.includes('webm');
}

/** The engine output shapes (spec 2 §3): AWS HealthScribe's transcript and clinical documentation. */
export const transcriptSegmentSchema = z.object({
  SegmentId: z.string(),
  BeginAudioTime: z.number(),
  EndAudioTime: z.number(),
  Content: z.string(),
  ParticipantDetails: z.object({ ParticipantRole: z.string() }),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;
export const conversationOutputSchema = z.object({
  Conversation: z.object({ TranscriptSegments: z.array(transcriptSegmentSchema) }),
});
export type ConversationOutput = z.infer<typeof conversationOutputSchema>;
export const summarySectionSchema = z.object({
  SectionName: z.string(),
  Summary: z.array(z.object({ SummarizedSegment: z.string() })),
});
export const clinicalDocumentationSchema = z.object({
  ClinicalDocumentation: z.object({ Sections: z.array(summarySectionSchema) }),
});
export type ClinicalDocumentation = z.infer<typeof clinicalDocumentationSchema>;

/** Which engine wrote the summary: HealthScribe's generated notes, or the local engine's extractive draft. */
export const SUMMARY_KINDS = ['HEALTHSCRIBE', 'LOCAL_DRAFT'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];

/** Only the clinician who recorded a transcription changes it; a super admin may also discard it. */
export function authorRefusal(
  t: { authorSub: string },
  actor: { sub: string; superAdmin: boolean },
  action: 'record' | 'discard' | 'consume',
): string | null {
  if (t.authorSub === actor.sub) return null;
  if (action === 'discard' && actor.superAdmin) return null;
  return TRANSCRIPTION_REFUSAL.notAuthor;
}

const bookingRef = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'referenceId is not valid');

/** POST /secure/transcribe (spec 2 §7): referenceType, referenceId, patientId and source. */
export const createTranscriptionSchema = z.strictObject({
  referenceType: z.enum(TRANSCRIPTION_REFERENCE_TYPES).default('BOOKING'),
  referenceId: bookingRef,
  patientId: z.guid(),
  source: z.literal(TRANSCRIPTION_SOURCE).default(TRANSCRIPTION_SOURCE),
});
export type CreateTranscriptionInput = z.infer<typeof createTranscriptionSchema>;

/** POST /secure/transcribe/status/{id}. */
export const statusUpdateSchema = z.strictObject({ status: z.enum(CLINICIAN_STATUS_UPDATES) });

/** POST /secure/transcribe/consume/{id}: with a note, 'Save as' creates the chart note and consumes in one transaction. */
export const consumeSchema = z.strictObject({
  note: z
    .strictObject({
      note: z
        .string()
        .min(1)
        .max(2 * MAX_NOTE_BYTES),
      noteType: z.enum(SAVE_AS_NOTE_TYPES).default('CLINICIAN_NOTE'),
      status: z.enum(['DRAFT', 'PUBLISHED']),
    })
    .optional(),
});
export type ConsumeInput = z.infer<typeof consumeSchema>;

/** A transcription as the API answers it (spec 2 §3 transcription record; the audio, output and summary by their own calls). */
export const transcriptionRecordSchema = z.object({
  id: z.string(),
  fileUUID: z.string(),
  status: z.enum(TRANSCRIPTION_STATUSES),
  isConsumed: z.boolean(),
  referenceId: z.string(),
  referenceType: z.string(),
  patientId: z.string(),
  source: z.string(),
  /** The author ('clinician Required' in the list when absent). */
  clinicianName: z.string().nullable(),
  createdEpoch: z.number(),
  hasAudio: z.boolean(),
  summaryKind: z.enum(SUMMARY_KINDS).nullable(),
  /** Why the engine gave the transcription back (it is AUDIO_UPLOADED again), or null. */
  failureReason: z.string().nullable(),
  /** The signed-in clinician recorded it (only the author records, submits and saves it). */
  isAuthor: z.boolean(),
});
export type TranscriptionRecord = z.infer<typeof transcriptionRecordSchema>;

/**
 * The recorder's upload plan (spec 2 §7, §9): the 30-second chunks are buffered until they reach the part threshold,
 * then sent as the next part of a multipart upload (started before the first part). When recording stops, a recording
 * that never reached the threshold goes in one put; otherwise what is buffered becomes the last part (possibly none)
 * and the upload completes.
 */
export interface UploadPlanState {
  bufferedBytes: number;
  partsSent: number;
}
export const INITIAL_UPLOAD_PLAN: UploadPlanState = { bufferedBytes: 0, partsSent: 0 };

/** After a chunk of `size` bytes: send the buffer as part `partNumber` now, or keep buffering. */
export function planChunk(
  state: UploadPlanState,
  size: number,
): { state: UploadPlanState; send: { partNumber: number; startUpload: boolean } | null } {
  const bufferedBytes = state.bufferedBytes + size;
  if (bufferedBytes < UPLOAD_PART_THRESHOLD_BYTES) return { state: { ...state, bufferedBytes }, send: null };
  const partNumber = state.partsSent + 1;
  return { state: { bufferedBytes: 0, partsSent: partNumber }, send: { partNumber, startUpload: partNumber === 1 } };
}

/** When recording stops: one put, or the buffered rest as the last part (if any) and complete. */
export function planStop(state: UploadPlanState): { kind: 'single' } | { kind: 'complete'; lastPart: number | null } {
  if (state.partsSent === 0) return { kind: 'single' };
  return { kind: 'complete', lastPart: state.bufferedBytes > 0 ? state.partsSent + 1 : null };
}
