import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { LRUCache } from 'lru-cache';
import { sanitizeRichText } from '../domain/shared/rich-text';

// One DOMPurify bound to a server-side DOM; the same library and rules (src/domain/shared/rich-text.ts) the portal renders with.
const purify = createDOMPurify(new JSDOM('').window);

/**
 * THE sanitiser of every stored rich text (chart notes, clinician templates, secure messages): the rules of
 * src/domain/shared/rich-text.ts (no scripts, handlers, styles, forms or frames; links that read as their destination and
 * open in a new tab; no remote images). Plain-text fields (lab notes, reject notes, reasons) never come here: they
 * are stored exactly as typed and rendered as text, never as HTML.
 */
export const sanitizeHtml = (html: string): string => sanitizeRichText(purify, html).html;

/** The same, with the number of images the text held (dropped or kept): chart notes refuse any image. */
export const sanitizeRichTextCountingImages = (html: string) => sanitizeRichText(purify, html);

/**
 * Stored rich text as it is read back (messages written by the patient app never passed through sanitizeHtml): the
 * same sanitiser, remembered per text. A stored text does not change, and DOMPurify on a server-side DOM costs about a
 * millisecond, so a page of 100 messages would otherwise spend its time here on every read. Bounded by characters.
 */
const readBack = new LRUCache<string, string>({ maxSize: 8_000_000, sizeCalculation: (clean, text) => clean.length + text.length });
export function sanitizeStoredHtml(html: string): string {
  let clean = readBack.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html);
    readBack.set(html, clean); // a text larger than the whole bound is not kept (lru-cache's maxEntrySize)
  }
  return clean;
}
