/**
 * The navigation menu's texts, the spec's labels (spec 1 §2 / spec 3 §2): `nav.<entry key>` for each resource's menu
 * entry (src/web/<resource>/index.ts) and `nav.section.<section key>` for the section headings.
 */
export const NAV_TEXTS = {
  home: 'Home',
  messages: 'My Messages',
  bookings: 'Find Appointments',
  calendar: 'Calendar',
  labRequests: 'Lab Requests',
  labResults: 'Lab Results',
  manageLabOrder: 'Manage Lab Order',
  shippingManifest: 'Shipping Manifest',
  patientSearch: 'Patient Search',
  accessLog: 'PHI Access Log',
  breakGlass: 'Break-glass review',
  superAdmin: 'Super Admin Panel',
  profile: 'Manage Profile License & Calendar',
  logout: 'Logout',
  section: {
    appointments: 'Appointments',
    lab: 'Lab',
    search: 'Search',
    compliance: 'Compliance',
    account: 'My Account',
  },
} as const;
