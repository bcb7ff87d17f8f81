import { describe, expect, it } from 'vitest';
import { declaredKind, detectFileKind, formatFileSize } from './files';

describe('file checks', () => {
  it('detects types by magic bytes', () => {
    expect(detectFileKind(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(detectFileKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectFileKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectFileKind(new TextEncoder().encode('<html>%PDF-'))).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
  });
  it('accepts only pdf, jpg, jpeg and png names with a matching MIME type', () => {
    expect(declaredKind('a.PDF', 'application/pdf')).toBe('pdf');
    expect(declaredKind('photo.jpeg', 'image/jpeg')).toBe('jpg');
    expect(declaredKind('x.exe')).toBeNull();
    expect(declaredKind('x.pdf', 'text/html')).toBeNull();
  });
  it('formats sizes', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
