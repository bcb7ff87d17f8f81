import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { RichNoteInputProps } from './RichNoteInput';

const RichNoteInput = lazy(() => import('./RichNoteInput'));

/** The rich-text editor, loaded on first use (tiptap is heavy), with a spinner meanwhile. */
export const LazyRichNoteInput = (props: RichNoteInputProps) => (
  <Suspense fallback={<CircularProgress size={24} />}>
    <RichNoteInput {...props} />
  </Suspense>
);
