import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type {
  ClinicalDocumentation,
  ConversationOutput,
  CreateTranscriptionInput,
  SummaryKind,
  TranscriptionRecord,
} from '../../domain/transcription/transcription';
import type { ApiFetch } from './httpClient';

const T = '/secure/transcribe';
const id = (v: string) => encodeURIComponent(v);

export interface SaveAsNote {
  note: string;
  noteType: string;
  status: 'DRAFT' | 'PUBLISHED';
}

/**
 * The transcription calls of spec 2 §7 that are actions, not CRUD of the `transcriptions` resource (its list, one
 * and create are in resources.ts), as dataProvider methods. Audio goes up as raw webm bytes.
 */
export function createTranscriptionMethods(api: ApiFetch) {
  const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
  return {
    /** POST /secure/transcribe (the resource's create, with the action's Idempotency-Key): the recording's file id. */
    startTranscription: (body: CreateTranscriptionInput, key: string): Promise<TranscriptionRecord> =>
      api(T, { method: 'POST', body, headers: keyed(key) }),
    latestTranscription: async (bookingId: string, patientId: string): Promise<TranscriptionRecord | null> =>
      (await api<{ transcription: TranscriptionRecord | null }>(`${T}/latestTranscribe`, { query: { bookingId, patientId } })).transcription,
    setTranscriptionStatus: (fileId: string, status: 'AUDIO_UPLOADED' | 'DISCARDED'): Promise<TranscriptionRecord> =>
      api(`${T}/status/${id(fileId)}`, { method: 'POST', body: { status } }),
    submitTranscription: (fileId: string): Promise<TranscriptionRecord> => api(`${T}/submit/${id(fileId)}`, { method: 'POST' }),
    transcriptionAudioUrl: (fileId: string): Promise<{ url: string }> => api(`${T}/audio/${id(fileId)}`),
    transcriptionOutput: (fileId: string): Promise<ConversationOutput> => api(`${T}/output/${id(fileId)}`),
    transcriptionSummary: (fileId: string): Promise<ClinicalDocumentation & { summaryKind: SummaryKind }> => api(`${T}/summary/${id(fileId)}`),
    /** POST /consume/{id}; with a note, 'Save as' creates the chart note in the same transaction. */
    consumeTranscription: (fileId: string, note: SaveAsNote | null, key: string): Promise<TranscriptionRecord & { noteId: string | null }> =>
      api(`${T}/consume/${id(fileId)}`, { method: 'POST', body: note ? { note } : {}, headers: keyed(key) }),
    putTranscriptionAudio: (fileId: string, audio: Blob): Promise<{ size: number }> =>
      api(`${T}/audio/${id(fileId)}`, { method: 'PUT', body: audio, timeoutMs: 5 * 60_000 }),
    startTranscriptionUpload: (fileId: string): Promise<{ uploadId: string }> => api(`${T}/audio/${id(fileId)}/multipart`, { method: 'POST' }),
    uploadTranscriptionPart: (fileId: string, partNumber: number, audio: Blob): Promise<{ partNumber: number; size: number }> =>
      api(`${T}/audio/${id(fileId)}/multipart/${partNumber}`, { method: 'PUT', body: audio, timeoutMs: 5 * 60_000 }),
    completeTranscriptionUpload: (fileId: string): Promise<{ size: number }> =>
      api(`${T}/audio/${id(fileId)}/multipart/complete`, { method: 'POST' }),
    abortTranscriptionUpload: (fileId: string): Promise<{ aborted: boolean }> => api(`${T}/audio/${id(fileId)}/multipart`, { method: 'DELETE' }),
  };
}

export type TranscriptionMethods = ReturnType<typeof createTranscriptionMethods>;
