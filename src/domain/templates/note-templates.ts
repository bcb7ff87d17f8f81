import { applyTemplate, type TemplateValues } from '../lab/lab-templates';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Whether a template's content is rich text (clinician templates) rather than plain text (result templates). */
export const isHtml = (content: string) => /<\/?[a-z][^>]*>/i.test(content);

/** Plain text as HTML paragraphs: blank lines split paragraphs, single line breaks become <br>. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A template applied into a rich-text note or message: plain-text content becomes paragraphs, and the
 * substituted values are escaped so a name can never add markup. Substitution is applyTemplate's (one rule).
 */
export function applyTemplateAsHtml(content: string, values: TemplateValues): string {
  const escaped: TemplateValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? escapeHtml(v) : v]));
  return applyTemplate(isHtml(content) ? content : textToHtml(content), escaped);
}

/** A rich-text template's content as plain text (for the plain-text message fields): tags dropped, paragraphs kept. */
export function htmlToText(html: string): string {
  if (!isHtml(html)) return html;
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
