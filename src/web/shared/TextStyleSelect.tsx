import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useEditorState } from '@tiptap/react';
// The editor's setParagraph and setHeading commands (types only; the extensions are ra-input-rich-text's).
import type {} from '@tiptap/extension-heading';
import type {} from '@tiptap/extension-paragraph';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

type Level = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** Normal text, then headings 1 to 6; their words are the catalogue's `ra.tiptap.*` (src/domain/i18n/en/editor.ts). */
const LEVELS: ReadonlyArray<{ level: Level; key: string; fallback: string }> = [
  { level: 0, key: 'ra.tiptap.paragraph', fallback: 'Normal' },
  ...([1, 2, 3, 4, 5, 6] as const).map((level) => ({ level, key: `ra.tiptap.heading.${level}`, fallback: `Heading ${level}` })),
];

/**
 * The editor's text style (normal or a heading level) as a menu button whose name is what it shows, e.g. "Text style:
 * Normal": ra-input-rich-text's own picker names its button "Current level" over the text "Normal" and puts a list item
 * in a navigation landmark without a list.
 */
export const TextStyleSelect = () => {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      LEVELS.find(({ level }) => (level === 0 ? e?.isActive('paragraph') : e?.isActive('heading', { level }))) ?? LEVELS[0],
  });
  const label = (l: (typeof LEVELS)[number]) => translate(l.key, { _: l.fallback });
  const choose = (level: Level) => {
    setAnchor(null);
    if (level === 0) editor?.chain().focus().setParagraph().run();
    else editor?.chain().focus().setHeading({ level }).run();
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        disabled={!editor?.isEditable}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {translate('ra.tiptap.select_level', { _: 'Text style' })}: {label(current)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l.key} selected={l === current} onClick={() => choose(l.level)}>
            {label(l)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
