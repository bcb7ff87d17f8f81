import { Alert } from '@mui/material';
import { useState } from 'react';
import { NumberInput, required, TextInput, useTranslate } from 'react-admin';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { isProductPaid } from '../../domain/booking-detail/booking-money';
import { updateProductSchema } from '../../domain/booking-detail/booking-requests';
import { type BookingDetail, type BookingProduct } from '../../domain/booking-detail/booking-detail';
import { zodValidate } from '../providers/zodValidate';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useBookingMutation } from '../shared/bookings/bookingHooks';
import { GuardedButton } from './parts';

const F = 'bookingDetail.ui.fields';

type Values = { name: string | null; qty: number | null; unitPrice: number | null; reasonOrComment: string | null };
const bodyOf = (uniqueId: string) => (v: Values) => ({
  uniqueId,
  name: (v.name ?? '').trim(),
  qty: v.qty,
  unitPrice: v.unitPrice,
  reasonOrComment: (v.reasonOrComment ?? '').trim(),
});
/**
 * The shared schema's checks and messages, as the server applies them: name, quantity and price under their inputs as
 * they change; a missing reason as the form's alert once Save is pressed with the rest right.
 */
const validateFor = (uniqueId: string) => {
  const errors = zodValidate<Values>(updateProductSchema, bodyOf(uniqueId));
  return (v: Values) => {
    const { reasonOrComment, ...fields } = errors(v);
    return Object.keys(fields).length || !reasonOrComment ? fields : { _: reasonOrComment };
  };
};

/**
 * Edit Product (spec 2 §5): name, quantity, price and a required reason; a paid product's quantity, price and
 * reason are read-only and it cannot be deleted. Delete asks first.
 */
export const EditProductDialog = ({ booking, product, onClose }: { booking: BookingDetail; product: BookingProduct; onClose: () => void }) => {
  const translate = useTranslate();
  const paid = isProductPaid(product);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useBookingMutation(
    (dp, v: Values) => dp.updateBookingProduct(booking.id, bodyOf(product.uniqueId)(v) as Parameters<typeof dp.updateBookingProduct>[1]),
    { success: 'bookingDetail.productUpdated', onSuccess: onClose },
  );
  const remove = useBookingMutation((dp) => dp.deleteBookingProduct(booking.id, product.uniqueId), {
    success: 'bookingDetail.productDeleted',
    onSuccess: onClose,
  });
  const pending = update.isPending || remove.isPending;
  const defaultValues: Values = {
    name: product.name,
    qty: product.qty,
    unitPrice: product.unitPrice,
    reasonOrComment: paid ? (product.reasonOrComment ?? '') : '',
  };
  return (
    <>
      <FormDialog<Values>
        title="bookingDetail.ui.titles.editProduct"
        defaultValues={defaultValues}
        validate={validateFor(product.uniqueId)}
        mode="onChange"
        onSubmit={(v) => update.mutate(v)}
        onClose={onClose}
        pending={pending}
        submitDisabled={paid}
        extraActions={
          <GuardedButton
            label="ra.action.delete"
            color="error"
            refusal={paid ? BOOKING_REFUSAL_TEXT.paidProduct : null}
            pending={remove.isPending}
            onClick={() => setConfirmDelete(true)}
          />
        }
      >
        {paid && <Alert severity="info">{translate('bookingDetail.ui.paidReadOnly')}</Alert>}
        <TextInput source="name" label={`${F}.product`} readOnly={paid} autoFocus helperText={false} />
        <NumberInput source="qty" label={`${F}.qty`} readOnly={paid} min={1} max={100} helperText={false} />
        <NumberInput source="unitPrice" label={`${F}.unitPrice`} readOnly={paid} min={0} step={0.01} helperText={false} />
        <TextInput source="reasonOrComment" label={`${F}.reason`} validate={required()} readOnly={paid} multiline minRows={2} helperText={false} />
        <FormErrorAlert />
      </FormDialog>
      <ConfirmDialog
        open={confirmDelete}
        content="bookingDetail.ui.confirmDelete"
        contentArgs={{ name: product.name }}
        confirmLabel="ra.action.delete"
        cancelLabel="ra.action.cancel"
        loading={remove.isPending}
        onConfirm={() => {
          setConfirmDelete(false);
          remove.mutate();
        }}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
};
