import { escapeHtml } from '../../../domain/templates/note-templates';
import { safeRichText } from '../richText';

export interface PrintableNote {
  note: string;
  noteTypeLabel: string;
  authorName: string;
  when: string;
  patientName: string;
  patientDob?: string | null;
}

/** A file name from the patient's name ("Ann Lee" -> "Ann_Lee"), "chart-note" when unknown. */
export const pdfNameOf = (patientName: string) =>
  patientName
    .trim()
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'chart-note';

/** The print document of one note: A4 pages, titled after the patient (the PDF's file name). */
export function printDocument(n: PrintableNote): string {
  const body = safeRichText(n.note ?? '');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(pdfNameOf(n.patientName))}</title>
<style>@page { size: A4; margin: 18mm; } body { font-family: Arial, sans-serif; font-size: 11pt; color: #000; }
h1 { font-size: 15pt; margin: 0 0 4pt; } .meta { color: #444; margin-bottom: 12pt; } img { max-width: 100%; }</style></head>
<body><h1>${escapeHtml(n.patientName)}</h1><div class="meta">${n.patientDob ? `DOB ${escapeHtml(n.patientDob)} · ` : ''}${escapeHtml(n.noteTypeLabel)} · ${escapeHtml(n.authorName)} · ${escapeHtml(n.when)}</div>
<div>${body}</div></body></html>`;
}

/**
 * Print / PDF of a chart note (spec 2 §9: A4, named after the patient). Done with the browser's own print
 * dialog on a sanitized document rather than pdf-lib: the note is rich text (lists, headings, tables), which
 * the browser lays out exactly as shown while pdf-lib would need a layout engine of its own; "Save as PDF"
 * takes the document title, so the file is named after the patient. Returns false when the window was blocked.
 */
export function printNote(n: PrintableNote, open: typeof window.open = window.open.bind(window)): boolean {
  const win = open('', '_blank');
  if (!win) return false;
  win.document.open();
  win.document.write(printDocument(n));
  win.document.close();
  win.focus();
  win.print();
  return true;
}
