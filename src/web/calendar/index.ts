import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The booking calendar (spec 2 §2.2). */
export default {
  name: 'calendar',
  screens: [{ path: '/booking-calendar', load: () => import('./BookingCalendarPage') }],
  menu: [{ key: 'calendar', to: '/booking-calendar', section: 'appointments', order: 20, icon: CalendarMonthIcon }],
} satisfies ResourceDescriptor;
