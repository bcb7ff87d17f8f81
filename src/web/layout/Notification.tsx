import { Notification } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';

/** Toasts at the top centre, 6 s by default (spec 1 §8). */
export const PortalNotification = () => (
  <Notification autoHideDuration={TOAST_MS.default} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />
);
