import { Alert, CircularProgress, ListSubheader, MenuItem, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { addProductSchema } from '../../domain/booking-detail/booking-requests';
import type { BookingDetail, CatalogueGroup } from '../../domain/booking-detail/booking-detail';
import type { ProductAdd } from '../providers/bookingMethods';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { zodAlert } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useBookingMutation, useBookingPart } from '../shared/bookings/bookingHooks';
import { money } from './parts';

type CatalogueProduct = CatalogueGroup['bookingProducts'][number];
type Values = { product: string };
const keyOf = (p: CatalogueProduct) => `${p.id}|${p.variantId ?? ''}`;
/** POST /addProduct's body for a catalogue product, quantity 1. */
const bodyOf = (p: CatalogueProduct): ProductAdd => ({ id: p.id, name: p.title, slug: p.slug, variantId: p.variantId, qty: 1, unitPrice: p.price });

/** The catalogue's products, grouped under their titles; the pick is the form's value. */
const ProductPicker = ({ catalogue }: { catalogue: CatalogueGroup[] }) => {
  const translate = useTranslate();
  const { field } = useInput<string>({ source: 'product', parse: (v: string) => v });
  return (
    <TextField
      select
      label={translate('bookingDetail.ui.pickProduct')}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      autoFocus
    >
      {catalogue.flatMap((g) => [
        <ListSubheader key={`g-${g.title}`}>{g.title}</ListSubheader>,
        ...g.bookingProducts.map((p) => (
          <MenuItem key={keyOf(p)} value={keyOf(p)}>
            {`${p.title}${p.variantName ? ` (${p.variantName})` : ''} · ${money(p.price)}`}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
};

/**
 * Add Product from the catalogue of the booking's state (GET /api/cms/bookingServices), quantity 1. The line it would
 * add is checked by the server's own body schema (addProductSchema) before it is sent; its reason shows above the buttons.
 */
export const AddProductDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const stateCode = booking.careStateRegion ?? booking.state ?? '';
  const catalogue = useBookingPart(booking.id, `catalogue-${stateCode}`, (dp, signal) => dp.bookingCatalogue(stateCode, signal), true, 60_000);
  const products = (catalogue.data ?? []).flatMap((g) => g.bookingProducts);
  const chosen = (v: Values) => products.find((p) => keyOf(p) === v.product);
  const withKey = useIdempotencyKey(); // a double click adds one line
  const add = useBookingMutation((dp, p: CatalogueProduct) => withKey((key) => dp.addBookingProduct(booking.id, bodyOf(p), key)), {
    success: 'bookingDetail.productAdded',
    onSuccess: onClose,
  });
  return (
    <FormDialog<Values>
      title="bookingDetail.ui.titles.addProduct"
      defaultValues={{ product: '' }}
      validate={zodAlert<Values>(addProductSchema, (v) => {
        const p = chosen(v);
        return p ? bodyOf(p) : {};
      })}
      onSubmit={(v) => {
        const p = chosen(v);
        if (p) add.mutate(p);
      }}
      onClose={onClose}
      pending={add.isPending}
      submitDisabled={(v) => !chosen(v)}
      submitLabel="ra.action.add"
    >
      {catalogue.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {catalogue.isError && <Alert severity="error">{catalogue.error.message}</Alert>}
      {catalogue.isSuccess && products.length === 0 && <Alert severity="info">{translate('bookingDetail.ui.catalogueEmpty')}</Alert>}
      {products.length > 0 && <ProductPicker catalogue={catalogue.data ?? []} />}
      <FormErrorAlert />
    </FormDialog>
  );
};
