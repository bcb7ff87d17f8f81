/**
 * Portal labels and texts that are not spec error/banner messages (those are TEXT in messages.ts):
 * screen labels, form fields, greetings, sign-in step errors. The portal's i18n catalogue is built
 * from TEXT (`app.*`), UI_TEXT (`ui.*`) and the navigation labels (`nav.*`), so tests and translators
 * find every text in src/domain. Placeholders use %{name}, as polyglot does (see fillText).
 */
export const UI_TEXT = {
  appTitle: 'Clinician Portal',
  /** The app bar's table density switch (its label says what a click does). */
  density: { compact: 'Compact tables', comfortable: 'Comfortable tables' },
  loading: 'Loading…',
  /** A screen that failed to render (its own failure text first, where its spec names one). */
  screenFailure: {
    generic: 'Something went wrong',
    cause: 'the screen could not be shown',
    reported: 'The problem was reported to the support team.',
    reload: 'Reload',
  },
  // sign-in
  signIn: 'Sign in',
  email: 'Email',
  password: 'Password',
  logout: 'Logout',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInNeedsNewPassword: 'A new password must be set for this account before signing in. Please contact support.',
  signInNeedsConfirmation: 'This account is not confirmed yet. Please confirm your sign-up, then sign in.',
  signInNeedsPasswordReset: 'The password of this account must be reset before signing in. Please contact support.',
  signInStepUnsupported: 'Sign-in needs an extra step (%{step}) that the portal does not support. Please contact support.',
  // home
  greeting: '%{greeting}, %{name}',
  goodMorning: 'Good Morning',
  goodAfternoon: 'Good Afternoon',
  goodEvening: 'Good Evening',
  overview: 'Overview',
  // licences
  addLicenceTitle: 'Add your licence',
  addLicence: 'Add licence',
  save: 'Save',
  later: 'Later',
  state: 'State',
  licenseId: 'License ID',
  expirationDate: 'Expiration date',
  goodStanding: 'Good standing',
  acknowledgement: 'Acknowledgement',
  yes: 'Yes',
  no: 'No',
  unknownError: 'unknown error',
  licences: 'Licences',
  noLicences: 'No licences yet',
  licenceValid: 'Valid',
  licenceInvalid: 'Invalid',
  licenceExpires: 'expires %{date}',
  // clinician profile
  personalInformation: 'Personal Information',
  manageLicences: 'Manage Licences',
  manageCalendar: 'Manage Calendar',
  name: 'Name',
  status: 'Status',
  calendarLink: 'Calendar link',
  noCalendarLink: 'No calendar link has been added',
  reasonNoLicense: 'Add a valid state licence to get access to clinical work.',
  reasonExpiredOrInvalidLicense: 'One or more of your licences is expired or invalid. Update them to keep working with patients in those states.',
  reasonInvalidOrNoCalendar: 'Add a valid calendar link to get access to clinical work.',
  accessRestrictedTitle: 'Access Restricted',
  actionRequiredTitle: 'Action Required',
} as const;
