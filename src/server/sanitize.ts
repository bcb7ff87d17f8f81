import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One DOMPurify bound to a server-side DOM; the same library the portal uses before rendering.
const purify = createDOMPurify(new JSDOM('').window);

/** Rich text as stored: scripts, event handlers, javascript: URLs, styles and forms removed. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
