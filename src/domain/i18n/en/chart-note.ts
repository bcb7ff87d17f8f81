/**
 * Texts of the chart notes, templates and patient profile screens (spec 1 §5, §8; spec 2 §5; spec 3 §2, §8): the
 * content rules the server and the editor apply, the templates' toasts, and the portal's `chartNote.*`, `templates.*`
 * and `patient.*`. Placeholders use %{name}, as polyglot does.
 */
/** Chart note types by their stored code (spec 1 §3, spec 2 §3). */
export const NOTE_TYPE_LABELS = {
  CLINICIAN_NOTE: 'Clinical Notes',
  APPOINTMENT_NOTE: 'Appointment Notes',
  REGISTERED_NURSE_NOTE: 'Registered Nurse Notes',
  ANCILLARY_STAFF_NOTE: 'Ancillary Staff Notes',
  PATIENT_QUESTIONNAIRE_RESPONSE: 'Patient Questionnaire Response',
  BELUGA_HEALTH: 'Beluga Health',
} as const;

/** A note over 380 KB (spec 1 §9); %{kb} is its size in KB. */
export const NOTE_TOO_LARGE_TEXT = 'Note is too large (%{kb} KB > 380 KB). Please remove images/formatting or split the note.';

/** The chart note content rules' texts (chart-notes.ts adds the size text, which names the note's size). */
export const NOTE_TEXT = {
  required: 'Please fill all the required fields',
  pastedImage: 'Pasted images detected. Please remove images or upload them separately.',
  empty: 'Note cannot be empty',
  saved: 'Notes saved successfully',
  failed: 'Something went wrong',
  externalWarning: 'You are sending this notes to patient',
  makeExternal: 'Make this note available to patient',
  noMessage: 'No Message Found',
} as const;

export const NPI_NOT_FOUND = 'NPI not found';

export const TEMPLATE_TEXT = {
  created: 'Template Created Successfully',
  updated: 'Template Updated Successfully',
  updateFailed: 'Template Updated Failed',
  createFailedDefault: 'Failed to create template',
  updateFailedDefault: 'Failed to update template',
} as const;

/**
 * Texts of the chart notes, templates and patient profile screens (spec 1 §5, §8; spec 2 §5; spec 3 §2, §8),
 * written once. The portal's i18n catalogue holds them as `chartNote.*`, `templates.*` and `patient.*`.
 * Placeholders use %{name}, as polyglot does.
 */
export const CHART_NOTE_TEXT = {
  dialogTitle: 'Charting Notes',
  // A note of the external provider (BELUGA_HEALTH): the writing physician's NPI, found by name (spec 2 §5)
  npi: 'NPI: %{npi}',
  npiNotFound: NPI_NOT_FOUND,
  npiLoading: 'Looking up the NPI…',
  noteType: 'Note type',
  note: 'Note',
  saveDraft: 'Save as Draft',
  submit: 'Submit',
  cancel: 'Cancel',
  close: 'Close',
  makeExternal: NOTE_TEXT.makeExternal,
  externalWarning: NOTE_TEXT.externalWarning,
  saved: NOTE_TEXT.saved,
  draftSavedAsOf: 'Draft saved as of %{when}',
  failed: NOTE_TEXT.failed,
  required: NOTE_TEXT.required,
  pastedImage: NOTE_TEXT.pastedImage,
  tooLarge: NOTE_TOO_LARGE_TEXT,
  empty: NOTE_TEXT.empty,
  noMessage: NOTE_TEXT.noMessage,
  noNotes: 'No Charting Notes found',
  loadFailed: 'Failed to load the charting notes. %{reason}',
  cloneOf: 'Copy of the note by %{author} of %{when}',
  clone: 'Clone',
  amend: 'Amend',
  amendmentOf: 'Amendment of the note by %{author} of %{when}',
  amendmentOfEarlier: 'Amendment of an earlier note',
  amended: 'Amended',
  amendedBy: 'Amended by %{author} on %{when}',
  print: 'Print / PDF',
  printBlocked: 'Failed to open new window',
  search: 'Search notes',
  reset: 'Reset',
  createChartingNote: 'Create Charting Note',
  author: 'Author',
  draft: 'Draft',
  published: 'Published',
  internal: 'Internal',
  external: 'Visible to patient',
  types: NOTE_TYPE_LABELS,
  loading: 'Loading…',
} as const;

export const TEMPLATES_TEXT = {
  ...TEMPLATE_TEXT,
  manageTemplates: 'Manage Templates',
  newTemplate: 'New template',
  editTemplate: 'Edit template',
  name: 'Name',
  description: 'Template',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  noTemplates: 'No templates yet',
  lastUpdated: 'Last updated',
  template: 'Template',
  applyTemplate: 'Apply template',
  noTemplate: 'No template',
  myTemplates: 'My templates',
  resultTemplates: 'Result templates',
  applyError: 'There was an error applying the template. Please reset & try again.',
  patientNameMissing: "The patient's name is missing. Please enter it manually in the message.",
  clinicianNameMissing: 'Your name is missing from your clinician profile. Add it on the profile page, or sign the message manually.',
  goToProfile: 'Go to profile',
  signManually: 'Sign manually',
  ok: 'OK',
  loadFailed: 'Failed to load templates. %{reason}',
} as const;

export const PATIENT_TEXT = {
  profileTitle: 'Patient Profile',
  dob: 'DOB',
  state: 'State',
  email: 'Email',
  phone: 'Phone',
  patientIdRequired: 'Patient ID is required to fetch details',
  errorFetching: 'Error fetching patient details',
  tabs: {
    appointment: 'Appointment',
    kitDetail: 'Kit Detail',
    history: 'History',
    healthStatus: 'Health Status',
    message: 'Message',
    chartingNotes: 'Charting Notes',
    prescriptions: 'Prescriptions',
  },
  noClinicalAccess: 'Charting notes are shown only with clinical data access.',
} as const;
