import type { EditorOptions } from '@tiptap/react';
import { containsNoteImage } from '../../domain/chart-notes/chart-notes';

/**
 * Whether pasted or dropped content holds an image: an image file, or HTML with an image (a data: one the editor would
 * silently drop, a remote one the note may not keep). Notes refuse images up front (spec 1 §5: upload them separately).
 */
export function transferHoldsImage(data: DataTransfer | null | undefined): boolean {
  if (!data) return false;
  const files = Array.from(data.files ?? []);
  if (files.some((f) => f.type.startsWith('image/'))) return true;
  const items = Array.from(data.items ?? []);
  if (items.some((i) => i.kind === 'file' && i.type.startsWith('image/'))) return true;
  return containsNoteImage(data.getData('text/html') ?? '');
}

/** Editor props that refuse a paste or drop holding an image (nothing is inserted) and report it. */
export function refuseImages(onImageRefused: () => void): Pick<EditorOptions['editorProps'], 'handlePaste' | 'handleDrop'> {
  return {
    handlePaste: (_view, event) => {
      if (!transferHoldsImage(event.clipboardData)) return false;
      onImageRefused();
      return true;
    },
    handleDrop: (_view, event) => {
      if (!transferHoldsImage(event.dataTransfer)) return false;
      onImageRefused();
      return true;
    },
  };
}
