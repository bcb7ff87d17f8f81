/** Login page query value that repeats the disabled-account text after the forced sign-out (its own module, so the sign-in page does not load the account screens). */
export const ACCOUNT_DISABLED_REASON = 'accountDisabled';
