import { Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { actionRefusal, BOOKING_WRITES, isProductPaid, lineNet, type BookingDetail, type OrderSummary } from '../../domain/booking-detail';
import type { OpenDialog } from './dialogState';
import { Field, FieldGrid, GuardedButton, money, Section } from './parts';

const F = 'bookingDetail.ui.fields';
const B = 'bookingDetail.ui.buttons';

/** Order Summary with the payment panel: totals, orders, and Collect / Send Payment Link when payment is required. */
export const OrderSummarySection = ({ booking, summary, onDialog }: { booking: BookingDetail; summary: OrderSummary | undefined; onDialog: OpenDialog }) => {
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
          ) : <Typography variant="body2">{translate('bookingDetail.ui.noPaymentRequired')}</Typography>}
        </Stack>
      )}
    </Section>
  );
};

/** Products: each line with its payment status and Edit; Add Product from the catalogue. */
export const ProductsSection = ({ booking, onDialog }: { booking: BookingDetail; onDialog: OpenDialog }) => {
  const translate = useTranslate();
  const refusal = actionRefusal(booking, BOOKING_WRITES.product);
  return (
    <Section title="bookingDetail.sections.products" testId="products"
      actions={<GuardedButton label={`${B}.addProduct`} refusal={refusal} onClick={() => onDialog({ kind: 'addProduct' })} />}>
      {booking.products.length === 0 ? <Typography variant="body2">{translate('bookingDetail.ui.noProducts')}</Typography> : (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('bookingDetail.sections.products')}>
            <TableHead>
              <TableRow>
                {['product', 'qty', 'unitPrice', 'total', 'paymentStatus'].map((c) => <TableCell key={c}>{translate(`${F}.${c}`)}</TableCell>)}
                <TableCell>{translate('bookingDetail.ui.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {booking.products.map((p) => (
                <TableRow key={p.uniqueId} data-product={p.name}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.qty}</TableCell>
                  <TableCell>{money(p.unitPrice)}</TableCell>
                  <TableCell>{money(lineNet(p))}</TableCell>
                  <TableCell>{translate(isProductPaid(p) ? 'bookingDetail.ui.paid' : 'bookingDetail.ui.unpaid')}</TableCell>
                  <TableCell>
                    {refusal ? <GuardedButton label="ra.action.edit" refusal={refusal} onClick={() => undefined} /> : (
                      <Button size="small" onClick={() => onDialog({ kind: 'editProduct', product: p })}
                        aria-label={`${translate('ra.action.edit')} ${p.name}`}>{translate('ra.action.edit')}</Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
};
