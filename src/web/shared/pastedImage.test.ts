import { describe, expect, it, vi } from 'vitest';
import { refuseImages, transferHoldsImage } from './pastedImage';

const transfer = (html: string, files: File[] = []) =>
  ({
    files,
    items: files.map((f) => ({ kind: 'file', type: f.type })),
    getData: (t: string) => (t === 'text/html' ? html : ''),
  }) as unknown as DataTransfer;

describe('transferHoldsImage', () => {
  it.each([
    ['an inline data: image', transfer('<p>a</p><img src="data:image/png;base64,AAAA">')],
    ['a remote image', transfer('<IMG SRC="https://x.example/p.gif">')],
    ['an <image> element', transfer('<image href="x.png">')],
    ['an image file', transfer('', [new File(['x'], 'a.png', { type: 'image/png' })])],
  ])('finds %s', (_, data) => expect(transferHoldsImage(data)).toBe(true));

  it.each([
    ['text', transfer('<p>imagery of the <b>image</b></p>')],
    ['a pdf file', transfer('', [new File(['x'], 'a.pdf', { type: 'application/pdf' })])],
    ['nothing', null],
  ])('finds no image in %s', (_, data) => expect(transferHoldsImage(data)).toBe(false));
});

describe('refuseImages', () => {
  it('stops a paste or drop holding an image and reports it; lets anything else through', () => {
    const refused = vi.fn();
    const { handlePaste, handleDrop } = refuseImages(refused);
    const image = transfer('<img src="data:image/png;base64,AAAA">');
    expect(handlePaste!(null as never, { clipboardData: transfer('<p>x</p>') } as never, null as never)).toBe(false);
    expect(refused).not.toHaveBeenCalled();
    expect(handlePaste!(null as never, { clipboardData: image } as never, null as never)).toBe(true);
    expect(handleDrop!(null as never, { dataTransfer: image } as never, null as never, false)).toBe(true);
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
