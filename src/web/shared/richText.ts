import DOMPurify from 'dompurify';
import { sanitizeRichText } from '../../domain/shared/rich-text';

/**
 * Stored rich text made safe to render, with the same rules as the server's sanitiser (src/domain/shared/rich-text.ts):
 * the portal sanitises again before every dangerouslySetInnerHTML, whatever the server sent.
 */
export const safeRichText = (html: string): string => sanitizeRichText(DOMPurify, html).html;
