import { DASHBOARD_CARDS, DASHBOARD_LOCATIONS } from './dashboard';

/**
 * Texts of the home dashboard's Overview (spec 1 §2): controls, card states, the card tables' columns.
 * The portal's i18n catalogue holds them as `dashboard.*`; card titles and location labels come from
 * the dashboard catalogue (DASHBOARD_CARDS, DASHBOARD_LOCATIONS) so they are written once.
 * Placeholders use %{name}, as polyglot does.
 */
export const DASHBOARD_TEXT = {
  careLocation: 'Care location',
  statesMode: 'States shown',
  myStates: 'My States',
  allStates: 'All States',
  states: 'States',
  everyState: 'Every state',
  needsAttention: 'Needs attention',
  notAvailableForRole: 'Not available for your role',
  countUnavailable: 'Count unavailable right now',
  updating: 'Updating counts…',
  records: '%{smart_count} record |||| %{smart_count} records',
  noRecords: 'No records',
  tableUnavailable: 'This table could not be loaded right now. Please try again later.',
  close: 'Close',
  opensInNewTab: 'Opens in a new tab',
  cards: Object.fromEntries(DASHBOARD_CARDS.map((c) => [c.key, c.title])) as Record<(typeof DASHBOARD_CARDS)[number]['key'], string>,
  locations: Object.fromEntries(DASHBOARD_LOCATIONS.map((l) => [l.code, l.label])) as Record<string, string>,
  columns: {
    kitId: 'Kit ID',
    name: 'Patient Name',
    dob: 'DOB',
    email: 'Email',
    clinicianName: 'Clinician',
    kitStatus: 'Kit Status',
    testResultStatus: 'Test Result Status',
    careLocation: 'Care Location',
    panelName: 'Panel',
    patientState: 'Patient State',
    createDateTime: 'Created',
    orderId: 'Order ID',
    orderStatus: 'Order Status',
    orderCreateDate: 'Order Date',
    vendor: 'Vendor',
    bookingStatus: 'Booking Status',
    careStateRegion: 'State',
    selfcheckinComplete: 'Self Check-in',
    products: 'Products',
    appntStart: 'Appointment',
    subject: 'Subject',
    messageType: 'Type',
  },
} as const;

export type DashboardColumn = keyof typeof DASHBOARD_TEXT.columns;
