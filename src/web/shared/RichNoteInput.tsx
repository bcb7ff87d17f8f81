import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { useMemo, useRef } from 'react';
import { refuseImages } from './pastedImage';
import { TextStyleSelect } from './TextStyleSelect';

export interface RichNoteInputProps {
  source: string;
  label: string;
  disabled?: boolean;
  /** Called when a paste or drop holding an image was refused (nothing was inserted). */
  onImageRefused?: () => void;
}

/**
 * The library's toolbar without its Image button: that button inserts an image by its web address, which the portal's
 * content policy does not show and a note never keeps (notes take no images; attach files separately). Its text-style
 * picker is a button named by what it shows.
 */
const NOTE_TOOLBAR = (
  <RichTextInputToolbar>
    <TextStyleSelect />
    <FormatButtons />
    <ColorButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

/**
 * The rich-text editor of notes and templates (ra-input-rich-text on tiptap): a separate chunk, loaded
 * lazily by its users (React.lazy), so screens without an editor never download tiptap. A pasted or dropped
 * image is refused (reported through onImageRefused), never silently dropped or kept, and the toolbar offers none.
 */
export const RichNoteInput = ({ source, label, disabled, onImageRefused }: RichNoteInputProps) => {
  const report = useRef(onImageRefused);
  report.current = onImageRefused;
  // Stable options: the editor is recreated whenever they change.
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: { ...DefaultEditorOptions.editorProps, ...refuseImages(() => report.current?.()) },
    }),
    [],
  );
  return (
    <RichTextInput
      source={source}
      label={label}
      fullWidth
      disabled={disabled}
      helperText={false}
      editorOptions={editorOptions}
      toolbar={NOTE_TOOLBAR}
      sx={{ '& .ProseMirror': { minHeight: 300, maxHeight: 300, overflowY: 'auto' } }}
    />
  );
};

export default RichNoteInput;
