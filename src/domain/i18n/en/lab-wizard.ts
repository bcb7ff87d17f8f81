import { KIT_TEXTS } from './kit';

/** The Lab Order Requisition wizard's five steps (spec 2 §2.5), in order. */
export const LAB_WIZARD_STEPS = ['Patient Name', 'Vendor', 'Tests', 'Complete', 'Review'] as const;

/** A sample collection time after now (the lab order request's rule, kit-requests.ts). */
export const COLLECTION_IN_FUTURE_TEXT = 'The sample collection cannot be in the future';

/** The wizard's texts (`labWizard.*`). */
export const LAB_WIZARD_TEXT = {
  title: 'Lab Order Requisition',
  steps: { ...LAB_WIZARD_STEPS } as Record<number, string>,
  back: 'Back',
  next: 'Next',
  saveDraft: 'Save as draft',
  submit: 'Submit',
  close: 'Close',
  draftSaved: 'Draft Saved!',
  updatePatientProfile: 'Update Patient Profile',
  sexAtBirthMissing: KIT_TEXTS.sexAtBirthMissing,
  selectTests: KIT_TEXTS.selectTests,
  panelNeedsTest: 'Keep at least one test of the panel %{panel}',
  collectionRequired: 'Please enter the sample collection date and time',
  collectionInFuture: COLLECTION_IN_FUTURE_TEXT,
  noPatient: 'This booking has no patient',
  groupPanel: 'Panel',
  groupIndividual: 'Individual Test',
  labels: {
    patientName: 'Patient Name',
    dob: 'Date of birth',
    sexAtBirth: 'Sex at birth',
    email: 'E-mail',
    vendor: 'Vendor',
    tests: 'Tests',
    subTests: 'Tests of %{panel}',
    collection: 'Sample collected on',
    careLocation: 'Care location',
    booking: 'Booking',
    notSet: 'Not set',
    compendiumLoading: 'Loading the test compendium…',
    compendiumFailed: 'The test compendium could not be loaded',
  },
} as const;
