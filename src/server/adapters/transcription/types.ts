import type { ClinicalDocumentation, ConversationOutput, SummaryKind } from '../../../domain/transcription/transcription';
import type { StoredObject } from '../object-storage/types';

/** Where an engine job stands. */
export type EngineJobState = { state: 'IN_PROGRESS' } | { state: 'COMPLETED' } | { state: 'FAILED'; reason: string };

/**
 * A speech-to-text engine that also summarises (spec 2 §3 shapes): AWS HealthScribe in production, the local
 * pocketsphinx recogniser with an extractive summary offline. A job is named by the transcription's file id.
 */
export interface TranscriptionEngine {
  readonly kind: 'local' | 'healthscribe';
  readonly summaryKind: SummaryKind;
  /** Seconds between two status checks of a running job. */
  readonly pollSeconds: number;
  /** Null when the engine can run here; otherwise what is missing, for the clinician's error message. */
  unavailable(): Promise<string | null>;
  /** Starts the job on the stored audio. Starting a job that already exists is not an error. */
  start(jobName: string, audio: StoredObject): Promise<void>;
  status(jobName: string): Promise<EngineJobState>;
  output(jobName: string): Promise<ConversationOutput>;
  summary(jobName: string): Promise<ClinicalDocumentation>;
  /** Drops what the engine keeps of the job (its output files) once the record holds them, or after a discard. */
  cleanup(jobName: string): Promise<void>;
}

/** The error the engine's callers show when it cannot run: the clinician sees it as it is. */
export class EngineUnavailableError extends Error {}
