import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
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
