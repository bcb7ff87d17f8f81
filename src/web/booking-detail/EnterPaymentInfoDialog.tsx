import { Alert, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { actionRefusal, BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { type BookingDetail, type OrderSummary } from '../../domain/booking-detail/booking-detail';
import { LocalDataTable } from '../shared/LocalDataTable';
import { useBookingPart } from '../shared/bookings/bookingHooks';
import { SendPayLinkDialog } from './LinkDialogs';
import { DialogFrame, Field, FieldGrid, GuardedButton, money } from './parts';
import { usePaymentPage } from './usePaymentPage';

const F = 'bookingDetail.ui.fields';

/** An unpaid product line, keyed by its product and name. */
type UnpaidRow = OrderSummary['unpaidProducts'][number] & { id: string };

/** Enter payment info: the unpaid totals (GET /api/booking/orderPaySummary), Collect Payment (-> /Payment) or Send payment link. */
export const EnterPaymentInfoDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const pay = useBookingPart(booking.id, 'orderPaySummary', (dp, signal) => dp.bookingOrderPaySummary(booking.id, signal));
  const goToPayment = usePaymentPage(booking);
  const [sendLink, setSendLink] = useState(false);
  const collectRefusal = actionRefusal(booking, BOOKING_WRITES.collectPayment);
  const linkRefusal = actionRefusal(booking, BOOKING_WRITES.sendLink);
  const nothingDue = !!pay.data && pay.data.grossTotalUnpaid <= 0 ? 'bookingDetail.ui.noPaymentRequired' : null;
  if (sendLink) return <SendPayLinkDialog booking={booking} onClose={onClose} />;
  return (
    <DialogFrame
      title="bookingDetail.ui.titles.enterPaymentInfo"
      onClose={onClose}
      maxWidth="md"
      extraActions={
        <>
          <GuardedButton label="bookingDetail.ui.buttons.sendPayLink" refusal={linkRefusal ?? nothingDue} onClick={() => setSendLink(true)} />
          <GuardedButton
            label="bookingDetail.ui.buttons.collectPayment"
            variant="contained"
            refusal={collectRefusal ?? nothingDue}
            onClick={() => {
              onClose();
              goToPayment();
            }}
          />
        </>
      }
    >
      {pay.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {pay.isError && <Alert severity="error">{pay.error.message}</Alert>}
      {pay.data && (
        <Stack spacing={2}>
          <LocalDataTable<UnpaidRow>
            resource="booking-unpaid-products"
            data={pay.data.unpaidProducts.map((p) => ({ ...p, id: p.slug + p.name }))}
            aria-label={translate('bookingDetail.ui.unpaidTotals')}
            emptyText="bookingDetail.ui.noProducts"
          >
            <DataTable.Col<UnpaidRow> source="name" label={`${F}.product`} disableSort />
            <DataTable.Col<UnpaidRow> source="qty" label={`${F}.qty`} disableSort />
            <DataTable.Col<UnpaidRow> source="unitPrice" label={`${F}.unitPrice`} disableSort render={(p) => money(p.unitPrice)} />
          </LocalDataTable>
          <FieldGrid>
            <Field label={`${F}.netUnpaid`}>{money(pay.data.netTotalUnpaid)}</Field>
            <Field label={`${F}.taxUnpaid`}>{money(pay.data.taxUnPaid)}</Field>
            <Field label={`${F}.grossUnpaid`}>{money(pay.data.grossTotalUnpaid)}</Field>
          </FieldGrid>
        </Stack>
      )}
    </DialogFrame>
  );
};
