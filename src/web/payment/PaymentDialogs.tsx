import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { BillingAddress, CheckoutResponse, PayResponse } from '../../domain/payments/payment';
import { bookingDetailsPath } from '../shared/bookings/bookingColumns';
import { money } from './OrderSummaryCard';

export interface Review {
  checkout: CheckoutResponse['checkout'];
  billing: BillingAddress;
  card: string;
  expDate: string;
  paymentToken: string;
}

/** Review Payment (spec 2 §2.6, §4 payment flow): the amounts the server fixed, who is billed, the masked card; Confirm pays. */
export const ReviewPaymentDialog = ({
  review,
  pending,
  onConfirm,
  onClose,
}: {
  review: Review | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const b = review?.billing;
  return (
    <Confirm
      isOpen={!!review}
      loading={pending}
      title="payment.reviewPayment"
      confirm="payment.confirm"
      onConfirm={onConfirm}
      onClose={onClose}
      content={
        review && b ? (
          <Stack spacing={1}>
            <Typography>{translate('payment.reviewIntro')}</Typography>
            <Typography>
              {translate('payment.billedTo')}: {b.firstName} {b.lastName}, {b.streetAddress1}, {b.streetAddress2}, {b.city}, {b.countryArea}{' '}
              {b.postalCode}
            </Typography>
            <Typography>
              {translate('payment.cardLabel')}: {review.card} ({review.expDate})
            </Typography>
            <Typography>
              {translate('payment.subTotal')}: {money(review.checkout.netTotal)}
            </Typography>
            <Typography>
              {translate('payment.tax')}: {money(review.checkout.tax)}
            </Typography>
            <Typography fontWeight={700}>
              {translate('payment.total')}: {money(review.checkout.grossTotal)}
            </Typography>
          </Stack>
        ) : null
      }
    />
  );
};

/** The success modal with the 'view details' link back to the booking. */
export const PaymentSuccessDialog = ({ result, bookingId, onClose }: { result: PayResponse | null; bookingId: string; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={!!result} onClose={onClose} aria-labelledby="payment-success-title">
      <DialogTitle id="payment-success-title">{translate('payment.successTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{result && translate('payment.successText', { amount: money(result.amount), transactionId: result.transactionId })}</Typography>
      </DialogContent>
      <DialogActions>
        <Link component={RouterLink} to={bookingDetailsPath(bookingId)}>
          {translate('payment.viewDetails')}
        </Link>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
