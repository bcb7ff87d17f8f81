import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text', () => {
    expect(sanitizeHtml('<p>Hello <strong>Ann</strong></p><ul><li>one</li></ul>')).toBe('<p>Hello <strong>Ann</strong></p><ul><li>one</li></ul>');
  });
  it('removes scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a>');
    expect(out).not.toMatch(/script|onerror|onclick|javascript:/i);
  });
});
