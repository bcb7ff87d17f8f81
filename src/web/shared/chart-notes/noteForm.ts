import { noteErrorMessage } from '../../../domain/chart-notes/chart-note-texts';
import { creatableNoteType, noteContentSchema, NOTE_TYPES, type NoteType } from '../../../domain/chart-notes/chart-notes';
import type { ChartNote } from './chartNotesApi';

export interface NoteFormValues {
  note: string;
  noteType: string;
  visibility: 'INTERNAL_NOTE' | 'EXTERNAL_NOTE';
}

export const DEFAULT_NOTE_TYPE: NoteType = 'CLINICIAN_NOTE';
export const QUESTIONNAIRE: NoteType = 'PATIENT_QUESTIONNAIRE_RESPONSE';

/** The note type is locked for questionnaire responses (spec 1 §5). */
export const noteTypeLocked = (noteType: string | undefined) => noteType === QUESTIONNAIRE;

/** Types offered: the creatable ones; the questionnaire type only on an existing note of that type (spec 1 §3). */
export function noteTypeChoices(current: string | undefined): string[] {
  if (noteTypeLocked(current)) return [QUESTIONNAIRE];
  return NOTE_TYPES.filter((t) => creatableNoteType(t));
}

/**
 * The form's first values: a copy of the amended note (its visibility kept: a correction reaches whoever read it),
 * or of the cloned note (a new note, so a type only existing notes may have falls back to the default), else the
 * loaded draft, else an empty internal Clinical Notes note.
 */
export function initialNoteValues(cloneOf: ChartNote | undefined, draft: ChartNote | null | undefined, amendOf?: ChartNote): NoteFormValues {
  if (amendOf) {
    return {
      ...initialNoteValues(amendOf, null),
      visibility: amendOf.visibility === 'EXTERNAL_NOTE' ? 'EXTERNAL_NOTE' : 'INTERNAL_NOTE',
    };
  }
  if (cloneOf) {
    return {
      note: cloneOf.note ?? '',
      noteType: creatableNoteType(cloneOf.noteType) ? cloneOf.noteType : DEFAULT_NOTE_TYPE,
      visibility: 'INTERNAL_NOTE',
    };
  }
  if (draft) {
    return {
      note: draft.note ?? '',
      noteType: draft.noteType || DEFAULT_NOTE_TYPE,
      visibility: draft.visibility === 'EXTERNAL_NOTE' ? 'EXTERNAL_NOTE' : 'INTERNAL_NOTE',
    };
  }
  return { note: '', noteType: DEFAULT_NOTE_TYPE, visibility: 'INTERNAL_NOTE' };
}

/**
 * The note form's validation (react-admin turns it into the form's resolver): the domain's noteContentSchema, the rule
 * the route's body applies, its text shown under the note field as the catalogue's message (with the note's size in KB).
 */
export function validateNoteForm(values: Partial<NoteFormValues>): Record<string, unknown> {
  const content = noteContentSchema.safeParse(values.note ?? '');
  if (content.success) return {};
  const { key, args } = noteErrorMessage(content.error.issues[0].message);
  return { note: { message: key, args: args ?? {} } };
}
