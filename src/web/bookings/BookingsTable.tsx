import { Box, LinearProgress, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, ListContextProvider, Pagination, useList, useListContext, useTranslate } from 'react-admin';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/shared/constants';
import type { BookingRow } from '../providers/bookingMethods';
import { BookingCards } from './BookingCards';
import { BOOKING_COLUMNS, bookingCell } from '../shared/bookings/bookingColumns';
import { ExportBookingsButton } from './ExportBookingsButton';

/** Page sizes of the booking table (spec 2 §2.1, §9): 100 by default. */
export const BOOKING_PAGE_SIZES = [50, 100, 200, 500] as const;
export const DEFAULT_BOOKING_PAGE_SIZE = 100;

const NO_ROWS: BookingRow[] = [];

/** Body at most 630 px high with a sticky header; cells on one line. */
const TABLE_SX = {
  '& .RaDataTable-tableWrapper': { maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto' },
  '& th': { whiteSpace: 'nowrap', fontWeight: 600 },
  '& td': { whiteSpace: 'nowrap', verticalAlign: 'top' },
} as const;

/**
 * Available Bookings: the search's page of the `bookings` list, server-side paging, the total and the export.
 * Before any search (or after a refused one) it shows no rows.
 */
export const BookingsTable = ({ searched }: { searched: boolean }) => {
  const list = useListContext<BookingRow>();
  const none = useList<BookingRow>({ data: NO_ROWS, resource: 'bookings', perPage: list.perPage });
  return (
    <ListContextProvider value={searched ? list : none}>
      <AvailableBookings />
    </ListContextProvider>
  );
};

const AvailableBookings = () => {
  const translate = useTranslate();
  const { total, isFetching } = useListContext<BookingRow>();
  const unassigned = translate('booking.unassigned');
  // On a phone each booking is a card: a row of this table is far wider than the screen.
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}>
        <Typography variant="h6" component="h2" id="available-bookings-title">
          {translate('booking.tableTitle')}
        </Typography>
        <Typography color="text.secondary" data-testid="booking-total">
          {translate('booking.total', { smart_count: total ?? 0 })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <ExportBookingsButton />
      </Box>
      {isFetching ? <LinearProgress aria-label={translate('booking.loading')} /> : <Box sx={{ height: 4 }} />}
      {phone ? (
        <Box sx={{ px: 1 }}>
          <BookingCards />
        </Box>
      ) : (
        <DataTable<BookingRow>
          bulkActionButtons={false}
          rowClick={false}
          stickyHeader
          aria-labelledby="available-bookings-title"
          sx={TABLE_SX}
          empty={
            <Typography sx={{ px: 2, py: 4 }} color="text.secondary">
              {translate('booking.noneFound')}
            </Typography>
          }
        >
          {BOOKING_COLUMNS.map((column) => (
            <DataTable.Col<BookingRow>
              key={column}
              source={column}
              label={`booking.columns.${column}`}
              disableSort
              render={(row) => bookingCell(column, row, unassigned)}
            />
          ))}
        </DataTable>
      )}
      <Pagination rowsPerPageOptions={[...BOOKING_PAGE_SIZES]} />
    </Paper>
  );
};
