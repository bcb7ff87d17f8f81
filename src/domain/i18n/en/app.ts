/**
 * User-facing texts of the spec, in one catalogue. The portal's i18n messages (ra-i18n-polyglot)
 * are built from it, and tests assert against it, so a text is written once.
 */
export const TEXT = {
  unauthorizedPage: 'You do not have permission to access this page. Contact us if this is a mistake',
  superAdminWelcome: 'WELCOME, SUPER ADMIN - You have full access to all features',
  accessRestricted: 'Access is restricted - You do not have access to clinical operations in the EMR Dashboard',
  noLicense: 'No License have been added',
  invalidLicences: 'Your licence is expired or invalid in these states: %{states}',
  noProfile: 'No clinician profile was found for your account. Please contact support.',
  noRoles: 'Your account has no roles assigned. Please contact support.',
  accountDisabled: 'Your account is disabled, please contact support',
  pendingReview: 'Your clinician account is being reviewed. You will receive an e-mail once your account has been verified.',
  initializationFailed: 'Initialization failed: %{reason}',
  licenceUpdated: 'Updated license details successfully',
  licenceUpdateFailed: 'Licence update failed. %{message}',
  failedLicenceStates: 'Failed getting license states. Cause: %{cause}',
  failedClinicianId: 'Failed getting clinicianId. Cause: %{cause}',
  errorFetchingProfile: 'Error fetching clinician profile',
} as const;
