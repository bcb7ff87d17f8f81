import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import { MAX_RESULT_PDF_BYTES } from '../../domain/files';
import type { PortalDataProvider } from '../providers/dataProvider';

const isPdf = (file: File) => file.name.toLowerCase().endsWith('.pdf') && (!file.type || file.type === 'application/pdf');

/**
 * Optional result PDF (spec 1 §5): "Upload" does nothing without a chosen file; "Uploading File", then
 * "Upload success" or "Upload failed, cause: ..." ('unknown' when none). PDF only, at most 10 MB.
 */
export const ResultFileUpload = ({ kitId, onUploaded, disabled }: { kitId: string; onUploaded: (url: string) => void; disabled?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const toast = { autoHideDuration: TOAST_MS.resultForm };
  const failed = (cause: string) =>
    notify('lab.uploadFailed', { type: 'error', messageArgs: { cause: cause || translate('lab.unknownCause') }, ...toast });

  const upload = async () => {
    if (!file) return;
    if (!isPdf(file)) return failed(translate('lab.onlyPdf'));
    if (file.size > MAX_RESULT_PDF_BYTES) return failed(translate('lab.fileTooLarge', { mb: MAX_RESULT_PDF_BYTES / 1024 / 1024 }));
    setBusy(true);
    notify('lab.uploadingFile', { type: 'info', ...toast });
    try {
      const { fileS3Url } = await dataProvider.uploadResultFile(kitId, file);
      onUploaded(fileS3Url);
      setUploadedName(file.name);
      notify('lab.uploadSuccess', { type: 'success', ...toast });
    } catch (error) {
      failed(error instanceof Error ? error.message : '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <input
        ref={input}
        type="file"
        accept=".pdf,application/pdf"
        hidden
        data-testid="result-file-input"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Button size="small" variant="outlined" onClick={() => input.current?.click()} disabled={disabled || busy}>
        {translate('lab.chooseFile')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {file ? file.name : translate('lab.noFileChosen')}
      </Typography>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={upload} disabled={disabled || busy}>
        {translate('lab.upload')}
      </Button>
      {uploadedName && (
        <Typography variant="body2" color="success.main">
          {translate('lab.uploaded')}: {uploadedName}
        </Typography>
      )}
    </Stack>
  );
};
