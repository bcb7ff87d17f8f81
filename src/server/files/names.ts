/** Categories a user may upload to (spec 1 §7, spec 2 identity documents); SAMPLE_LABELS are made by the server. */
export const UPLOAD_CATEGORIES = ['MESSAGE_ATTACHMENTS', 'RESULT_FILES', 'IDENTITY_DOCUMENTS'] as const;
export const READ_CATEGORIES = [...UPLOAD_CATEGORIES, 'SAMPLE_LABELS'] as const;
export type Category = (typeof READ_CATEGORIES)[number];

/** Presigned download links live 30 minutes. */
export const PRESIGNED_URL_TTL_SECONDS = 30 * 60;

/** What the user called the file: its last path segment, without control or quote characters, at most 120 characters. */
export function displayName(original: string, ext: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(-120);
  return clean || `file.${ext}`;
}

/** A file name safe inside a quoted Content-Disposition header (ASCII letters, digits, dot, dash, underscore). */
export const headerFileName = (name: string) => name.replace(/[^\w.-]/g, '_').slice(0, 120) || 'file';
