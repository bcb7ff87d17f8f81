import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import {
  maskedCard, parseCardNumber, parseExpiry, PAYMENT_COUNTRY, PAYMENT_TOAST_MS, tokenizerFailureText, type PaymentForm, type PayResponse,
} from '../../domain/payment';
import { errorReason as reasonOf } from '../providers/errorReason';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import type { Review } from './PaymentDialogs';
import type { CardTokenizer } from './tokenizer';

/**
 * The payment flow (spec 2 §4): submit address and card -> the checkout is created (server amounts) -> the card is
 * tokenised (in the browser, by the tokeniser) -> the review modal -> confirm pays -> the success modal. Failures show
 * the server's message (checkout, pay) or the tokeniser's first message ('Something went wrong' without one), 6 s.
 */
export function usePaymentFlow(bookingId: string, tokenizer: CardTokenizer | null) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const checkoutKey = useIdempotencyKey();
  const payKey = useIdempotencyKey();
  const [review, setReview] = useState<Review | null>(null);
  const [result, setResult] = useState<PayResponse | null>(null);
  const fail = (text: string) => notify(text, { type: 'error', autoHideDuration: PAYMENT_TOAST_MS });

  const start = useMutation({
    mutationFn: async (values: PaymentForm) => {
      const { number, expDate, cvc, ...billing } = values;
      const billingAddress = { ...billing, country: PAYMENT_COUNTRY } as const;
      let checkout;
      try {
        checkout = await checkoutKey((key) => dataProvider.createCheckout(bookingId, billingAddress, key));
      } catch (error) {
        fail(reasonOf(error) ?? tokenizerFailureText(null));
        return;
      }
      if (!checkout.isSuccess) { fail(checkout.message); return; }
      const exp = parseExpiry(expDate);
      const cardNumber = parseCardNumber(number);
      if (!exp || !tokenizer) { fail(tokenizerFailureText(null)); return; }
      const tokenised = await tokenizer.dispatchData({
        authData: { apiLoginID: '', clientKey: '' },
        cardData: { cardNumber, month: exp.month, year: exp.year, cardCode: cvc, zip: billing.postalCode, fullName: `${billing.firstName} ${billing.lastName}` },
      }).catch(() => null);
      if (!tokenised || tokenised.messages.resultCode !== 'Ok' || !tokenised.opaqueData) { fail(tokenizerFailureText(tokenised)); return; }
      setReview({ checkout: checkout.checkout, billing: billingAddress, card: maskedCard(cardNumber), expDate, paymentToken: tokenised.opaqueData.dataValue });
    },
  });

  const pay = useMutation({
    mutationFn: (r: Review) => payKey((key) => dataProvider.payBookingWithCheckout(
      { tbdBookId: bookingId, checkoutToken: r.checkout.token, paymentToken: r.paymentToken }, key)),
    onSuccess: async (paid) => {
      setReview(null);
      setResult(paid);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }), // the booking (getOne), its parts and the lists
        queryClient.invalidateQueries({ queryKey: ['payment', bookingId] }),
      ]);
    },
    // A refused token is spent: the user starts again from the form (a new checkout and a new token).
    onError: (error) => { setReview(null); fail(reasonOf(error) ?? tokenizerFailureText(null)); },
  });

  return {
    review, result,
    submit: (values: PaymentForm) => { if (!start.isPending) start.mutate(values); },
    submitting: start.isPending,
    confirm: () => { if (review && !pay.isPending) pay.mutate(review); },
    paying: pay.isPending,
    cancelReview: () => setReview(null),
    closeResult: () => setResult(null),
  };
}
