/**
 * The portal routes' titles (`route.*`), keyed as routeTitleKey names a path: '/' is `home`, others the path without
 * its first slash and with `_` for the others ('/report/orders' is `report_orders`). routes.ts's PORTAL_ROUTES reads
 * its titles here.
 */
export const ROUTE_TITLES = {
  home: 'Home',
  inbox: 'My Messages',
  MessageDetails: 'Message',
  bookings: 'Find Appointments',
  'booking-calendar': 'Calendar',
  BookingDetails: 'Booking Details',
  Payment: 'Payment',
  request: 'Lab Request',
  result: 'Lab Results',
  userrequest: 'Case details',
  'manage-lab-order': 'Manage Lab Order',
  'shipping-manifest': 'Shipping Manifest',
  report_orders: 'Order Report',
  KitDetails: 'Kit Details',
  SearchPatient: 'Patient Search',
  PatientProfile: 'Patient Profile',
  'super-admin': 'Super Admin Panel',
  'access-log': 'PHI Access Log',
  'break-glass': 'Break-glass review',
  profile: 'Manage Profile License & Calendar',
  license: 'Manage Licences',
  calendar: 'Manage Calendar',
  '401-page': 'Unauthorized Access',
} as const;
