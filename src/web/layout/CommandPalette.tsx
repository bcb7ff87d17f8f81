import { lazy, Suspense, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

/** The dialogs, downloaded when first opened: every signed-in page has the shortcuts, few pages ever open them. */
const PaletteDialog = lazy(() => import('./PaletteDialogs').then((m) => ({ default: m.PaletteDialog })));
const ShortcutsDialog = lazy(() => import('./PaletteDialogs').then((m) => ({ default: m.ShortcutsDialog })));

/**
 * Ctrl/⌘-K opens a palette that jumps to a kit id, a booking id, a patient (name, e-mail or phone, through the patient
 * search the user may already call, so masked patients never show) or a screen; '?' lists the shortcuts.
 */
export const CommandPalette = () => {
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(false);
  useHotkeys('mod+k', () => setOpen(true), { preventDefault: true, enableOnFormTags: true });
  useHotkeys('shift+slash', () => setHelp(true));
  return (
    <Suspense fallback={null}>
      {open && <PaletteDialog onClose={() => setOpen(false)} />}
      {help && <ShortcutsDialog open onClose={() => setHelp(false)} />}
    </Suspense>
  );
};
