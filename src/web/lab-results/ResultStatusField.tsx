import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import { Stack } from '@mui/material';
import { LazyTooltip } from '../shared/lab/LazyTooltip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { LabRecord } from '../shared/lab/labRow';

/** Results Status: the status; AUTO_RELEASE_SCHEDULED with an icon (spec 1 §2). */
export const ResultStatusField = () => {
  const translate = useTranslate();
  const record = useRecordContext<LabRecord>();
  if (!record) return null;
  if (record.status !== 'AUTO_RELEASE_SCHEDULED') return <span>{record.status}</span>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <LazyTooltip title={translate('lab.autoReleaseScheduled')}>
        <ScheduleSendIcon fontSize="small" color="warning" aria-label={translate('lab.autoReleaseScheduled')} data-testid="auto-release-icon" />
      </LazyTooltip>
      <span>{record.status}</span>
    </Stack>
  );
};
