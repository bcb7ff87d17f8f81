import { describe, expect, it } from 'vitest';
import { displayName, headerFileName } from './names';

describe('file names', () => {
  it('keeps only the last path segment of what the user called the file', () => {
    expect(displayName('../../etc/passwd.pdf', 'pdf')).toBe('passwd.pdf');
    expect(displayName('C:\\Users\\me\\scan.png', 'png')).toBe('scan.png');
    expect(displayName('..', 'pdf')).toBe('file.pdf');
    expect(displayName('a\r\nb"c.pdf', 'pdf')).toBe('abc.pdf');
  });
  it('is header-safe inside Content-Disposition', () => {
    expect(headerFileName('Lab "results"\r\nX-Evil: 1.pdf')).toBe('Lab__results___X-Evil__1.pdf');
    expect(headerFileName('')).toBe('file');
  });
});
