import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { LazyPdfViewer } from '../shared/pdf/LazyPdfViewer';
import type { PortalDataProvider } from '../providers/dataProvider';
import { statusOf } from '../providers/errorReason';

/**
 * The result's attachments (spec 1 §3 "Test result: attachments"; the PDFs Create Test Report uploads): each opens
 * through GET /secure/file/presignedUrl?url= in the PDF viewer. A file the server does not know (404) or an answer
 * without a URL reads "No attachment found. …", any other failure "Failed to get presigned downlaod url. …"
 * (spec 1 §8, spelled as the spec writes it).
 */
export const ResultAttachments = ({ kitId, attachments }: { kitId: string; attachments: readonly string[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [viewer, setViewer] = useState<{ title: string; url: string | null } | null>(null);
  const nameOf = (i: number) => translate('kit.attachmentName', { n: i + 1 });

  const open = async (stored: string, i: number) => {
    const title = translate('kit.attachmentTitle', { name: nameOf(i), kitId });
    setViewer({ title, url: null });
    let failure: string;
    try {
      const answer = await dataProvider.presignedFileUrl(stored);
      if (answer?.url) return setViewer({ title, url: answer.url });
      failure = 'kit.noAttachmentFound';
    } catch (error) {
      failure = statusOf(error) === 404 ? 'kit.noAttachmentFound' : 'kit.attachmentUrlFailed';
    }
    setViewer(null);
    notify(failure, { type: 'error' });
  };

  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" id={`attachments-${kitId}`}>
        {translate('kit.attachments')}
      </Typography>
      {attachments.length === 0 ? (
        <Typography variant="body2">{translate('kit.noAttachments')}</Typography>
      ) : (
        <Stack component="ul" aria-labelledby={`attachments-${kitId}`} direction="row" flexWrap="wrap" gap={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {attachments.map((stored, i) => (
            <li key={stored}>
              <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} onClick={() => void open(stored, i)}>
                {nameOf(i)}
              </Button>
            </li>
          ))}
        </Stack>
      )}
      <LazyPdfViewer
        open={!!viewer}
        onClose={() => setViewer(null)}
        url={viewer?.url ?? null}
        title={viewer?.title ?? ''}
        fileName={`result-${kitId}.pdf`}
      />
    </Stack>
  );
};
