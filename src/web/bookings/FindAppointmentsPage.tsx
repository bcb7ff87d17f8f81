import { Box, Paper } from '@mui/material';
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { ListBase, useListContext, useNotify, useStore, useStoreContext, useTranslate, type GetListResult } from 'react-admin';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../layout/PageHeading';
import type { QueryType, SearchCriteria } from '../providers/bookingMethods';
import { errorReason } from '../providers/errorReason';
import { BookingsTable, DEFAULT_BOOKING_PAGE_SIZE } from './BookingsTable';
import { QueryTypeFilter } from './QueryTypeFilter';
import { SearchForm, type SearchError } from './SearchForm';
import { initialSearchValues, isSearchMode, SEARCH_FIELDS, searchCriteria, type SearchValues } from './searchForm';

/** What Find Appointments keeps for the session besides the list's own parameters: the form and the last search. */
interface SavedSearch {
  mode: string;
  values: SearchValues;
  criteria: SearchCriteria | null;
}
const SAVED_SEARCH_KEY = 'bookings.findAppointments.search';
/** The list's page, page size and filter (queryType), in react-admin's store. */
const LIST_STORE_KEY = 'bookings.findAppointments.list';

/** A mode without inputs (Today's Bookings, Unassigned) is searched as soon as the page opens, quietly. */
function firstCriteria(mode: string): SearchCriteria | null {
  if (!isSearchMode(mode) || SEARCH_FIELDS[mode].length > 0) return null;
  return { searchType: mode } as SearchCriteria;
}

/**
 * Find Appointments (/bookings, spec 2 §2.1): search by mode (?searchType= preselects one), the
 * All / Only mine / Only unassigned filter, and the Available Bookings list (the `bookings` resource) with
 * server-side paging and export. A submitted search announces its outcome once ('Booking(s) found'); every
 * failure shows 'Booking search failed. Reason: {reason or unknown}'.
 */
export const FindAppointmentsPage = () => {
  const [params] = useSearchParams();
  const store = useStoreContext();
  const notify = useNotify();
  const translate = useTranslate();
  // The last search of this session (react-admin's in-memory store): Back from a booking returns to it.
  const [saved, setSaved] = useStore<SavedSearch | null>(SAVED_SEARCH_KEY, null);
  const [restore] = useState(() => {
    const restored = !params.get('searchType') && saved ? saved : null;
    if (!restored) store.removeItem(LIST_STORE_KEY); // a new search starts on page 1 with the filter All
    return restored;
  });
  const initialMode = params.get('searchType') ?? restore?.mode ?? 'TODAY';
  const [mode, setMode] = useState(initialMode);
  const [values, setValues] = useState(() => restore?.values ?? initialSearchValues(format(new Date(), 'yyyy-MM-dd')));
  const [error, setError] = useState<SearchError | null>(() => (isSearchMode(initialMode) ? null : { message: 'booking.unsupportedSearch' }));
  const [criteria, setCriteria] = useState<SearchCriteria | null>(() => (restore ? restore.criteria : firstCriteria(initialMode)));
  /** A submitted search whose outcome is still to be announced. */
  const announce = useRef(false);
  useEffect(() => setSaved({ mode, values, criteria }), [mode, values, criteria, setSaved]);

  const onSuccess = ({ total }: GetListResult) => {
    if (!announce.current) return;
    announce.current = false;
    notify(total ? 'booking.found' : 'booking.noneFound', { type: total ? 'success' : 'info' });
  };
  const onError = (failure: unknown) => {
    announce.current = false;
    notify('booking.searchFailed', { type: 'error', messageArgs: { reason: errorReason(failure) ?? translate('booking.unknown') } });
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/bookings" />
      <ListBase
        resource="bookings"
        storeKey={LIST_STORE_KEY}
        disableSyncWithLocation
        perPage={DEFAULT_BOOKING_PAGE_SIZE}
        filter={criteria ?? undefined}
        filterDefaultValues={{ queryType: 'ALL' }}
        queryOptions={{ enabled: !!criteria, retry: false, onSuccess, onError }}
      >
        <SearchPanel
          mode={mode}
          values={values}
          error={error}
          criteria={criteria}
          onModeChange={(m) => {
            setMode(m);
            setError(null);
          }}
          onValuesChange={(v) => {
            setValues(v);
            setError(null);
          }}
          onRefused={(refusal) => {
            setError(refusal);
            setCriteria(null);
          }}
          onSearch={(next) => {
            setError(null);
            announce.current = true;
            setCriteria(next);
          }}
        />
        <BookingsTable searched={!!criteria} />
      </ListBase>
    </Box>
  );
};

interface SearchPanelProps {
  mode: string;
  values: SearchValues;
  error: SearchError | null;
  criteria: SearchCriteria | null;
  onModeChange: (mode: string) => void;
  onValuesChange: (values: SearchValues) => void;
  /** The form's refusal: the table no longer shows the previous search's rows under the error. */
  onRefused: (error: SearchError) => void;
  onSearch: (criteria: SearchCriteria) => void;
}

/** The search form and the queryType filter, over the list: a search starts on page 1; the same search again is refetched. */
const SearchPanel = ({ mode, values, error, criteria, onModeChange, onValuesChange, onRefused, onSearch }: SearchPanelProps) => {
  const { isFetching, filterValues, setFilters, page, setPage, refetch } = useListContext();
  const submit = () => {
    const outcome = searchCriteria(mode, values);
    if (!outcome.ok) return onRefused({ message: outcome.message, field: outcome.field });
    onSearch(outcome.criteria);
    if (page !== 1) setPage(1);
    else if (JSON.stringify(outcome.criteria) === JSON.stringify(criteria)) void refetch();
    return undefined;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <SearchForm
        mode={mode}
        values={values}
        error={error}
        busy={isFetching}
        onModeChange={onModeChange}
        onValuesChange={onValuesChange}
        onSubmit={submit}
      />
      <QueryTypeFilter
        value={(filterValues.queryType as QueryType | undefined) ?? 'ALL'}
        onChange={(queryType) => setFilters({ ...filterValues, queryType }, undefined, false)}
      />
    </Paper>
  );
};

export default FindAppointmentsPage;
