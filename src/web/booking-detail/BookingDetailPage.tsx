import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { actionRefusal, BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { ChartNoteList } from '../shared/chart-notes/ChartNoteList';
import { PageHeading } from '../layout/PageHeading';
import { statusOf } from '../providers/errorReason';
import { ActionBar } from './ActionBar';
import { ActionList } from './ActionList';
import { AppointmentSection } from './AppointmentSection';
import { BookingHeader } from './BookingHeader';
import type { DialogState } from './dialogState';
import { useBookingDetail, useBookingPart, useViewer } from '../shared/bookings/bookingHooks';
import { LogSection, OutboxSection } from './LogSections';
import { GuardedButton, Section } from './parts';
import { OrderSummarySection, ProductsSection } from './ProductSections';
import { SelfCheckInSection } from './SelfCheckInSection';
import { CareSessionSection, KitOrdersSection } from './SessionSections';
import { useBookingActions } from './useBookingActions';
import { EmergencyAccess } from '../shared/break-glass/EmergencyAccess';
import { TranscriptionSection } from '../shared/transcription/TranscriptionSection';
import { useAnnounceChanges } from '../shared/live/recordChanges';
import { DialogSlot } from '../shared/lab/DialogSlot';

/** The screen's dialogs: their own chunk, fetched when the first one opens (the booking shows without them). */
const BookingDialogs = lazy(() => import('./BookingDialogs').then((m) => ({ default: m.BookingDialogs })));

const S = 'bookingDetail.sections';

/** /BookingDetails?bookingId=: the booking detail screen (spec 2 §2.3). */
const BookingDetailPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const bookingId = params.get('bookingId') ?? '';
  const booking = useBookingDetail(bookingId);
  useAnnounceChanges([{ resource: 'bookings', id: bookingId }]); // another user's change: "Updated by <name> just now"
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <PageHeading path="/BookingDetails" />
      {booking.isPending && bookingId ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate('bookingDetail.loading')}</Typography>
        </Stack>
      ) : booking.data ? (
        <BookingScreen booking={booking.data} />
      ) : booking.error && statusOf(booking.error) !== 404 ? (
        <Alert severity="error">{translate('bookingDetail.loadFailed', { msg: booking.error.message })}</Alert>
      ) : (
        <>
          <Alert severity="info">{translate('bookingDetail.notFound')}</Alert>
          {/* Outside the licence states a booking reads as unknown: break-glass by the booking id. */}
          {bookingId && booking.error && <EmergencyAccess target={{ bookingId }} />}
        </>
      )}
    </Box>
  );
};

const BookingScreen = ({ booking: b }: { booking: BookingDetail }) => {
  const viewer = useViewer();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const actions = useBookingActions(b, setDialog);
  const summary = useBookingPart(b.id, 'orderSummary', (dp, signal) => dp.bookingOrderSummary(b.id, signal), viewer.productOrderAccess);
  const outbox = useBookingPart(b.id, 'outbox', (dp, signal) => dp.bookingOutbox(b.id, signal));
  return (
    <Stack spacing={2}>
      <BookingHeader booking={b} />
      <ActionBar booking={b} onDialog={setDialog} />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={1} sx={{ flex: 3, minWidth: 0, width: '100%' }}>
          <AppointmentSection booking={b} />
          <SelfCheckInSection booking={b} />
          {viewer.productOrderAccess && <OrderSummarySection booking={b} summary={summary.data} onDialog={setDialog} />}
          {viewer.productOrderAccess && <ProductsSection booking={b} onDialog={setDialog} />}
          <CareSessionSection booking={b} />
          <KitOrdersSection kitIds={b.kitIds} />
          {b.hasReadAccessToClinicalData && (
            <Section title={`${S}.createKit`} testId="createKit" defaultExpanded={false}>
              <GuardedButton
                label="bookingDetail.ui.buttons.createKit"
                refusal={actionRefusal(b, BOOKING_WRITES.orderKit)}
                onClick={() => setDialog({ kind: 'createKit' })}
              />
            </Section>
          )}
          {viewer.clinicianOrSuperAdmin && <TranscriptionSection booking={b} />}
          {viewer.clinicianOrSuperAdmin && <LogSection title={`${S}.clinicalLog`} entries={b.clinicalNotes} zone={b.eventTimeZone} />}
          <LogSection title={`${S}.history`} entries={b.appntNotes} zone={b.eventTimeZone} />
          <LogSection title={`${S}.timeline`} entries={b.timeline} zone={b.eventTimeZone} />
          {/* Chart notes are clinicians' and super admins' (the server refuses other roles): not fetched for others. */}
          {viewer.clinicianOrSuperAdmin && (
            <Section title={`${S}.chartNotes`} testId="chartNotes" defaultExpanded={false}>
              <ChartNoteList by="booking" id={b.id} />
            </Section>
          )}
          <OutboxSection mails={outbox.data ?? []} />
        </Stack>
        <Box sx={{ flex: 1, minWidth: 280, width: '100%', position: { lg: 'sticky' }, top: { lg: 72 } }}>
          <ActionList items={actions.items} onPick={actions.pick} busy={actions.busy} />
        </Box>
      </Stack>
      <DialogSlot open={!!dialog}>
        <BookingDialogs booking={b} dialog={dialog} onClose={() => setDialog(null)} />
      </DialogSlot>
    </Stack>
  );
};

export default BookingDetailPage;
