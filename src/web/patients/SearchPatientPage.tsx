import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { DataTable, FilterForm, Form, ListBase, Pagination, TextInput, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import {
  PATIENT_COLUMN_FILTERS,
  PATIENT_PAGE_SIZE,
  PATIENT_PAGE_SIZES,
  SEARCH_FILTERS,
  SEARCH_TERM_MAX_LENGTH,
  searchCriteriaSchema,
  type PatientSearchResult,
  type SearchFilterField,
} from '../../domain/patients/patient-search';
import { patientProfileUrl } from '../../domain/patients/patient-profile';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/shared/constants';
import { PageHeading } from '../layout/PageHeading';
import type { PortalDataProvider } from '../providers/dataProvider';
import { actionReason } from '../shared/useAction';
import { saveBlob } from '../providers/saveBlob';
import { zodValidate } from '../providers/zodValidate';

const T = 'patients.search';
type Filters = Record<SearchFilterField, string | null>;
type Criteria = Partial<Record<SearchFilterField, string>>;
const EMPTY: Filters = { email: '', dob: '', phone: '', kitId: '', name: '' };
/** A criterion that cannot be searched (the server's own rule) is named under its field and nothing is sent. */
const validate = zodValidate<Filters>(searchCriteriaSchema);

/** Clear empties the criteria and the list. */
const ClearButton = ({ onClear }: { onClear: () => void }) => {
  const translate = useTranslate();
  const { reset } = useFormContext<Filters>();
  return (
    <Button
      type="button"
      onClick={() => {
        reset(EMPTY);
        onClear();
      }}
    >
      {translate(`${T}.clear`)}
    </Button>
  );
};

/**
 * Patient search page (/SearchPatient, spec 3 §2, §5): Email, DOB, Phone, Kit Id and Name; Search needs at least one;
 * the criteria are merged and de-duplicated by id on the server; the Patients List pages (100; 50/100/200/500), sorts and
 * exports on the server, with per-column filters (contains); View Details opens the profile. Rows outside the clinician's licence states come masked.
 */
export const SearchPatientPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  // The criteria of the list shown (the form's values when Search was last pressed).
  const [applied, setApplied] = useState<Criteria | null>(null);
  const search = (values: Filters) => {
    const filled = Object.fromEntries(
      Object.entries(values)
        .map(([k, v]) => [k, (v ?? '').trim()])
        .filter(([, v]) => v),
    ) as Criteria;
    if (!Object.keys(filled).length) return notify(`${T}.atLeastOne`, { type: 'warning' });
    setApplied(filled);
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/SearchPatient" />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Form
            defaultValues={EMPTY}
            validate={validate as never}
            onSubmit={(v: FieldValues) => search(v as Filters)}
            noValidate
            disableInvalidFormNotification
          >
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} role="search" aria-label={translate('nav.patientSearch')}>
              {SEARCH_FILTERS.map(({ field }) => (
                <TextInput
                  key={field}
                  source={field}
                  size="small"
                  fullWidth={false}
                  label={`${T}.${field}`}
                  helperText={false}
                  slotProps={{ htmlInput: { maxLength: SEARCH_TERM_MAX_LENGTH } }}
                />
              ))}
              <Button type="submit" variant="contained">
                {translate('ra.action.search')}
              </Button>
              <ClearButton onClear={() => setApplied(null)} />
            </Stack>
          </Form>
        </CardContent>
      </Card>
      {applied && (
        <ListBase
          resource="patients"
          filter={applied}
          perPage={PATIENT_PAGE_SIZE}
          sort={{ field: 'name', order: 'ASC' }}
          disableSyncWithLocation
          queryOptions={{ onError: () => undefined /* the list itself says why (PatientsList) */ }}
        >
          <PatientsList filter={applied} />
        </ListBase>
      )}
    </Box>
  );
};

/** Column filters (spec 3 §2): each narrows the searched rows on the server to those whose column contains the text. */
const COLUMN_FILTERS = PATIENT_COLUMN_FILTERS.map(({ param, column }) => (
  <TextInput key={param} source={param} label={`${T}.columnFilters.${column}`} alwaysOn resettable size="small" />
));

const PatientsTable = () => {
  const translate = useTranslate();
  return (
    <>
      <DataTable<PatientSearchResult>
        bulkActionButtons={false}
        rowClick={false}
        empty={<Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>}
        sx={{ '& .RaDataTable-tableWrapper': { maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto' } }}
      >
        <DataTable.Col source="name" label={`${T}.columns.name`} />
        <DataTable.Col source="email" label={`${T}.columns.email`} />
        <DataTable.Col source="dob" label={`${T}.columns.dob`} />
        <DataTable.Col source="phoneNumber" label={`${T}.columns.phoneNumber`} />
        <DataTable.Col source="location" label={`${T}.columns.location`} disableSort />
        <DataTable.Col<PatientSearchResult>
          label={`${T}.columns.action`}
          disableSort
          render={(r) =>
            r.masked ? (
              <Typography variant="caption" color="text.secondary">
                {translate(`${T}.masked`)}
              </Typography>
            ) : (
              <Button size="small" component={RouterLink} to={patientProfileUrl(r.id)}>
                {translate(`${T}.viewDetails`)}
              </Button>
            )
          }
        />
      </DataTable>
      <Pagination rowsPerPageOptions={[...PATIENT_PAGE_SIZES]} />
    </>
  );
};

const PatientsList = ({ filter }: { filter: Criteria }) => {
  const translate = useTranslate();
  const { sort, filterValues, error } = useListContext();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate(`${T}.listTitle`)}
          </Typography>
          <ExportPatientsButton filter={{ ...filterValues, ...filter }} sort={sort} />
        </Stack>
        <FilterForm filters={COLUMN_FILTERS} />
        {error ? (
          // A failed search lists nothing: the spec's failure text with the server's reason, no rows and no page range.
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate(`${T}.failedPage`, { message: actionReason(error) })}
          </Alert>
        ) : (
          <PatientsTable />
        )}
      </CardContent>
    </Card>
  );
};

/** The full export: the server's CSV of every row matching the search, in the list's sort. */
const ExportPatientsButton = ({ filter, sort }: { filter: Criteria; sort: { field: string; order: string } }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await dataProvider.exportList('patients', { filter, sort }), `patients-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify(`${T}.failedPage`, { type: 'error', messageArgs: { message: actionReason(error) } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={busy}>
      {translate('ra.action.export')}
    </Button>
  );
};

export default SearchPatientPage;
