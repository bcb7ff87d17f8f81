/** The rich-text editor's own words (ra-input-rich-text reads them under `ra.tiptap.*`): its text-style picker. */
export const EDITOR_TEXT = {
  select_level: 'Text style',
  paragraph: 'Normal',
  heading: { 1: 'Heading 1', 2: 'Heading 2', 3: 'Heading 3', 4: 'Heading 4', 5: 'Heading 5', 6: 'Heading 6' },
} as const;
