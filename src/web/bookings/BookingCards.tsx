import { Stack, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { BookingRow } from '../providers/bookingMethods';
import { CardList } from '../shared/CardList';
import { bookingCell, bookingDetailsPath } from '../shared/bookings/bookingColumns';

/**
 * Available Bookings on a phone: one card per booking instead of a table row, with what picks it (the patient, the
 * appointment time, the status, the care type) and its booking id. A click on the card, or Enter on its booking id
 * (a link), opens the booking; a masked one (outside the licence states) offers its emergency access instead.
 */
export const BookingCards = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending } = useListContext<BookingRow>();
  const unassigned = translate('booking.unassigned');
  const cell = (column: Parameters<typeof bookingCell>[0], row: BookingRow) => bookingCell(column, row, unassigned);
  if (isPending && !data) return null;
  if (!data?.length)
    return (
      <Typography sx={{ px: 2, py: 4 }} color="text.secondary">
        {translate('booking.noneFound')}
      </Typography>
    );
  return (
    <CardList
      data={data}
      labelledBy="available-bookings-title"
      onOpen={(row) => navigate(bookingDetailsPath(row.id))}
      canOpen={(row) => !row.masked}
      contentSx={{ '&:last-child': { pb: 2 } }}
    >
      {(row) => (
        <>
          <Stack direction="row" justifyContent="space-between" alignItems="center" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{cell('name', row)}</Typography>
            {cell('status', row)}
          </Stack>
          <Typography variant="body2">{cell('appntStart', row)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {cell('careType', row)}
          </Typography>
          <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
            {cell('id', row)}
          </Typography>
        </>
      )}
    </CardList>
  );
};
