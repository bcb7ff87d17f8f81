import { creatableNoteType, NOTE_TEXT, noteContentSchema, noteUpdateRefusal, type ChartNoteInput } from '../../domain/chart-notes/chart-notes';
import type { DataAccess } from '../data/access';
import { ApiError, badRequest } from '../errors';
import { sanitizeRichTextCountingImages } from '../sanitize';

/**
 * The content rules (the schema the route's body and the portal's form apply; checked here too for the callers that
 * create a note from another body), then the one sanitiser; an image that only shows after parsing is refused too.
 */
export function checkContent(input: ChartNoteInput): string {
  const content = noteContentSchema.safeParse(input.note);
  if (!content.success) throw new ApiError(400, 'Invalid request', content.error.issues[0].message);
  if (!!input.referenceId !== !!input.referenceType) throw badRequest('referenceId and referenceType go together');
  const { html, images } = sanitizeRichTextCountingImages(input.note);
  if (images > 0) throw new ApiError(400, 'Invalid request', NOTE_TEXT.pastedImage);
  return html;
}

/**
 * Creates a chart note inside the caller's transaction (POST /secure/chartNote, and 'Save as' of a transcription,
 * which marks the transcription consumed in the same transaction): content rules and a creatable type, then the
 * repository's writer, scope, reference and amendment checks; stored HTML sanitised, author from the Actor. Returns
 * the new note's id.
 */
export async function createChartNote(tx: DataAccess, input: ChartNoteInput): Promise<string> {
  const html = checkContent(input);
  if (!creatableNoteType(input.noteType)) throw badRequest(`a new note cannot be of type ${input.noteType}`);
  return tx.chartNotes.insert({ ...input, html });
}

/** POST /secure/chartNote: a new note, audited, as the API answers it. */
export async function createNote(data: DataAccess, input: ChartNoteInput) {
  return data.transaction(async (tx) => tx.chartNotes.written(await createChartNote(tx, input)));
}

/** PUT /secure/chartNote/{id}: only the author's drafts change (noteUpdateRefusal), never to another patient. */
export async function updateNote(data: DataAccess, id: string, input: ChartNoteInput) {
  const html = checkContent(input);
  return data.transaction(async (tx) => {
    const current = await tx.chartNotes.lockForChange(id);
    if (input.personId !== current.personId) throw badRequest('a note cannot move to another patient');
    const refusal = noteUpdateRefusal(current, data.actor.sub, input);
    if (refusal) throw new ApiError(409, 'Conflict', refusal);
    await tx.chartNotes.saveDraft(id, current, { ...input, html });
    return tx.chartNotes.written(id);
  });
}
