
/** Texts of the clinician profile, licences and calendar (spec 3 §5, §8), verbatim. */
export const PROFILE_TEXT = {
  noChanges: 'No changes to update',
  profileUpdated: 'Profile has been updated',
  profileUpdateFailed: 'Profile update failed. %{reason}',
  calendarUpdated: 'Calendar Link has been updated',
  calendarUpdateFailed: 'Calendar Link Update Failed. %{message}',
  licenceNoChange: 'No change in license details to update',
  licenceUpdated: 'Updated license details successfully',
  licenceUpdateFailed: 'Licence update failed. %{message}',
  licenceCancelled: 'Cancelled license update',
  licenceCancelledNoChange: 'Cancelled license update. No changes found anyway',
  updateOrDiscard: 'Update or discard changes.',
  completeInProgress: 'Please complete the in-progress edit/add',
  completeOrDiscardInProgress: 'Please complete or discard the in-progress edit/add',
  unknownError: 'unknown error',
  invalidCalendarLink: 'Please enter a valid https link',
  invalidEmail: 'Please enter a valid e-mail',
  invalidPhone: 'Phone must be 10 digits, or 11 with a leading 1',
  invalidDob: 'Please enter a valid date of birth',
  dobInFuture: 'Date of birth cannot be in the future',
} as const;

/** Texts of the licence verification. */
export const LICENCE_TEXT = {
  expiredNotVerifiable: 'An expired licence cannot be verified',
  pendingVerification: 'Pending verification',
} as const;

/** The sign-up password policy in one sentence (the sign-up form's help). */
export const PASSWORD_RULE_TEXT = 'At least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol';

export const PASSWORD_POLICY_TEXT = {
  rule: PASSWORD_RULE_TEXT,
  minLength: 'at least 8 characters',
  uppercase: 'an upper-case letter',
  lowercase: 'a lower-case letter',
  digit: 'a digit',
  symbol: 'a symbol',
  tooLong: 'Password must be at most 256 characters',
  needs: 'Password needs %{list}',
} as const;

/** The clinician profile page's labels (catalogue namespace `profile`, with the spec texts of PROFILE_TEXT). */
export const PROFILE_UI = {
  ...PROFILE_TEXT,
  field: {
    firstName: 'First Name', middleName: 'Middle Name', lastName: 'Last Name', dob: 'Date of Birth', funFact: 'Fun Fact',
    personalEmail: 'Personal Email', tbdEmail: 'Work Email', mobile: 'Mobile', address1: 'Address 1', address2: 'Address 2',
    city: 'City', state: 'State', zip: 'Zip', email: 'Sign-in Email', status: 'Status', calendarLink: 'Calendar Link',
  },
  submit: 'Submit',
  clear: 'Clear',
  confirmTitle: 'Update your profile?',
  confirmContent: 'Your personal information will be saved.',
  updateCalendar: 'Update Calendar Link',
  calendarHelp: 'The https link patients use to book you (for example your scheduling page).',
  licence: {
    add: 'Add Licence',
    edit: 'Edit',
    delete: 'Delete',
    update: 'Update',
    save: 'Save',
    discard: 'Discard',
    verified: 'Verified',
    unverified: 'Not verified',
    pending: LICENCE_TEXT.pendingVerification,
    /** Above the licence rows while some state's licences await verification. */
    pendingNote: "%{states}: pending verification. A licence you add or change gives access to its state's patients once a super admin has verified it.",
    expiredNotVerifiable: LICENCE_TEXT.expiredNotVerifiable,
    goodStanding: 'Good standing',
    acknowledgement: 'Acknowledgement',
    npiNumber: 'NPI Number',
    expires: 'Expires',
    deleteTitle: 'Delete the %{state} licence?',
    deleteContent: 'The licence %{licenseId} will be removed from your profile.',
    deleted: 'Licence deleted',
    allTitle: 'Licences of every clinician',
    allFailed: 'Licences of every clinician could not be read. %{reason}',
    allEmpty: 'No clinician has a licence yet.',
    clinician: 'Clinician',
    verify: 'Mark verified',
    verifiedDone: 'Licence marked verified',
    /** The super admin's dashboard banner: the licences awaiting verification (they open no patients until verified). */
    unverifiedBanner: 'Unverified licences (%{smart_count}): %{list}',
    unverifiedMore: '%{list} and %{count} more clinicians',
    review: 'Review licences',
  },
  wip: 'In progress',
  signUp: {
    title: 'Create your clinician account',
    link: 'New clinician? Sign up',
    firstName: 'First name', lastName: 'Last name', email: 'Email', password: 'Password', phone: 'Phone',
    phoneHelp: '10 digits, or 11 starting with 1',
    passwordHelp: PASSWORD_RULE_TEXT,
    submit: 'Sign up',
    confirmTitle: 'Confirm your e-mail',
    confirmText: 'Enter the code sent to %{email}.',
    code: 'Confirmation code',
    confirm: 'Confirm',
    backToSignIn: 'Back to sign in',
    resend: 'Send a new code',
    resent: 'A new code was sent to %{email}.',
    alreadyExists: 'An account with this e-mail already exists. Sign in with its password: if the account was never confirmed, the sign-in page asks for the code sent to it, and can send a new one.',
    alreadyExistsAction: 'Sign in or confirm the account',
    failed: 'Sign-up failed. %{reason}',
  },
} as const;
