import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import { saveBlob } from '../providers/saveBlob';
import { causeOf } from './useLabAction';


/**
 * Full export (spec 1 §9): the server's CSV of every row matching the current filters and sort, fetched
 * through the http client (bearer and spec headers), then saved as a file.
 */
export const ExportCsvButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { resource, filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.exportList(resource, { filter: filterValues, sort });
      saveBlob(blob, `${resource}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify('lab.exportFailed', { type: 'error', messageArgs: { reason: causeOf(error) } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={busy || total === 0}>
      {translate('lab.export')}
    </Button>
  );
};
