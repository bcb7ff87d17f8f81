import { useNavigate } from 'react-router';
import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import { paymentSearch } from '../shared/links';

/** Router state the payment screen pre-fills from (spec 2 §2.3, §2.6: name, phone and address). */
export const paymentState = (b: BookingDetail) => ({
  firstName: b.firstName,
  lastName: b.lastName,
  phone: b.phone ?? b.mobile,
  address1: b.address1,
  address2: b.address2,
  city: b.city,
  state: b.state,
  zip: b.zip,
});

/** Goes to /Payment?ref=booking&id={bookingId} with the patient's name and address. */
export function usePaymentPage(b: BookingDetail) {
  const navigate = useNavigate();
  return () => navigate({ pathname: '/Payment', search: paymentSearch(b.id) }, { state: paymentState(b) });
}
