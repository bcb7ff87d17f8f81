import { Box, Paper } from '@mui/material';
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading';
import type { QueryType } from './bookingsApi';
import { BookingsTable, DEFAULT_BOOKING_PAGE_SIZE } from './BookingsTable';
import { ExportBookingsButton } from './ExportBookingsButton';
import { QueryTypeFilter } from './QueryTypeFilter';
import { SearchForm, type SearchError } from './SearchForm';
import { initialSearchValues, isSearchMode, SEARCH_FIELDS, searchBody, searchCriteria, type SearchValues } from './searchForm';
import { useFindBookings, type SubmittedSearch } from './useFindBookings';

/** What Find Appointments keeps for the session: the form, the last search, the filter and the page. */
interface SavedSearch {
  mode: string;
  values: SearchValues;
  criteria: SubmittedSearch['criteria'] | null;
  queryType: QueryType;
  page: number;
  perPage: number;
}
const SAVED_SEARCH_KEY = 'bookings.findAppointments.search';

/** A mode without inputs (Today's Bookings, Unassigned) is searched as soon as the page opens, quietly. */
function firstSearch(mode: string): SubmittedSearch | null {
  if (!isSearchMode(mode) || SEARCH_FIELDS[mode].length > 0) return null;
  return { id: 0, criteria: { searchType: mode } as SubmittedSearch['criteria'], announce: false };
}

/**
 * Find Appointments (/bookings, spec 2 §2.1): search by mode (?searchType= preselects one), the
 * All / Only mine / Only unassigned filter, and the Available Bookings table with server-side paging and export.
 */
export const FindAppointmentsPage = () => {
  const [params] = useSearchParams();
  // The last search of this session (react-admin's in-memory store): Back from a booking returns to it.
  const [saved, setSaved] = useStore<SavedSearch | null>(SAVED_SEARCH_KEY, null);
  const restore = !params.get('searchType') && saved ? saved : null;
  const initialMode = params.get('searchType') ?? restore?.mode ?? 'TODAY';
  const [mode, setMode] = useState(initialMode);
  const [values, setValues] = useState(() => restore?.values ?? initialSearchValues(format(new Date(), 'yyyy-MM-dd')));
  const [error, setError] = useState<SearchError | null>(() => (isSearchMode(initialMode) ? null : { message: 'booking.unsupportedSearch' }));
  const [search, setSearch] = useState<SubmittedSearch | null>(() =>
    (restore ? (restore.criteria ? { id: 0, criteria: restore.criteria, announce: false } : null) : firstSearch(initialMode)));
  const [queryType, setQueryType] = useState<QueryType>(restore?.queryType ?? 'ALL');
  const [page, setPage] = useState(restore?.page ?? 1);
  const [perPage, setPerPage] = useState(restore?.perPage ?? DEFAULT_BOOKING_PAGE_SIZE);
  const searches = useRef(0);
  const query = useFindBookings(search, queryType, page, perPage);
  useEffect(() => {
    setSaved({ mode, values, criteria: search?.criteria ?? null, queryType, page, perPage });
  }, [mode, values, search, queryType, page, perPage, setSaved]);

  const submit = () => {
    const outcome = searchCriteria(mode, values);
    if (!outcome.ok) {
      setError({ message: outcome.message, field: outcome.field });
      setSearch(null); // the table no longer shows the previous search's rows under the error
      return;
    }
    setError(null);
    setPage(1);
    searches.current += 1;
    setSearch({ id: searches.current, criteria: outcome.criteria, announce: true });
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/bookings" />
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <SearchForm
          mode={mode}
          values={values}
          error={error}
          busy={query.isFetching}
          onModeChange={(m) => {
            setMode(m);
            setError(null);
          }}
          onValuesChange={(v) => {
            setValues(v);
            setError(null);
          }}
          onSubmit={submit}
        />
        <QueryTypeFilter
          value={queryType}
          onChange={(t) => {
            setQueryType(t);
            setPage(1);
          }}
        />
      </Paper>
      <BookingsTable
        rows={search ? query.data?.items ?? [] : []}
        total={search ? query.data?.total ?? 0 : 0}
        page={page}
        perPage={perPage}
        loading={query.isFetching}
        onPageChange={setPage}
        onPerPageChange={(n) => {
          setPerPage(n);
          setPage(1);
        }}
        actions={
          <ExportBookingsButton
            body={search ? searchBody(search.criteria, queryType, 1, perPage) : null}
            disabled={!search || !query.data || query.data.total === 0}
          />
        }
      />
    </Box>
  );
};

export default FindAppointmentsPage;
