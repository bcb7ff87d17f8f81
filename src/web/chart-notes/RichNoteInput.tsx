import { RichTextInput } from 'ra-input-rich-text';

/**
 * The rich-text editor of notes and templates (ra-input-rich-text on tiptap): a separate chunk, loaded
 * lazily by its users (React.lazy), so screens without an editor never download tiptap.
 */
export const RichNoteInput = ({ source, label, disabled }: { source: string; label: string; disabled?: boolean }) => (
  <RichTextInput
    source={source}
    label={label}
    fullWidth
    disabled={disabled}
    helperText={false}
    sx={{ '& .ProseMirror': { minHeight: 300, maxHeight: 300, overflowY: 'auto' } }}
  />
);

export default RichNoteInput;
