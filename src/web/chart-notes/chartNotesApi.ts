/* The chart note screens read and write through the dataProvider (providers/chartNoteMethods.ts); these are its types. */
export type { ChartNote, ChartNotePayload, NoteListBy, NotePage, NoteReferenceType } from '../providers/chartNoteMethods';
export { CHART_NOTES_QUERY_KEY } from '../providers/chartNoteMethods';

/** The server's reason of a failed call (react-admin HttpError body { msg, reason }), else null. */
export function serverReason(error: unknown): string | null {
  const body = (error as { body?: { reason?: unknown } } | null)?.body;
  return body && typeof body.reason === 'string' && body.reason ? body.reason : null;
}

/** Whether a failed call was refused as a conflict (409: e.g. the note was published meanwhile). */
export const isConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;
