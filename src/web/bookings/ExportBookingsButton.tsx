import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import { errorReason } from '../providers/errorReason';
import { saveBlob } from '../providers/saveBlob';

/**
 * Export of all data (spec 2 §2.1): the server's CSV of every booking matching the list's search and filter
 * (dataProvider.exportList), saved as a file.
 */
export const ExportBookingsButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { resource, filter, filterValues, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(
        await dataProvider.exportList(resource, { filter: { ...filterValues, ...filter } }),
        `bookings-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (error) {
      notify('booking.exportFailed', { type: 'error', messageArgs: { reason: errorReason(error) ?? translate('booking.unknown') } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={busy || !total}>
      {translate('ra.action.export')}
    </Button>
  );
};
