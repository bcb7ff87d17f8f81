/** Texts of the clinician's own-bookings panel on the home dashboard. */
export const CLINICIAN_SUMMARY_TEXT = {
  title: 'My Appointments',
  today: "Today's Appointment",
  upcoming: 'Upcoming (next %{days} days)',
  none: 'No appointments',
  more: '%{shown} of %{total} shown',
  columns: {
    appntStart: 'Time',
    name: 'Name',
    bookingStatus: 'Status',
    selfcheckinComplete: 'Self Check-in',
    products: 'Products',
    careLocation: 'Location',
  },
  failed: 'Your appointments could not be loaded',
} as const;
