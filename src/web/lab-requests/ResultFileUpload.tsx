import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { TOAST_MS } from '../../domain/shared/constants';
import { MAX_RESULT_PDF_BYTES } from '../../domain/files/files';
import { reasonOf } from '../providers/errorReason';
import { useAction } from '../shared/useAction';
import type { ReportValues } from './testEntries';

const isPdf = (file: File) => file.name.toLowerCase().endsWith('.pdf') && (!file.type || file.type === 'application/pdf');
const toast = { autoHideDuration: TOAST_MS.resultForm };

/**
 * Optional result PDF (spec 1 §5), in the report's form: "Upload" does nothing without a chosen file; "Uploading
 * File", then "Upload success" (its address becomes the form's resultFileS3Url) or "Upload failed, cause: ..."
 * ('unknown' when none). PDF only, at most 10 MB. The chosen file is the file input's; the form shows its name.
 */
export const ResultFileUpload = ({ kitId, disabled }: { kitId: string; disabled?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const { setValue } = useFormContext<ReportValues>();
  const [chosenFileName, resultFileName] = useWatch<ReportValues, ['chosenFileName', 'resultFileName']>({
    name: ['chosenFileName', 'resultFileName'],
  });
  const failed = (cause: string) =>
    notify('lab.uploadFailed', { type: 'error', messageArgs: { cause: cause || translate('lab.unknownCause') }, ...toast });
  const upload = useAction((dp, file: File) => dp.uploadResultFile(kitId, file), {
    success: () => ({ key: 'lab.uploadSuccess', autoHideDuration: toast.autoHideDuration }),
    failure: (error) => ({ key: 'lab.uploadFailed', args: { cause: reasonOf(error, '') || translate('lab.unknownCause') } }),
    autoHideDuration: toast.autoHideDuration,
    onSuccess: ({ fileS3Url }, file) => {
      setValue('resultFileS3Url', fileS3Url, { shouldDirty: true });
      setValue('resultFileName', file.name, { shouldDirty: true });
    },
  });

  const start = () => {
    const file = input.current?.files?.[0];
    if (!file) return;
    if (!isPdf(file)) return failed(translate('lab.onlyPdf'));
    if (file.size > MAX_RESULT_PDF_BYTES) return failed(translate('lab.fileTooLarge', { mb: MAX_RESULT_PDF_BYTES / 1024 / 1024 }));
    notify('lab.uploadingFile', { type: 'info', ...toast });
    upload.mutate(file);
  };
  const busy = disabled || upload.isPending;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <input
        ref={input}
        type="file"
        accept=".pdf,application/pdf"
        hidden
        data-testid="result-file-input"
        onChange={(e) => setValue('chosenFileName', e.target.files?.[0]?.name ?? null, { shouldDirty: true })}
      />
      <Button size="small" variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
        {translate('lab.chooseFile')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {chosenFileName ?? translate('lab.noFileChosen')}
      </Typography>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={start} disabled={busy}>
        {translate('lab.upload')}
      </Button>
      {resultFileName && (
        <Typography variant="body2" color="success.main">
          {translate('lab.uploaded')}: {resultFileName}
        </Typography>
      )}
    </Stack>
  );
};
