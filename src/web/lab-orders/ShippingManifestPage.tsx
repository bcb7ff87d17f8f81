import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CARE_LOCATIONS } from '../../domain/constants';
import { fromNotAfterTo, type ManifestRow } from '../../domain/kit-reports';
import { listManifests, reasonOf, useKitsApi } from '../kits/kitsApi';
import { PageHeading } from '../layout/PageHeading';
import { formatDateTime } from '../lab-shared/labRow';
import { HeadCell, PagedTable, pagingProps } from '../layout/PagedTable';
import { useManifestPdf } from './useManifestPdf';

const COLUMNS = ['id', 'createdAt', 'careLocation', 'provider', 'trackingNumber', 'kits', 'createdBy'] as const;
const MAX_KITS_SHOWN = 6;

function cell(c: (typeof COLUMNS)[number], m: ManifestRow) {
  if (c === 'createdAt') return formatDateTime(m.createdAt);
  if (c === 'createdBy') return m.createdBy.name ?? m.createdBy.id;
  if (c === 'kits') {
    const more = m.kitCount > MAX_KITS_SHOWN ? ` +${m.kitCount - MAX_KITS_SHOWN}` : '';
    return `${m.kitIds.slice(0, MAX_KITS_SHOWN).join(', ')}${more}`;
  }
  return m[c];
}

/**
 * Shipping Manifest (/shipping-manifest): the manifests created from a date to a date at a care location
 * (GET /secure/kit/manifests, server-side paging), each printable as its PDF (kits and tracking number).
 */
export const ShippingManifestPage = () => {
  const translate = useTranslate();
  const api = useKitsApi();
  const [filter, setFilter] = useState({ from: '', to: '', careLocation: 'ALL' });
  const [paging, setPaging] = useState({ page: 1, perPage: 50 });
  const pdf = useManifestPdf();
  const query = { ...filter, ...paging };
  // A From after To is explained here and never sent (field test finding 14).
  const rangeOk = fromNotAfterTo(filter);
  const manifests = useQuery({
    queryKey: ['kits', 'manifests', query],
    queryFn: ({ signal }) => listManifests(api, query, signal),
    enabled: rangeOk,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const change = (key: keyof typeof filter) => (e: { target: { value: string } }) => {
    setFilter((f) => ({ ...f, [key]: e.target.value }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const rows = manifests.data?.items ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/shipping-manifest" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField type="date" label={translate('kit.fromDate')} value={filter.from} onChange={change('from')} error={!rangeOk} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" label={translate('kit.toDate')} value={filter.to} onChange={change('to')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          select
          label={translate('kit.careLocation')}
          value={filter.careLocation}
          onChange={change('careLocation')}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="ALL">{translate('kit.allLocations')}</option>
          {CARE_LOCATIONS.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </TextField>
      </Stack>
      {!rangeOk && <Alert severity="warning" sx={{ mb: 2 }}>{translate('kit.fromAfterTo')}</Alert>}
      {manifests.error && <Alert severity="error">{translate('kit.manifestsFailed', { reason: reasonOf(manifests.error) })}</Alert>}
      <PagedTable
        label={translate('route.shipping-manifest')}
        head={
          <>
            {COLUMNS.map((c) => <HeadCell key={c} label={`kit.manifestColumns.${c}`} />)}
            <TableCell />
          </>
        }
        columns={COLUMNS.length + 1}
        rowCount={rows.length}
        emptyText="kit.noManifests"
        loading={manifests.isFetching}
        total={manifests.data?.total ?? 0}
        {...pagingProps(paging, setPaging)}
      >
        {rows.map((m) => (
          <TableRow key={m.id} hover>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={c === 'kits' || c === 'careLocation' ? { minWidth: c === 'kits' ? 260 : 140 } : { whiteSpace: 'nowrap' }}>
                {cell(c, m)}
              </TableCell>
            ))}
            <TableCell>
              <Button size="small" startIcon={<PrintIcon />} onClick={() => void pdf.print(m.id)}>
                {translate('kit.print')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {pdf.viewer}
    </Box>
  );
};

export default ShippingManifestPage;
