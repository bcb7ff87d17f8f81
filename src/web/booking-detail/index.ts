import { SCREEN_FAILURE_CAUSE, type ResourceDescriptor } from '../shared/resourceDescriptor';

/** A booking's detail (spec 2 §2.3): /BookingDetails?bookingId=; its booking is the `bookings` resource's `one`. */
export default {
  name: 'booking-detail',
  screens: [
    {
      path: '/BookingDetails',
      load: () => import('./BookingDetailPage'),
      failure: { key: 'bookingDetail.loadFailed', args: { msg: SCREEN_FAILURE_CAUSE } },
    },
  ],
} satisfies ResourceDescriptor;
