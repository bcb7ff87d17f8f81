/** react-admin's error, not-found and authentication-error pages: loaded only when one is shown (App.tsx). */
export { AuthenticationError, Error, NotFound } from 'react-admin';
