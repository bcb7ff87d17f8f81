import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { DataTable, List, Pagination, useListContext, useTranslate } from 'react-admin';
import { CARE_LOCATIONS, LAB_TABLE_PAGE_SIZES } from '../../domain/shared/constants';
import { fromNotAfterTo, type ManifestRow } from '../../domain/kits/kit-reports';
import { PageHeading } from '../layout/PageHeading';
import { ListError } from '../shared/listStates';
import { formatDateTime } from '../shared/lab/labRow';
import { useManifestPdf } from './useManifestPdf';

const MAX_KITS_SHOWN = 6;
const C = 'kit.manifestColumns';

const kitsOf = (m: ManifestRow) => {
  const more = m.kitCount > MAX_KITS_SHOWN ? ` +${m.kitCount - MAX_KITS_SHOWN}` : '';
  return `${m.kitIds.slice(0, MAX_KITS_SHOWN).join(', ')}${more}`;
};

type Range = { from: string; to: string; careLocation: string };
const filterOf = (values: Record<string, unknown>): Range => ({
  from: String(values.from ?? ''),
  to: String(values.to ?? ''),
  careLocation: String(values.careLocation ?? 'ALL'),
});

/**
 * The filter bar: from date, to date, care location. A From after the To is explained here and never applied, so the
 * server is never asked; one arriving in the URL is dropped.
 */
const ManifestFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [draft, setDraft] = useState<Range>(() => filterOf(filterValues));
  const rangeOk = fromNotAfterTo(draft);
  useEffect(() => {
    if (!fromNotAfterTo(filterOf(filterValues))) setFilters({ ...filterValues, to: undefined }, {}, false);
  }, [filterValues, setFilters]);
  const change = (key: keyof Range) => (e: { target: { value: string } }) => {
    const next = { ...draft, [key]: e.target.value };
    setDraft(next);
    if (fromNotAfterTo(next)) setFilters(next, {}, false);
  };
  return (
    <Stack spacing={1} sx={{ width: '100%', py: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={translate('kit.fromDate')}
          value={draft.from}
          onChange={change('from')}
          error={!rangeOk}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={translate('kit.toDate')}
          value={draft.to}
          onChange={change('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label={translate('kit.careLocation')}
          value={draft.careLocation}
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
      {!rangeOk && <Alert severity="warning">{translate('kit.fromAfterTo')}</Alert>}
    </Stack>
  );
};

/**
 * Shipping Manifest (/shipping-manifest): the manifests created from a date to a date at a care location, a react-admin
 * List over the `shipping-manifests` resource (server-side paging, newest first), each printable as its PDF.
 */
export const ShippingManifestPage = () => {
  const translate = useTranslate();
  const pdf = useManifestPdf();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/shipping-manifest" />
      <List<ManifestRow>
        resource="shipping-manifests"
        // the page's PageHeading puts its one title in the app bar
        title={false}
        actions={<ManifestFilters />}
        filterDefaultValues={{ careLocation: 'ALL' }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={LAB_TABLE_PAGE_SIZES[0]}
        pagination={<Pagination rowsPerPageOptions={[...LAB_TABLE_PAGE_SIZES]} />}
        empty={false}
        error={<ListError text="kit.manifestsFailed" />}
      >
        <DataTable<ManifestRow> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 2 }}>{translate('kit.noManifests')}</Box>}>
          <DataTable.Col source="id" label={`${C}.id`} disableSort />
          <DataTable.Col<ManifestRow> source="createdAt" label={`${C}.createdAt`} render={(m) => formatDateTime(m.createdAt)} />
          <DataTable.Col source="careLocation" label={`${C}.careLocation`} disableSort />
          <DataTable.Col source="provider" label={`${C}.provider`} disableSort />
          <DataTable.Col source="trackingNumber" label={`${C}.trackingNumber`} disableSort />
          <DataTable.Col<ManifestRow> label={`${C}.kits`} disableSort render={kitsOf} />
          <DataTable.Col<ManifestRow> label={`${C}.createdBy`} disableSort render={(m) => m.createdBy.name ?? m.createdBy.id} />
          <DataTable.Col<ManifestRow>
            label=""
            disableSort
            render={(m) => (
              <Button size="small" startIcon={<PrintIcon />} onClick={() => void pdf.print(m.id)}>
                {translate('kit.print')}
              </Button>
            )}
          />
        </DataTable>
      </List>
      {pdf.viewer}
    </Box>
  );
};

export default ShippingManifestPage;
