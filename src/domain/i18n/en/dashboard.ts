import { CARE_LOCATION_SHORT_LABELS } from './care-locations';

/**
 * Texts of the home dashboard's Overview (spec 1 §2): controls, card states, the card tables' columns.
 * The portal's i18n catalogue holds them as `dashboard.*`; the card titles and location labels are
 * also the domain's (DASHBOARD_CARDS, DASHBOARD_LOCATIONS read them here).
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
  /** The nine Overview cards' titles, in the spec's order (dashboard.ts's DASHBOARD_CARDS). */
  cards: {
    unreadMessages: 'Unread Messages',
    todaysAppointments: "Today's Appointment",
    rejectedSamples: 'Rejected Samples',
    orderPendingShipment: 'Order Pending Shipment',
    noPatientResults: 'Test results with no patients',
    inconclusiveResults: 'Inconclusive results',
    needingReview: 'Needing review',
    pendingConsultation: 'Pending consultation',
    labOrderPendingResults: 'Lab Order Pending Results',
  },
  /** The care-location filter: All, then each location's short name. */
  locations: { ALL: 'All', ...CARE_LOCATION_SHORT_LABELS } as Record<string, string>,
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
