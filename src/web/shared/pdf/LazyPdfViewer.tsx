import { lazy } from 'react';
import { DialogSlot } from '../lab/DialogSlot';
import type { PdfViewerDialogProps } from './PdfViewerDialog';

const PdfViewerDialog = lazy(() => import('./PdfViewerDialog'));

/** The PDF viewer, loaded (react-pdf and pdf.js) only when first opened, with a progress backdrop meanwhile. */
export const LazyPdfViewer = (props: PdfViewerDialogProps) => (
  <DialogSlot open={props.open}>
    <PdfViewerDialog {...props} />
  </DialogSlot>
);
