import { Button, Stack, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { actionRefusal, BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { isProductPaid, lineNet } from '../../domain/booking-detail/booking-money';
import { type BookingDetail, type BookingProduct, type OrderSummary } from '../../domain/booking-detail/booking-detail';
import { LocalDataTable } from '../shared/LocalDataTable';
import type { OpenDialog } from './dialogState';
import { Field, FieldGrid, GuardedButton, money, Section } from './parts';

const F = 'bookingDetail.ui.fields';
const B = 'bookingDetail.ui.buttons';

/** Order Summary with the payment panel: totals, orders, and Collect / Send Payment Link when payment is required. */
export const OrderSummarySection = ({
  booking,
  summary,
  onDialog,
}: {
  booking: BookingDetail;
  summary: OrderSummary | undefined;
  onDialog: OpenDialog;
}) => {
  const translate = useTranslate();
  const readOnly = booking.isReadOnly ? actionRefusal(booking, BOOKING_WRITES.collectPayment) : null;
  return (
    <Section title="bookingDetail.sections.orderSummary" testId="orderSummary">
      {summary && (
        <Stack spacing={2}>
          <FieldGrid>
            <Field label={`${F}.paymentStatus`}>{summary.paymentStatus}</Field>
            <Field label={`${F}.netPaid`}>{money(summary.netTotalPaid)}</Field>
            <Field label={`${F}.taxPaid`}>{money(summary.taxTotalPaid)}</Field>
            <Field label={`${F}.grossPaid`}>{money(summary.grossTotalPaid)}</Field>
            <Field label={`${F}.netUnpaid`}>{money(summary.netTotalUnpaid)}</Field>
            <Field label={`${F}.taxUnpaid`}>{money(summary.taxUnPaid)}</Field>
            <Field label={`${F}.grossUnpaid`}>{money(summary.grossTotalUnpaid)}</Field>
          </FieldGrid>
          {summary.orders.map((o) => (
            <Typography key={o.number} variant="body2">
              {`${translate(`${F}.order`)} ${o.number}: ${o.products.map((p) => `${p.qty} × ${p.name}`).join(', ')}`}
            </Typography>
          ))}
          {summary.isRequirePayment ? (
            <Stack direction="row" spacing={1}>
              <GuardedButton label={`${B}.collectPayment`} refusal={readOnly} onClick={() => onDialog({ kind: 'collectPayment' })} />
              <GuardedButton label={`${B}.sendPayLink`} refusal={readOnly} onClick={() => onDialog({ kind: 'sendPayLink' })} />
            </Stack>
          ) : (
            <Typography variant="body2">{translate('bookingDetail.ui.noPaymentRequired')}</Typography>
          )}
        </Stack>
      )}
    </Section>
  );
};

/** A product line as a list record: keyed by its uniqueId (a product may be on the booking twice), with the line itself. */
type ProductRow = Omit<BookingProduct, 'id'> & { id: string; product: BookingProduct };

/** Products: each line with its payment status and Edit; Add Product from the catalogue. */
export const ProductsSection = ({ booking, onDialog }: { booking: BookingDetail; onDialog: OpenDialog }) => {
  const translate = useTranslate();
  const refusal = actionRefusal(booking, BOOKING_WRITES.product);
  return (
    <Section
      title="bookingDetail.sections.products"
      testId="products"
      actions={<GuardedButton label={`${B}.addProduct`} refusal={refusal} onClick={() => onDialog({ kind: 'addProduct' })} />}
    >
      <LocalDataTable<ProductRow>
        resource="booking-products"
        data={booking.products.map((p) => ({ ...p, id: p.uniqueId, product: p }))}
        aria-label={translate('bookingDetail.sections.products')}
        emptyText="bookingDetail.ui.noProducts"
        sx={{ maxWidth: '100%', overflowX: 'auto' }}
      >
        <DataTable.Col<ProductRow> source="name" label={`${F}.product`} disableSort />
        <DataTable.Col<ProductRow> source="qty" label={`${F}.qty`} disableSort />
        <DataTable.Col<ProductRow> source="unitPrice" label={`${F}.unitPrice`} disableSort render={(p) => money(p.unitPrice)} />
        <DataTable.Col<ProductRow> label={`${F}.total`} disableSort render={(p) => money(lineNet(p))} />
        <DataTable.Col<ProductRow>
          label={`${F}.paymentStatus`}
          disableSort
          render={(p) => translate(isProductPaid(p) ? 'bookingDetail.ui.paid' : 'bookingDetail.ui.unpaid')}
        />
        <DataTable.Col<ProductRow>
          label="bookingDetail.ui.actions"
          disableSort
          render={(p) =>
            refusal ? (
              <GuardedButton label="ra.action.edit" refusal={refusal} onClick={() => undefined} />
            ) : (
              <Button
                size="small"
                onClick={() => onDialog({ kind: 'editProduct', product: p.product })}
                aria-label={`${translate('ra.action.edit')} ${p.name}`}
              >
                {translate('ra.action.edit')}
              </Button>
            )
          }
        />
      </LocalDataTable>
    </Section>
  );
};
