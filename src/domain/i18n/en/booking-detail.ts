/**
 * Field messages the spec does not word, written once for the schemas of booking-detail.ts (server) and the forms (portal), so the user
 * never meets a schema's raw text such as a pattern.
 */
export const BOOKING_FIELD_TEXT = {
  firstName: 'Please enter the first name',
  lastName: 'Please enter the last name',
  zip: 'Zip is 5 digits, or 5+4 (89104 or 89104-1234)',
  productName: 'Please enter the product name',
  qty: 'Quantity is a whole number from 1 to 100',
  unitPrice: 'Price is from $0.00 to $100,000.00, in cents',
  /** The upload limit (MAX_UPLOAD_BYTES of files.ts) in MB: the catalogue test checks they agree. */
  fileType: 'Only .pdf, .jpg, .jpeg and .png files are accepted',
  fileSize: 'The file is larger than the 10 MB limit',
  fileRules: '.pdf, .jpg, .jpeg or .png, at most 10 MB',
} as const;

/** The patient-info form's messages (spec 2 §5). */
export const PATIENT_INFO_TEXT = {
  reasonAlert: 'Please enter reason for update',
  reasonField: 'Please enter a reason for patient info update',
  email: 'Please enter a valid email',
  phone: 'Please enter valid phone number without any special characters',
  mobile: 'Mobile No should be 10 Digits',
  checkErrors: 'Please check the errors and try again',
  nothing: 'Nothing to Update',
} as const;

/** The complete-clinical and complete-booking forms' one message. */
export const FILL_ALL_FIELDS_TEXT = 'Please fill all the fields ';

/** A product update that changes its name, quantity or price needs a reason. */
export const PRODUCT_REASON_TEXT = 'Please enter the reason for updating the name, quantity, or price of the product.';

/**
 * Texts of the booking detail screen (spec 2 §2.3, §4, §5, §8), written once; the server uses the refusal
 * texts, the portal's i18n catalogue holds them all as `bookingDetail.*` (placeholders %{name}, as polyglot does).
 */
export const BOOKING_DETAIL_TEXT = {
  // success toasts (spec 2 §8)
  patientInfoUpdated: 'Patient info updated successfully!',
  clinicalNotesAdded: 'Clinical notes added!',
  appointmentNotesAdded: 'Appointment notes added!',
  summarySent: 'Summary report sent to patient successfully!',
  signUpStatusUpdated: "User's TBD sign-up status updated!",
  productPaymentUpdated: 'Product and Payment Data Updated',
  signUpLinkSent: 'Signup link sent successfully',
  payLinkSent: 'Payment link sent successfully',
  confirmed: 'Booking marked as Confirmed',
  assigned: 'Booking assigned to you',
  productUpdated: 'Product updated successfully',
  productDeleted: 'Product deleted from Booking',
  productAdded: 'Product added successfully',
  kitCreated: 'Kit created successfully!',
  noShowMarked: 'Booking marked as No Show',
  cancelled: 'Booking cancelled successfully',
  prescriptionSent: 'Prescription Sent!',
  labOrderCreated: 'Lab Order Created Successfully',
  statusChanged: 'Status changed to %{status} successfully',
  documentApproved: 'Document approved successfully',
  documentRejected: 'Document rejected successfully',
  // failures (spec 2 §8)
  confirmFailed: 'Failed to mark booking as confirmed. Reason: %{reason}',
  assignFailed: 'Failed to assign booking to you. Reason: %{reason}',
  noShowFailed: 'Failed to mark booking as No Show',
  cancelFailed: 'Failed to cancel booking',
  labOrderFailed: 'Failed to Create Lab Order',
  loadFailed: 'failed loading message details,cause: %{msg}.Please try again with refresh',
  somethingWrong: 'Something went wrong',
  unknown: 'unknown',
  // refusals and validation (spec 2 §4, §5)
  notPending: 'Booking is not in pending confirmation status',
  alreadyTerminal: 'Booking already cancelled or completed',
  readOnlyRefusal: 'Action not permitted. Reason: %{reason}',
  terminalRefusal: 'Action not permitted. Booking reached terminal status: %{status}',
  enterClinicalNotes: 'Please enter clinical notes',
  enterAppointmentNotes: 'Please enter Appointment Notes',
  fillAllFields: FILL_ALL_FIELDS_TEXT,
  productReason: PRODUCT_REASON_TEXT,
  selectFile: 'Please select a file to upload',
  selectPhoto: 'Please select a photo to upload',
  patientAccountNotFound: 'Patient Account Not found',
  kitIdInvalid: 'Kit ID is not valid',
  ...PATIENT_INFO_TEXT,
  /** Field messages of the shared schemas, as `bookingDetail.fieldText.*`. */
  fieldText: BOOKING_FIELD_TEXT,
  // identity (spec 2 §4)
  identity: {
    pending: 'Verification pending',
    verified: 'Verified',
    rejected: 'Rejected',
    incomplete: 'Incomplete',
    none: 'No identity docs available',
  },
  // banners
  cancelledBanner: 'This Booking has been CANCELLED',
  completedBanner: 'This Booking has been COMPLETED',
  // assign button
  assignToMe: 'Assign to me',
  reassignToMe: 'Re-assign to me',
  assignedToYou: 'Assigned to you',
  // sections
  sections: {
    appointment: 'Appointment details',
    selfCheckIn: 'Self Checkin Completion',
    orderSummary: 'Order Summary',
    products: 'Products',
    careSession: 'Care Session Details',
    kits: 'Kit/Lab Orders',
    productPayment: 'Product and Payment',
    transcription: 'Transcription',
    clinicalLog: 'Clinical/Charting log',
    history: 'Manage booking logs/History',
    timeline: 'Timeline',
    reassigned: 'Patient Re-Assigned',
    chartNotes: 'Charting Notes',
    createKit: 'Create Kit',
    outbox: 'Sent e-mails',
  },
  selectAction: 'Select Action',
  selfCheckInCompleted: 'Completed',
  defaults: { allergies: 'NONE', customerNotes: 'NONE', pronoun: 'NA', medications: 'unknown' },
  loading: 'Loading booking…',
  notFound: 'No booking found for this id',
} as const;
