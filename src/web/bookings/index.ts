import EventIcon from '@mui/icons-material/Event';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Find Appointments (spec 2 §2.1, §7). */
export default {
  name: 'bookings',
  screens: [{ path: '/bookings', load: () => import('./FindAppointmentsPage') }],
  menu: [{ key: 'bookings', to: '/bookings', section: 'appointments', order: 10, icon: EventIcon }],
  endpoints: {
    /**
     * The search: POST findBookings with the criteria, queryType and paging in the body (served in the server's
     * order); the export is the same search as CSV. `one` is the booking detail screen's booking
     * (/BookingDetails?bookingId=): GET get/{id}, 404 for an unknown id.
     */
    bookings: {
      list: '/secure/booking/v1/findBookings',
      listMethod: 'POST',
      export: '/secure/booking/v1/findBookings/export',
      one: (id) => `/secure/booking/v1/get/${encodeURIComponent(String(id))}`,
    },
  },
} satisfies ResourceDescriptor;
