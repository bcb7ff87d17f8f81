import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { reasonOf } from '../../providers/errorReason';
import { saveBlob } from '../../providers/saveBlob';

export interface ExportCsvButtonProps {
  /** i18n keys of the button and of the failure toast (takes %{reason}). */
  label?: string;
  failure?: string;
  /** The file name before its date (the resource by default). */
  fileName?: string;
  /** The list's permanent filter (ListBase `filter`, e.g. the profile's patientId), which the list context leaves out. */
  filter?: Record<string, unknown>;
}

/**
 * Full export of a list (spec 1 §9): the server's CSV of every row matching the list's current filters and sort
 * (the resource's `export` endpoint, through the dataProvider), saved as a file. Not react-admin's ExportButton:
 * that one pages every record through the browser, these lists are exported (masked and audited) by the server.
 */
export const ExportCsvButton = ({ label = 'ra.action.export', failure = 'lab.exportFailed', fileName, filter }: ExportCsvButtonProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { resource, filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.exportList(resource, { filter: { ...filterValues, ...filter }, sort });
      saveBlob(blob, `${fileName ?? resource}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify(failure, { type: 'error', messageArgs: { reason: reasonOf(error) } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={busy || !total}>
      {translate(label)}
    </Button>
  );
};
