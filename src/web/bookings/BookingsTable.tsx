import {
  Box, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/constants';
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
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
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
      {loading ? <LinearProgress aria-label={translate('booking.loading')} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ maxHeight: TABLE_BODY_MAX_HEIGHT_PX }}>
        <Table size="small" stickyHeader aria-labelledby="available-bookings-title">
          <TableHead>
            <TableRow>
              {BOOKING_COLUMNS.map((c) => (
                <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {translate(`booking.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover data-masked={row.masked ? 'true' : undefined}>
                {BOOKING_COLUMNS.map((c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {bookingCell(c, row, unassigned)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={BOOKING_COLUMNS.length} sx={{ py: 4, color: 'text.secondary' }}>
                  {translate(loading ? 'booking.loading' : 'booking.noneFound')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...BOOKING_PAGE_SIZES]}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        onPageChange={(_, p) => onPageChange(p + 1)}
        onRowsPerPageChange={(e) => onPerPageChange(Number(e.target.value))}
      />
    </Paper>
  );
};
