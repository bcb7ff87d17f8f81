/** Login page query value that repeats the disabled-account text after the forced sign-out (its own module, so the sign-in page does not load the account screens). */
export const ACCOUNT_DISABLED_REASON = 'accountDisabled';
/** Login page query value after the idle logoff ('Your session ended because of inactivity…'). */
export const IDLE_LOGOUT_REASON = 'idle';
