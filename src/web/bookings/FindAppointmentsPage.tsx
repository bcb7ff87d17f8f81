import { Box, Paper } from '@mui/material';
import { format } from 'date-fns';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading';
import type { QueryType } from './bookingsApi';
import { BookingsTable, DEFAULT_BOOKING_PAGE_SIZE } from './BookingsTable';
import { ExportBookingsButton } from './ExportBookingsButton';
import { QueryTypeFilter } from './QueryTypeFilter';
import { SearchForm, type SearchError } from './SearchForm';
import { initialSearchValues, isSearchMode, SEARCH_FIELDS, searchBody, searchCriteria } from './searchForm';
import { useFindBookings, type SubmittedSearch } from './useFindBookings';

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
  const initialMode = params.get('searchType') ?? 'TODAY';
  const [mode, setMode] = useState(initialMode);
  const [values, setValues] = useState(() => initialSearchValues(format(new Date(), 'yyyy-MM-dd')));
  const [error, setError] = useState<SearchError | null>(() => (isSearchMode(initialMode) ? null : { message: 'booking.unsupportedSearch' }));
  const [search, setSearch] = useState<SubmittedSearch | null>(() => firstSearch(initialMode));
  const [queryType, setQueryType] = useState<QueryType>('ALL');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_BOOKING_PAGE_SIZE);
  const searches = useRef(0);
  const query = useFindBookings(search, queryType, page, perPage);

  const submit = () => {
    const outcome = searchCriteria(mode, values);
    if (!outcome.ok) {
      setError({ message: outcome.message, field: outcome.field });
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
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
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
            disabled={!query.data || query.data.total === 0}
          />
        }
      />
    </Box>
  );
};

export default FindAppointmentsPage;
