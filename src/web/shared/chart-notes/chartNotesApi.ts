/* The chart note screens read and write through the dataProvider (providers/chartNoteMethods.ts); these are its types. */
export type { ChartNote, ChartNotePayload, NoteListBy, NotePage, NoteReferenceType } from '../../providers/chartNoteMethods';
export { CHART_NOTES_QUERY_KEY } from '../../providers/chartNoteMethods';

export { serverReason } from '../../providers/errorReason';
