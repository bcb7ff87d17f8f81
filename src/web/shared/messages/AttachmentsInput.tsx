import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button, Chip, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { declaredKind, formatFileSize, MAX_ATTACHMENTS } from '../../../domain/files/files';
import type { MessageAttachment } from '../../../domain/messages/secure-messages';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { causeOf, useInboxNotify } from './useInboxNotify';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * Attachments of a message (spec 3 §5, §8, §9): at most 5 files at a time ('Only 5 File allowed at a time'), pdf, jpg,
 * jpeg or png, uploaded at once (category MESSAGE_ATTACHMENTS: 'Uploading File', 'Upload success' or 'Upload failed,
 * cause: ...'), listed with their size in B, KB or MB, each removable (deleted on the server: 'Success' or the reason).
 */
export const AttachmentsInput = ({
  source = 'attachments',
  patientId,
}: {
  source?: string;
  /** The message's patient (a reply's); else the form's patientId (compose): files are linked to that patient. */ patientId?: string;
}) => {
  const chosenPatient = useWatch({ name: 'patientId' }) as string | undefined;
  const owner = patientId ?? chosenPatient;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useInboxNotify();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { field } = useInput<MessageAttachment[]>({ source, defaultValue: [] });
  const files: MessageAttachment[] = Array.isArray(field.value) ? field.value : [];

  const add = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (picker.current) picker.current.value = '';
    if (!chosen.length) return;
    if (files.length + chosen.length > MAX_ATTACHMENTS) return notify('message.tooManyFiles', 'warning');
    setBusy(true);
    const added: MessageAttachment[] = [];
    for (const file of chosen) {
      if (!declaredKind(file.name, file.type || undefined)) {
        notify('message.uploadFailed', 'error', { cause: 'only pdf, jpg, jpeg and png files are accepted' });
        continue;
      }
      notify('message.uploading', 'info');
      try {
        added.push(await dataProvider.uploadMessageAttachment(file, owner!));
        notify('message.uploadSuccess', 'success');
      } catch (e) {
        notify('message.uploadFailed', 'error', { cause: causeOf(e) });
      }
    }
    setBusy(false);
    if (added.length) field.onChange([...files, ...added]);
  };

  const remove = async (a: MessageAttachment) => {
    try {
      await dataProvider.deleteMessageAttachment(a.url);
      field.onChange(files.filter((f) => f.url !== a.url));
      notify('message.deleteSuccess', 'success');
    } catch (e) {
      notify(causeOf(e), 'error');
    }
  };

  return (
    <Stack spacing={1}>
      <input ref={picker} type="file" accept={ACCEPT} multiple hidden data-testid="attachment-input" onChange={(e) => add(e.target.files)} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={busy || !owner}
          title={owner ? undefined : translate('message.selectPatient')}
          onClick={() => picker.current?.click()}
        >
          {translate('message.ui.compose.attach')}
        </Button>
        {files.map((a) => (
          <Chip
            key={a.url}
            label={`${a.name} (${formatFileSize(a.size)})`}
            onDelete={() => remove(a)}
            slotProps={{ root: { 'aria-label': `${a.name} (${formatFileSize(a.size)})` } } as object}
            deleteIcon={<span aria-label={translate('message.ui.compose.removeAttachment', { name: a.name })}>✕</span>}
          />
        ))}
      </Stack>
    </Stack>
  );
};
