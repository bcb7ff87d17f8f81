import { Alert, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import { isProductPaid, PRODUCT_REASON_TEXT, updateProductSchema, type BookingDetail, type BookingProduct } from '../../domain/booking-detail';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useBookingMutation } from './hooks';
import { DialogFrame, GuardedButton } from './parts';

const F = 'bookingDetail.ui.fields';

/**
 * Edit Product (spec 2 §5): name, quantity, price and a required reason; a paid product's quantity, price and
 * reason are read-only and it cannot be deleted. Delete asks first.
 */
export const EditProductDialog = ({ booking, product, onClose }: { booking: BookingDetail; product: BookingProduct; onClose: () => void }) => {
  const translate = useTranslate();
  const paid = isProductPaid(product);
  const [name, setName] = useState(product.name);
  const [qty, setQty] = useState(String(product.qty));
  const [price, setPrice] = useState(String(product.unitPrice));
  const [reason, setReason] = useState(paid ? (product.reasonOrComment ?? '') : '');
  const [missingReason, setMissingReason] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useBookingMutation((dp) => dp.updateBookingProduct(booking.id, {
    uniqueId: product.uniqueId, name: name.trim(), qty: Number(qty), unitPrice: Number(price), reasonOrComment: reason.trim(),
  }), { success: 'bookingDetail.productUpdated', onSuccess: onClose });
  const remove = useBookingMutation((dp) => dp.deleteBookingProduct(booking.id, product.uniqueId), {
    success: 'bookingDetail.productDeleted', onSuccess: onClose,
  });
  const pending = update.isPending || remove.isPending;
  const submit = () => {
    if (!reason.trim()) return setMissingReason(true);
    update.mutate();
  };
  // The shared schema's checks and messages, as the server applies them.
  const qtyOk = qty.trim() !== '' && updateProductSchema.shape.qty.safeParse(Number(qty)).success;
  const priceOk = price.trim() !== '' && updateProductSchema.shape.unitPrice.safeParse(Number(price)).success;
  const numberOk = qtyOk && priceOk;
  return (
    <>
      <DialogFrame title="bookingDetail.ui.titles.editProduct" onClose={onClose} onSubmit={submit} pending={pending}
        submitLabel="ra.action.save" submitDisabled={paid || !numberOk || !name.trim()}
        extraActions={<GuardedButton label="ra.action.delete" color="error" refusal={paid ? BOOKING_REFUSAL_TEXT.paidProduct : null}
          pending={remove.isPending} onClick={() => setConfirmDelete(true)} />}>
        {paid && <Alert severity="info">{translate('bookingDetail.ui.paidReadOnly')}</Alert>}
        <TextField label={translate(`${F}.product`)} value={name} onChange={(e) => setName(e.target.value)} disabled={pending} autoFocus
          slotProps={{ input: { readOnly: paid } }} />
        <TextField label={translate(`${F}.qty`)} type="number" value={qty} onChange={(e) => setQty(e.target.value)} disabled={pending}
          slotProps={{ input: { readOnly: paid }, htmlInput: { min: 1, max: 100 } }}
          error={!paid && !qtyOk} helperText={!paid && !qtyOk ? translate('bookingDetail.fieldText.qty') : undefined} />
        <TextField label={translate(`${F}.unitPrice`)} type="number" value={price} onChange={(e) => setPrice(e.target.value)} disabled={pending}
          slotProps={{ input: { readOnly: paid }, htmlInput: { min: 0, step: '0.01' } }}
          error={!paid && !priceOk} helperText={!paid && !priceOk ? translate('bookingDetail.fieldText.unitPrice') : undefined} />
        <TextField label={translate(`${F}.reason`)} value={reason} required multiline minRows={2} disabled={pending}
          slotProps={{ input: { readOnly: paid } }}
          onChange={(e) => { setReason(e.target.value); setMissingReason(false); }} />
        {missingReason && <Alert severity="error" role="alert">{translate('bookingDetail.productReason', { _: PRODUCT_REASON_TEXT })}</Alert>}
      </DialogFrame>
      <ConfirmDialog open={confirmDelete} content="bookingDetail.ui.confirmDelete" contentArgs={{ name: product.name }}
        confirmLabel="ra.action.delete" cancelLabel="ra.action.cancel" loading={remove.isPending}
        onConfirm={() => { setConfirmDelete(false); remove.mutate(); }} onCancel={() => setConfirmDelete(false)} />
    </>
  );
};
