import type { NoteType } from '../../domain/chart-notes/chart-notes';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type { ApiFetch } from './httpClient';

/** A chart note as the server sends it (spec 1 §3, spec 2 §3); masked notes hold XXXXXX but id and createdEpoch. */
export interface ChartNote {
  id: string;
  personId: string;
  note: string;
  noteMessage?: string;
  noteType: NoteType | string;
  referenceId: string | null;
  referenceType: string | null;
  status: 'DRAFT' | 'PUBLISHED' | string;
  visibility: 'INTERNAL_NOTE' | 'EXTERNAL_NOTE' | string;
  authorId: string;
  authorName: string;
  createdEpoch: number;
  updatedEpoch?: number;
  patientName?: string | null;
  patientDob?: string | null;
  masked?: boolean;
  /** The published note this note amends (published notes never change), or null. */
  amendsNoteId?: string | null;
}

/** What the portal sends (POST /secure/chartNote, PUT /secure/chartNote/{id}). */
export interface ChartNotePayload {
  personId: string;
  note: string;
  noteType: string;
  referenceId?: string | null;
  referenceType?: 'BOOKING' | 'KIT' | 'TEST_RESULT' | null;
  status: 'DRAFT' | 'PUBLISHED';
  visibility: 'INTERNAL_NOTE' | 'EXTERNAL_NOTE';
  clone?: boolean;
  /** A new note amending this published note of the same patient. */
  amendsNoteId?: string;
}

export type NoteListBy = 'patient' | 'booking' | 'kit' | 'testResult';
export type NoteReferenceType = 'KIT' | 'BOOKING' | 'TEST_RESULT';

export interface NotePage {
  items: ChartNote[];
  total: number;
}

/** Query key prefix of every chart note read: a save invalidates it, so every list and draft shown is fetched again. */
export const CHART_NOTES_QUERY_KEY = ['chartNotes'] as const;

/** The chart note calls of spec 1 §7, as dataProvider methods. */
export function createChartNoteMethods(api: ApiFetch) {
  return {
    /** GET /secure/npi?name=: the physician matching a name (spec 2 §5 name matching), or 404 'NPI not found'. */
    npiByName: (name: string, signal?: AbortSignal): Promise<{ name: string; npi: string }> => api('/secure/npi', { query: { name }, signal }),
    /** GET /secure/chartNote/{by}/{id}: one page of the notes of a patient, booking, kit or test result, newest first. */
    listChartNotes: (by: NoteListBy, id: string, params: { page: number; perPage: number; q?: string }, signal?: AbortSignal): Promise<NotePage> =>
      api<NotePage>(`/secure/chartNote/${by}/${encodeURIComponent(id)}`, { query: params, signal }),
    /** GET /secure/chartNote/latestDraft: the signed-in author's latest draft for the patient (and reference). */
    latestChartNoteDraft: (
      personId: string,
      referenceId?: string,
      referenceType?: NoteReferenceType,
      signal?: AbortSignal,
    ): Promise<{ draft: ChartNote | null }> =>
      api('/secure/chartNote/latestDraft', {
        query: { personId, referenceId: referenceId || undefined, referenceType: referenceId ? referenceType : undefined },
        signal,
      }),
    /** POST /secure/chartNote with the user's action's Idempotency-Key (a resend creates one note). */
    createChartNote: (body: ChartNotePayload, idempotencyKey: string): Promise<ChartNote> =>
      api('/secure/chartNote', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    /** PUT /secure/chartNote/{id}: a draft changes. */
    updateChartNote: (id: string, body: ChartNotePayload): Promise<ChartNote> =>
      api(`/secure/chartNote/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  };
}

export type ChartNoteMethods = ReturnType<typeof createChartNoteMethods>;
