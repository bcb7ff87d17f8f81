import { useState } from 'react';
import { useNotify } from 'react-admin';
import {
  maskedCard,
  parseCardNumber,
  parseExpiry,
  PAYMENT_COUNTRY,
  PAYMENT_TOAST_MS,
  tokenizerFailureText,
  type PaymentForm,
  type PayResponse,
} from '../../domain/payments/payment';
import { errorReason as reasonOf } from '../providers/errorReason';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useAction } from '../shared/useAction';
import type { Review } from './PaymentDialogs';
import type { CardTokenizer } from './tokenizer';

/**
 * The payment flow (spec 2 §4): submit address and card -> the checkout is created (server amounts) -> the card is
 * tokenised (in the browser, by the tokeniser) -> the review modal -> confirm pays -> the success modal. Failures show
 * the server's message (checkout, pay) or the tokeniser's first message ('Something went wrong' without one), 6 s.
 */
export function usePaymentFlow(bookingId: string, tokenizer: CardTokenizer | null) {
  const notify = useNotify();
  const checkoutKey = useIdempotencyKey();
  const [review, setReview] = useState<Review | null>(null);
  const [result, setResult] = useState<PayResponse | null>(null);
  const fail = (text: string) => notify(text, { type: 'error', autoHideDuration: PAYMENT_TOAST_MS });

  // One submission at a time (the one action hook); each step's failure is told here, in the flow's own texts.
  const start = useAction(
    async (dataProvider, values: PaymentForm) => {
      const { number, expDate, cvc, ...billing } = values;
      const billingAddress = { ...billing, country: PAYMENT_COUNTRY } as const;
      let checkout;
      try {
        checkout = await checkoutKey((key) => dataProvider.createCheckout(bookingId, billingAddress, key));
      } catch (error) {
        fail(reasonOf(error) ?? tokenizerFailureText(null));
        return;
      }
      if (!checkout.isSuccess) {
        fail(checkout.message);
        return;
      }
      const exp = parseExpiry(expDate);
      const cardNumber = parseCardNumber(number);
      if (!exp || !tokenizer) {
        fail(tokenizerFailureText(null));
        return;
      }
      const tokenised = await tokenizer
        .dispatchData({
          authData: { apiLoginID: '', clientKey: '' },
          cardData: {
            cardNumber,
            month: exp.month,
            year: exp.year,
            cardCode: cvc,
            zip: billing.postalCode,
            fullName: `${billing.firstName} ${billing.lastName}`,
          },
        })
        .catch(() => null);
      if (!tokenised || tokenised.messages.resultCode !== 'Ok' || !tokenised.opaqueData) {
        fail(tokenizerFailureText(tokenised));
        return;
      }
      setReview({
        checkout: checkout.checkout,
        billing: billingAddress,
        card: maskedCard(cardNumber),
        expDate,
        paymentToken: tokenised.opaqueData.dataValue,
      });
    },
    { failure: null },
  );

  const pay = useAction(
    (dataProvider, r: Review, key?: string) =>
      dataProvider.payBookingWithCheckout({ tbdBookId: bookingId, checkoutToken: r.checkout.token, paymentToken: r.paymentToken }, key!),
    {
      // idempotent: always a key
      idempotent: true,
      invalidate: ['bookings', ['payment', bookingId]], // the booking (getOne), its parts and the lists; the payment summary
      onSuccess: (paid) => {
        setReview(null);
        setResult(paid);
      },
      failure: null,
      // A refused token is spent: the user starts again from the form (a new checkout and a new token).
      onError: (error) => {
        setReview(null);
        fail(reasonOf(error) ?? tokenizerFailureText(null));
      },
    },
  );

  return {
    review,
    result,
    submit: (values: PaymentForm) => start.mutate(values),
    submitting: start.isPending,
    confirm: () => {
      if (review) pay.mutate(review);
    },
    paying: pay.isPending,
    cancelReview: () => setReview(null),
    closeResult: () => setResult(null),
  };
}
