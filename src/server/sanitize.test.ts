import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { sanitizeRichText } from '../domain/shared/rich-text';
import { sanitizeHtml, sanitizeRichTextCountingImages, sanitizeStoredHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text', () => {
    expect(sanitizeHtml('<p>Hello <strong>Ann</strong></p><ul><li>one</li></ul>')).toBe('<p>Hello <strong>Ann</strong></p><ul><li>one</li></ul>');
  });
  it('removes scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a>');
    expect(out).not.toMatch(/script|onerror|onclick|javascript:/i);
  });
});

describe('links show their real destination and open in a new tab', () => {
  it('a look-alike link keeps its words as text, and the link itself reads as its destination', () => {
    expect(sanitizeHtml('<p><a href="https://evil.example/login">Portal session expired — sign in again</a></p>')).toBe(
      '<p>Portal session expired — sign in again (<a href="https://evil.example/login" target="_blank" rel="noopener noreferrer">https://evil.example/login</a>)</p>',
    );
  });
  it("a link that already reads as its destination stays as it is; the attacker's target and rel are replaced", () => {
    expect(sanitizeHtml('<a href="https://lab.example.com/info" target="portal" rel="opener">https://lab.example.com/info</a>')).toBe(
      '<a href="https://lab.example.com/info" target="_blank" rel="noopener noreferrer">https://lab.example.com/info</a>',
    );
  });
  it('the destination is shown as the URL parser reads it (an internationalised host in its ASCII form)', () => {
    expect(sanitizeHtml('<a href="https://pаypal.example/">PayPal</a>')).toContain('>https://xn--pypal-4ve.example/</a>');
  });
  it('relative and other non-web links keep their words only; mailto stays a link', () => {
    expect(sanitizeHtml('<a href="/secure/account/signOut">sign out</a> <a href="#top">top</a>')).toBe('sign out top');
    expect(sanitizeHtml('<a href="mailto:care@example.com">care@example.com</a>')).toBe('<a href="mailto:care@example.com">care@example.com</a>');
  });
  it('is idempotent: stored text sanitised again on read is unchanged', () => {
    const once = sanitizeHtml('<p>See <a href="https://evil.example/login"><b>your results</b></a> now</p>');
    expect(once).toBe(
      '<p>See <b>your results</b> (<a href="https://evil.example/login" target="_blank" rel="noopener noreferrer">https://evil.example/login</a>) now</p>',
    );
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('images never load from elsewhere', () => {
  it('remote and relative images are dropped; an inline picture stays', () => {
    expect(sanitizeHtml('<p>a<img src="https://tracker.example.com/p.png">b<img src="x">c</p>')).toBe('<p>abc</p>');
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBOR">')).toBe('<img src="data:image/png;base64,iVBOR">');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });
  it('the count of images (kept or dropped), for the rich texts that refuse images', () => {
    expect(sanitizeRichTextCountingImages('<p>x</p><IMG SRC="https://tracker.example.com/p.png">')).toEqual({ html: '<p>x</p>', images: 1 });
    expect(sanitizeRichTextCountingImages('<p>x</p><image src="data:image/png;base64,iVBOR">').images).toBe(1);
    expect(sanitizeRichTextCountingImages('<p>x</p>').images).toBe(0);
  });
});

describe('sanitizeStoredHtml (stored text read back)', () => {
  it('cleans what the patient app stored, the same way each time it is read', () => {
    const stored = '<p onclick="x()">Hi <b>doc</b></p><script>alert(1)</script><img src=x onerror=alert(1)>';
    const first = sanitizeStoredHtml(stored);
    expect(first).not.toMatch(/script|onerror|onclick/i);
    expect(first).toBe(sanitizeHtml(stored));
    expect(sanitizeStoredHtml(stored)).toBe(first);
  });
  it('each text has its own answer', () => {
    expect(sanitizeStoredHtml('<p>one</p>')).toBe('<p>one</p>');
    expect(sanitizeStoredHtml('<p>two</p><script>x</script>')).toBe('<p>two</p>');
  });
});

describe('the server-side DOM does not grow with each text', () => {
  it('sanitising adds no listener to the shared window (each one was kept for good: memory and time grew per text)', () => {
    const window = new JSDOM('').window;
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    const added = vi.spyOn(window, 'addEventListener');
    for (let i = 0; i < 3; i++) sanitizeRichText(purify, `<p>Note ${i} <a href="https://example.com/${i}">link</a><img src="data:x"></p>`);
    expect(added).not.toHaveBeenCalled();
  });
});
