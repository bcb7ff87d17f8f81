import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Document, Page, pdfjs } from 'react-pdf';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The worker ships with the portal (no CDN).
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

export interface PdfViewerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The PDF: a (presigned or object) URL; null while it is being fetched. */
  url: string | null;
  title: string;
  /** The download's file name; the title by default. */
  fileName?: string;
  /**
   * The PDF's bytes when `url` is an object (blob:) URL, as for a PDF fetched with the bearer token: the portal's
   * CSP lets no one fetch blob: URLs, so pdf.js reads these bytes while download and new tab use the URL.
   */
  data?: Uint8Array | null;
}

/**
 * A PDF in a dialog (react-pdf, pdf.js worker bundled): previous/next page, "Page x of n", download and
 * open in a new tab. Heavy: import it lazily (LazyPdfViewer).
 */
export const PdfViewerDialog = ({ open, onClose, url, title, fileName, data }: PdfViewerDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  // pdf.js takes the bytes over (transfers them to its worker): give it a copy, made once per document.
  const file = useMemo(() => (data ? { data: data.slice() } : url), [data, url]);
  useEffect(() => {
    setPages(0);
    setPage(1);
    setFailed(false);
  }, [url]);

  const download = () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName ?? `${title}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };
  const openInNewTab = () => {
    if (!url) return;
    // not 'noopener': with it window.open always answers null, and a blocked window could not be told apart
    const opened = window.open(url, '_blank');
    if (!opened) notify('kit.openWindowFailed', { type: 'error' });
    else opened.opener = null;
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="pdf-viewer-title">
      <DialogTitle id="pdf-viewer-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', minHeight: 300 }}>
        {!url ? (
          <CircularProgress aria-label={translate('kit.pdf.loading')} sx={{ m: 4 }} />
        ) : failed ? (
          <Alert severity="error">{translate('kit.pdf.failed')}</Alert>
        ) : (
          <Document
            file={file}
            onLoadSuccess={({ numPages }) => setPages(numPages)}
            onLoadError={() => setFailed(true)}
            loading={<CircularProgress aria-label={translate('kit.pdf.loading')} sx={{ m: 4 }} />}
            error={<Alert severity="error">{translate('kit.pdf.failed')}</Alert>}
          >
            <Box data-testid="pdf-page" sx={{ boxShadow: 2 }}>
              <Page pageNumber={page} width={760} renderTextLayer={false} renderAnnotationLayer={false} />
            </Box>
          </Document>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <IconButton aria-label={translate('kit.pdf.previous')} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography aria-live="polite">{pages > 0 ? translate('kit.pdf.pageOf', { page, pages }) : ''}</Typography>
          <IconButton aria-label={translate('kit.pdf.next')} disabled={pages === 0 || page >= pages} onClick={() => setPage((p) => p + 1)}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<DownloadIcon />} onClick={download} disabled={!url}>
            {translate('kit.pdf.download')}
          </Button>
          <Button startIcon={<OpenInNewIcon />} onClick={openInNewTab} disabled={!url}>
            {translate('kit.pdf.openInNewTab')}
          </Button>
          <Button onClick={onClose} variant="contained">
            {translate('ra.action.close')}
          </Button>
        </Stack>
      </DialogActions>
    </Dialog>
  );
};

export default PdfViewerDialog;
