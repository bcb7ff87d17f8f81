import { Box, TableCell, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { HeadCell, PagedTable } from '../layout/PagedTable';
import { BOOKING_COLUMNS, bookingCell } from './bookingColumns';
import type { BookingRow } from './bookingsApi';

/** Page sizes of the booking table (spec 2 §2.1, §9): 100 by default. */
export const BOOKING_PAGE_SIZES = [50, 100, 200, 500] as const;
export const DEFAULT_BOOKING_PAGE_SIZE = 100;

export interface BookingsTableProps {
  rows: BookingRow[];
  total: number;
  /** 1-based. */
  page: number;
  perPage: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Beside the title (the export button). */
  actions?: ReactNode;
}

/** Available Bookings: the search's page of rows, body at most 630 px high with a sticky header, server-side paging. */
export const BookingsTable = ({ rows, total, page, perPage, loading, onPageChange, onPerPageChange, actions }: BookingsTableProps) => {
  const translate = useTranslate();
  const unassigned = translate('booking.unassigned');
  const toolbar = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}>
      <Typography variant="h6" component="h2" id="available-bookings-title">
        {translate('booking.tableTitle')}
      </Typography>
      <Typography color="text.secondary" data-testid="booking-total">
        {translate('booking.total', { smart_count: total })}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
  return (
    <PagedTable sx={{ mt: 2 }} toolbar={toolbar} labelledBy="available-bookings-title" columns={BOOKING_COLUMNS.length}
      head={BOOKING_COLUMNS.map((c) => <HeadCell key={c} label={`booking.columns.${c}`} />)}
      rowCount={rows.length} emptyText="booking.noneFound" loading={loading} loadingText="booking.loading" pageSizes={BOOKING_PAGE_SIZES}
      total={total} page={page} perPage={perPage} onPageChange={onPageChange} onPerPageChange={onPerPageChange}>
      {rows.map((row) => (
        <TableRow key={row.id} hover data-masked={row.masked ? 'true' : undefined}>
          {BOOKING_COLUMNS.map((c) => (
            <TableCell key={c} sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {bookingCell(c, row, unassigned)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </PagedTable>
  );
};
