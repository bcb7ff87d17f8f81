import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Payment of a booking (spec 2 §2.4): /Payment?bookingId=. */
export default {
  name: 'payment',
  screens: [{ path: '/Payment', load: () => import('./PaymentPage') }],
} satisfies ResourceDescriptor;
