import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { FindBookings } from '../../domain/bookings';
import { exportBookings, reasonOf, saveBlob, useBookingsApi } from './bookingsApi';

/** Export of all data (spec 2 §2.1): the server's CSV of every booking matching the search, saved as a file. */
export const ExportBookingsButton = ({ body, disabled }: { body: FindBookings | null; disabled?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBookingsApi();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!body) return;
    setBusy(true);
    try {
      const blob = await exportBookings(api, { ...body, page: 1 });
      saveBlob(blob, `bookings-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify('booking.exportFailed', { type: 'error', messageArgs: { reason: reasonOf(error) ?? translate('booking.unknown') } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={disabled || busy || !body}>
      {translate('booking.export')}
    </Button>
  );
};
