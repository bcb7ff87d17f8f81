import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { LazyPdfViewer } from '../shared/pdf/LazyPdfViewer';

/** True when a (presigned) URL points at a PDF: its path ends in .pdf, whatever the query says. */
export function isPdfUrl(url: string): boolean {
  try {
    return new URL(url, 'http://x').pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}

/** An identity document: an image inline, a PDF behind a View button in the shared PDF viewer. */
export const IdentityDocument = ({ url, title }: { url: string | undefined; title: string }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!url)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('bookingDetail.ui.none')}
      </Typography>
    );
  if (!isPdfUrl(url)) return <Box component="img" src={url} alt={translate(title)} sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }} />;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{`${translate('bookingDetail.ui.view')} ${translate(title)}`}</Button>
      <LazyPdfViewer open={open} onClose={() => setOpen(false)} url={url} title={translate(title)} />
    </>
  );
};
