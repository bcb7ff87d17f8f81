import { KIT_TEXTS, MANAGE_LAB_ORDER_STEPS } from './kit-flow';

/**
 * Texts of the kit detail page, Manage Lab Order, the Shipping Manifest page, the Order Report and the PDF viewer
 * (spec 1 §2, §5, §8), written once. The portal's i18n catalogue holds them as `kit.*`; the validation and
 * success/failure texts the server also uses stay in KIT_TEXTS (kit-flow.ts) and appear here as `kit.rules.*`.
 * Placeholders use %{name}, as polyglot does.
 */
export const KIT_UI_TEXT = {
  rules: KIT_TEXTS,
  // Kit detail page (spec 1 §2 "Kit detail page")
  kitIdHeader: 'Kit ID: %{kitId}',
  labName: 'Lab name',
  requisitionId: 'Requisition ID',
  clinician: 'Clinician',
  productName: 'Product name',
  symptoms: 'Symptoms',
  registeredOn: 'Date of registration',
  sampleCollectedOn: 'Sample collected on',
  medication: 'Medication',
  allergies: 'Allergies',
  patientDetails: 'Patient Details',
  name: 'Name',
  email: 'Email',
  dob: 'DOB',
  sex: 'Sex',
  phone: 'Phone',
  state: 'State',
  passStatus: 'PASS status',
  changeConsentStatus: 'Change Consent Status',
  changeConsentTitle: 'Change Consent Status',
  // PASS, the partner testing programme for performers (rules in src/domain/pass.ts)
  pass: {
    status: {
      SHARING: 'Member — sharing results',
      NOT_SHARING: 'Member — not sharing',
      NOT_MEMBER: 'Not a member',
    },
    reasons: {
      noPatient: 'No patient is registered for this kit',
      notMember: 'The patient is not a PASS member',
      noConsent: 'The patient has not consented to share results with PASS',
      notReleased: 'The result is not released to the patient yet',
      masked: 'license ineligible',
      readOnly: 'Read-only access',
    },
    stopSharingQuestion: 'Stop sharing this patient\'s results with PASS? Results will no longer be sent to PASS.',
    startSharingQuestion: 'Record that this patient consents to share released results with PASS?',
    stopSharing: 'Stop sharing',
    startSharing: 'Record consent',
    consentChanged: 'PASS consent status updated',
    consentFailed: 'PASS consent status not changed. %{reason}',
    sendTitle: 'Send result to PASS',
    sendQuestion: 'Send the released result of kit %{kitId} to PASS? PASS will see this patient\'s result.',
    send: 'Send',
    sent: 'Result sent to PASS',
    sendFailed: 'Result not sent to PASS. %{reason}',
  },
  testDetails: 'Test Details',
  chartingNotes: 'Charting Notes',
  externalPatientNotes: 'External Patient Notes',
  noTestResults: 'No test results found yet for Kit ID: %{kitId}. Please check back later.',
  testResultsFailed: 'Unable to fetch test results for Kit ID: %{kitId}. Please try again later.',
  testName: 'Test',
  result: 'Result',
  units: 'Units',
  noResultLines: 'No result lines',
  resultStatus: 'Result status',
  orderedTests: 'Ordered tests',
  // Result attachments (spec 1 §3 "Test result: attachments", §8): the PDFs filed with the result
  attachments: 'Attachments',
  attachmentName: 'Result file %{n} (PDF)',
  attachmentTitle: '%{name} – %{kitId}',
  noAttachments: 'No attachments',
  attachmentUrlFailed: 'Failed to get presigned downlaod url. Try again. Contact tech if problem continues',
  noAttachmentFound: 'No attachment found. Try again. Contact tech if problem continues.',
  loadFailed: 'failed loading, %{reason}',
  // Select Action card (7 options)
  selectAction: 'Select Action',
  actions: {
    appointmentReq: 'Appointment Req',
    createChartNote: 'Create Chart Note',
    printSampleLabels: 'Print Sample Labels',
    reassign: 'Re-Assign',
    sendResultToPass: 'Send result to PASS',
    sendPrescription: 'Send Prescription',
    sendSecureMessage: 'Send Secure Message',
  },
  reasons: {
    noClinicalAccess: 'Needs clinical data access',
    noPatient: 'No patient is registered for this kit',
    noTestResult: 'No test result for this kit yet',
    alreadyMine: 'Already assigned to you',
    resultReleased: 'Not offered once the results are released',
    notInStatus: 'Not offered in the current result status',
    masked: 'license ineligible',
  },
  // Sample labels (spec 1 §8)
  sampleLabelTitle: 'Sample label – %{kitId}',
  sampleLabelNotAvailable: 'Sample label not available',
  presignedUrlFailed: 'Failed to get presigned URL',
  openWindowFailed: 'Failed to open new window',
  // Manage Lab Order (spec 1 §2, §4, §5, §8)
  /** The step cards' titles by step key (Collected Samples, Approved Samples, Confirm Shipment). */
  steps: Object.fromEntries(MANAGE_LAB_ORDER_STEPS.map((s) => [s.key, s.title])) as Record<(typeof MANAGE_LAB_ORDER_STEPS)[number]['key'], string>,
  careLocation: 'Care location',
  allLocations: 'All locations',
  refresh: 'Refresh',
  loading: 'Loading…',
  noKits: 'No lab orders in this step',
  kitsInStep: '%{smart_count} lab order |||| %{smart_count} lab orders',
  selected: '%{smart_count} selected',
  approve: 'Approve',
  cancelOrders: 'Cancel Orders',
  createManifest: 'Create Shipping Manifest',
  viewManifest: 'Shipping Manifest',
  confirmShipment: 'Confirm Shipment',
  comment: 'Comment',
  submit: 'Submit',
  close: 'Close',
  cancel: 'Cancel',
  print: 'Print',
  printManifest: 'Print manifest',
  approveTitle: 'Approve lab orders',
  cancelTitle: 'Cancel lab orders',
  confirmShipmentTitle: 'Confirm shipment',
  confirmQuestion: 'This changes %{smart_count} lab order, kit: %{kitIds} |||| This changes %{smart_count} lab orders, kits: %{kitIds}',
  manifestTitle: 'Shipping Manifest',
  trackingNumber: 'Tracking number',
  provider: 'Shipping provider',
  manifestReadOnly: 'This manifest is read-only: all its kits are already in manifest-created status.',
  loadStepFailed: 'Failed to get Lab Orders in %{status} status, %{msg}, %{reason}',
  actionFailed: '%{failure}. %{reason}',
  columns: {
    kitId: 'Kit ID',
    reqId: 'Requisition ID',
    name: 'Patient Name',
    dob: 'DOB',
    panelName: 'Panel',
    created: 'Created',
    sampleTakenDate: 'Sample Taken',
    kitStatus: 'Status',
    shipManifestNum: 'Tracking Number',
  },
  // Shipping Manifest page
  fromDate: 'From date',
  toDate: 'To date',
  fromAfterTo: 'The From date is after the To date. Choose a From date on or before the To date.',
  noManifests: 'No shipping manifests found',
  manifestsFailed: 'Failed to get shipping manifests. %{reason}',
  manifestPdfTitle: 'Shipping manifest %{id}',
  manifestColumns: {
    id: 'Manifest',
    createdAt: 'Created',
    careLocation: 'Care location',
    provider: 'Provider',
    trackingNumber: 'Tracking number',
    kits: 'Kits',
    createdBy: 'Created by',
  },
  // Order Report (spec 1 §2, §3)
  orderStatus: 'Order status',
  allStatuses: 'All statuses',
  export: 'Export',
  exportFailed: 'Export failed. %{reason}',
  noOrders: 'No orders found',
  // Users report (spec 1 §7 "Another call returns the report of users"), beside the Order Report
  usersReport: {
    title: 'Users report',
    clinician: 'Clinician',
    email: 'Email',
    status: 'Status',
    assignedLabRequests: 'Assigned lab requests',
    openLabRequests: 'Open lab requests',
    assignedTestResults: 'Assigned test results',
    resultsNeedingReview: 'Results needing review',
    none: 'No clinicians found',
    failed: 'Failed to get the users report. %{reason}',
  },
  ordersFailed: 'Failed to get orders. %{reason}',
  noAddress: 'No Address',
  inboundTracking: 'Inbound tracking',
  outboundTracking: 'Outbound tracking',
  orderColumns: {
    orderId: 'Order ID',
    orderedBy: 'Ordered By',
    kitDetails: 'Kit Details',
    patientInfo: 'Patient Info',
    status: 'Status',
  },
  // PDF viewer
  pdf: {
    previous: 'Previous page',
    next: 'Next page',
    pageOf: 'Page %{page} of %{pages}',
    download: 'Download',
    openInNewTab: 'Open in new tab',
    loading: 'Loading PDF…',
    failed: 'The PDF could not be shown.',
  },
} as const;

/** The i18n key of a KIT_TEXTS text (`kit.rules.*`), found by its value; null for a text not in KIT_TEXTS. */
export function kitRuleKey(text: string): string | null {
  const walk = (node: Record<string, unknown>, path: string[]): string | null => {
    for (const [k, v] of Object.entries(node)) {
      if (v === text) return ['kit', 'rules', ...path, k].join('.');
      if (v && typeof v === 'object') {
        const hit = walk(v as Record<string, unknown>, [...path, k]);
        if (hit) return hit;
      }
    }
    return null;
  };
  return walk(KIT_TEXTS, []);
}
