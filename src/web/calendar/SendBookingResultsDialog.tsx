import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { actionRefusal, BOOKING_ACTIONS } from '../../domain/booking-detail/booking-actions';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { useBookingDetail } from '../shared/bookings/bookingHooks';
import { VisitSummaryDialog } from '../shared/bookings/VisitSummaryDialog';

const SUMMARY_RULE = BOOKING_ACTIONS.find((a) => a.key === 'visitSummary')!;

/**
 * Send results or patient summary (calendar): loads the booking, then either sends the visit summary
 * (the booking detail screen's own dialog, same rules and texts) or opens a kit's results, where results are sent.
 */
export const SendBookingResultsDialog = ({
  booking,
  onClose,
  onOpenDetails,
}: {
  booking: CalendarEventRow;
  onClose: () => void;
  onOpenDetails: () => void;
}) => {
  const translate = useTranslate();
  const id = useId();
  const detail = useBookingDetail(booking.id);
  const [summary, setSummary] = useState(false);
  if (summary && detail.data) return <VisitSummaryDialog booking={detail.data} onClose={onClose} />;
  const refusal = detail.data ? actionRefusal(detail.data, SUMMARY_RULE) : null;
  const kitIds = detail.data?.kitIds ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{translate('booking.sendResults')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {booking.name} · {booking.id}
        </DialogContentText>
        {detail.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} sx={{ mt: 2 }} />}
        {detail.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('booking.openDetailsFailed')}
          </Alert>
        )}
        {detail.data && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('booking.sendResultsKits')}
            </Typography>
            {kitIds.length === 0 ? (
              <Typography color="text.secondary">{translate('booking.sendResultsNoKits')}</Typography>
            ) : (
              <List dense>
                {kitIds.map((kitId) => (
                  <ListItem key={kitId} disableGutters>
                    <Link href={`/result/${encodeURIComponent(kitId)}`} target="_blank" rel="opener">
                      {kitId}
                    </Link>
                  </ListItem>
                ))}
              </List>
            )}
            {refusal && (
              <Alert severity="info" sx={{ mt: 1 }} id={`${id}-refusal`}>
                {refusal}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button onClick={onOpenDetails}>{translate('booking.openDetails')}</Button>
        <Button
          variant="contained"
          disabled={!detail.data || !!refusal}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          onClick={() => setSummary(true)}
        >
          {translate('booking.sendSummary')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
