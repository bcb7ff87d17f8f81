/** Texts of the idle logoff (portal catalogue `session.*`); placeholders use %{name}. */
export const SESSION_TEXT = {
  idleWarningTitle: 'Are you still there?',
  idleWarning: 'You will be signed out in %{seconds} seconds because of inactivity.',
  idleWarningWhy: 'Signing out protects patient information on an unattended screen.',
  staySignedIn: 'Stay signed in',
  signOutNow: 'Sign out now',
  idleSignedOut: 'Your session ended because of inactivity. Please sign in again.',
} as const;
