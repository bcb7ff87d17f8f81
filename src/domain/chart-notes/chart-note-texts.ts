import { NOTE_TEXT } from './chart-notes';

export type NoteErrorMessage = { key: string; args?: Record<string, unknown> };

/** The catalogue key of a chart note content error of noteContentError (chart-notes.ts). */
export function noteErrorMessage(error: string): NoteErrorMessage {
  const size = /^Note is too large \((\d+) KB/.exec(error);
  if (size) return { key: 'chartNote.tooLarge', args: { kb: Number(size[1]) } };
  const key = (['required', 'pastedImage', 'empty'] as const).find((k) => NOTE_TEXT[k] === error);
  return key ? { key: `chartNote.${key}` } : { key: 'chartNote.failed' };
}
