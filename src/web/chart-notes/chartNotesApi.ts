import { createContext, useContext } from 'react';
import type { NoteType } from '../../domain/chart-notes';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import { apiFetch, type ApiFetch } from '../providers/httpClient';

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

/** The chart note calls of spec 1 §7. */
export const chartNotesApi = (api: ApiFetch) => ({
  latestDraft: (personId: string, referenceId?: string, referenceType?: NoteReferenceType, signal?: AbortSignal) =>
    api<{ draft: ChartNote | null }>('/secure/chartNote/latestDraft', {
      query: { personId, referenceId: referenceId || undefined, referenceType: referenceId ? referenceType : undefined },
      signal,
    }),
  create: (body: ChartNotePayload, idempotencyKey: string) =>
    api<ChartNote>('/secure/chartNote', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  update: (id: string, body: ChartNotePayload) => api<ChartNote>(`/secure/chartNote/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  list: (by: NoteListBy, id: string, params: { page: number; perPage: number; q?: string }, signal?: AbortSignal) =>
    api<NotePage>(`/secure/chartNote/${by}/${encodeURIComponent(id)}`, { query: params, signal }),
});

/** The HTTP client of the chart note, template and patient screens; the portal's by default, a test one (msw) in tests. */
export const NotesApiContext = createContext<ApiFetch>(apiFetch);
export const useNotesApi = () => chartNotesApi(useContext(NotesApiContext));
export const useNotesFetch = () => useContext(NotesApiContext);

/** The server's reason of a failed call (react-admin HttpError body { msg, reason }), else null. */
export function serverReason(error: unknown): string | null {
  const body = (error as { body?: { reason?: unknown } } | null)?.body;
  return body && typeof body.reason === 'string' && body.reason ? body.reason : null;
}

/** Whether a failed call was refused as a conflict (409: e.g. the note was published meanwhile). */
export const isConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;

/** Query key prefix of every note list: invalidate it after a save. */
export const CHART_NOTES_QUERY_KEY = ['chartNotes'] as const;
