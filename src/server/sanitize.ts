import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One DOMPurify bound to a server-side DOM; the same library the portal uses before rendering.
const purify = createDOMPurify(new JSDOM('').window);

/**
 * THE sanitiser of every stored rich text (chart notes, clinician templates): scripts, event handlers, javascript:
 * URLs, styles, forms, frames and media removed. Plain-text fields (lab notes, reject notes, patient messages, reasons)
 * never come here: they are stored exactly as typed and rendered as text, never as HTML.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed',
      'audio', 'video', 'source', 'track', 'picture', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}

/** Whether sanitised rich text still holds an image (after parsing: `<image>` and entity-encoded sources included). */
export const containsImage = (sanitizedHtml: string) => /<img\b/i.test(sanitizedHtml);
