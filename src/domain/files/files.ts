/** File rules shared by the upload forms and the server (spec 1 §5 attachments, §7 files). */
export type FileKind = 'pdf' | 'png' | 'jpg';

export const MIME_OF: Record<FileKind, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_RESULT_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 5;

/** The real type of a file from its first bytes (magic numbers), never from its name. */
export function detectFileKind(head: Uint8Array): FileKind | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  return null;
}

/** The kind a declared file name / MIME type claims (pdf, jpg, jpeg, png accepted). */
export function declaredKind(fileName: string, mimeType?: string): FileKind | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, FileKind> = { pdf: 'pdf', png: 'png', jpg: 'jpg', jpeg: 'jpg' };
  const kind = byExt[ext] ?? null;
  if (!kind) return null;
  if (mimeType && mimeType !== MIME_OF[kind] && mimeType !== 'application/octet-stream') return null;
  return kind;
}

/** Sizes shown in B, KB or MB (spec 1 §9). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
