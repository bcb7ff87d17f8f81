import { Alert, CircularProgress, ListSubheader, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BookingDetail, CatalogueGroup } from '../../domain/booking-detail/booking-detail';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useBookingMutation, useBookingPart } from '../shared/bookings/bookingHooks';
import { DialogFrame, money } from './parts';

type CatalogueProduct = CatalogueGroup['bookingProducts'][number];

/** Add Product from the catalogue of the booking's state (GET /api/cms/bookingServices), quantity 1. */
export const AddProductDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const stateCode = booking.careStateRegion ?? booking.state ?? '';
  const catalogue = useBookingPart(booking.id, `catalogue-${stateCode}`, (dp, signal) => dp.bookingCatalogue(stateCode, signal), true, 60_000);
  const [pick, setPick] = useState('');
  const products = (catalogue.data ?? []).flatMap((g) => g.bookingProducts);
  const chosen = products.find((p) => `${p.id}|${p.variantId ?? ''}` === pick);
  const withKey = useIdempotencyKey(); // a double click adds one line
  const add = useBookingMutation(
    (dp, p: CatalogueProduct) =>
      withKey((key) =>
        dp.addBookingProduct(
          booking.id,
          {
            id: p.id,
            name: p.title,
            slug: p.slug,
            variantId: p.variantId,
            qty: 1,
            unitPrice: p.price,
          },
          key,
        ),
      ),
    { success: 'bookingDetail.productAdded', onSuccess: onClose },
  );
  return (
    <DialogFrame
      title="bookingDetail.ui.titles.addProduct"
      onClose={onClose}
      onSubmit={() => chosen && add.mutate(chosen)}
      pending={add.isPending}
      submitDisabled={!chosen}
      submitLabel="ra.action.add"
    >
      {catalogue.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {catalogue.isError && <Alert severity="error">{catalogue.error.message}</Alert>}
      {catalogue.isSuccess && products.length === 0 && <Alert severity="info">{translate('bookingDetail.ui.catalogueEmpty')}</Alert>}
      {products.length > 0 && (
        <TextField select label={translate('bookingDetail.ui.pickProduct')} value={pick} onChange={(e) => setPick(e.target.value)} autoFocus>
          {(catalogue.data ?? []).flatMap((g) => [
            <ListSubheader key={`g-${g.title}`}>{g.title}</ListSubheader>,
            ...g.bookingProducts.map((p) => (
              <MenuItem key={`${p.id}|${p.variantId ?? ''}`} value={`${p.id}|${p.variantId ?? ''}`}>
                {`${p.title}${p.variantName ? ` (${p.variantName})` : ''} · ${money(p.price)}`}
              </MenuItem>
            )),
          ])}
        </TextField>
      )}
    </DialogFrame>
  );
};
