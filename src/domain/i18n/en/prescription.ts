/**
 * E-prescribing (spec 1 §4, §5, §7, §8; spec 2 §4, §5, §7, §8; spec 3 §2-§9): the rules the server applies and the
 * portal mirrors, the shapes of the calls, and the texts (verbatim where the spec gives them).
 */
export const PRESCRIPTION_TEXT = {
  sent: 'Prescription Sent!',
  wait: 'This may take a few seconds',
  accountNotFound: 'Patient account not found',
  dobMissing: 'Patient DOB is missing',
  emailMissing: 'Patient email is missing',
  resultsNotReleased: "You can't send prescription until results are released",
  none: 'No Prescription Found',
  view: 'View Prescription',
  send: 'Send Prescription',
  title: 'Send prescription',
  /** Mail and secure message to the patient: no drug name (no PHI by e-mail). */
  messageSubject: 'A prescription was sent',
  messageBody: 'Your clinician has sent a prescription for you. Your pharmacy will contact you when it is ready.',
  confirmTitle: 'Send this prescription?',
  confirmBody: 'The prescription will be sent for %{name} and the patient will be told by a secure message.',
  form: {
    treatment: 'Treatment',
    instructions: 'Instructions',
    quantity: 'Quantity',
    refills: 'Refills',
    notes: 'Notes to pharmacy',
    fulfillment: 'Fulfillment',
    pickUp: 'Local pickup',
    mailOrder: 'Send to patient',
    submit: 'Send',
    cancel: 'Cancel',
  },
  card: {
    instructions: 'Instructions',
    notes: 'Notes',
    prescriber: 'Prescriber',
    writtenAt: 'Written',
    fill: 'Fill',
    quantity: 'Quantity',
    refills: 'Refills',
  },
  /** The View Prescription dialog of the local sandbox. */
  detail: {
    treatment: 'Treatment',
    strengthForm: 'Strength / form',
    state: 'State',
    fills: 'Fills',
    fillRequested: 'Requested',
    orderState: 'Order',
    orderUpdated: 'Updated',
    noFills: 'No fills yet',
    close: 'Close',
  },
  cliniciansOnly: 'Only clinicians can send prescriptions',
} as const;
