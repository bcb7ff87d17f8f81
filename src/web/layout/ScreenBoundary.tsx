import { Alert, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { reportClientError } from '../providers/clientErrors';

const CAUSE = 'ui.screenFailure.cause';
/**
 * The failure text of each screen that names one in the spec (spec 1 §8, spec 2 §8, spec 3 §8), with its values;
 * the other screens say 'Something went wrong'.
 */
const SCREEN_FAILURE: Record<string, { key: string; args?: Record<string, string> }> = {
  '/BookingDetails': { key: 'bookingDetail.loadFailed', args: { msg: CAUSE } },
  '/KitDetails': { key: 'kit.loadFailed', args: { reason: CAUSE } },
  '/PatientProfile': { key: 'patients.profile.errorFetching' },
  '/MessageDetails': { key: 'message.loadFailed', args: { msg: CAUSE } },
  '/inbox/:id': { key: 'message.loadFailed', args: { msg: CAUSE } },
};

const failureOf = (path: string) => SCREEN_FAILURE[path] ?? { key: 'ui.screenFailure.generic' };

const ScreenFailure = ({ path, resetErrorBoundary }: FallbackProps & { path: string }) => {
  const translate = useTranslate();
  const { key, args = {} } = failureOf(path);
  const values = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, translate(v)]));
  return (
    <Stack spacing={1} sx={{ p: { xs: 1, sm: 2 } }} role="alert">
      <Alert severity="error">{translate(key, values)}</Alert>
      <Typography variant="body2" color="text.secondary">{translate('ui.screenFailure.reported')}</Typography>
      <Button sx={{ alignSelf: 'flex-start' }} variant="outlined" onClick={resetErrorBoundary}>{translate('ui.screenFailure.reload')}</Button>
    </Stack>
  );
};

/**
 * Around each screen: a render error shows that screen's failure text (not react-admin's generic error page, which
 * replaces the whole layout) and is reported to the server's log by its route, without PHI. Another address, or
 * Reload, renders the screen again.
 */
export const ScreenBoundary = ({ path, children }: { path: string; children: ReactNode }) => {
  const location = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[location.pathname, location.search]}
      fallbackRender={(props) => <ScreenFailure {...props} path={path} />}
      onError={(error, info) => reportClientError(location.pathname, error, info.componentStack)}
    >
      {children}
    </ErrorBoundary>
  );
};
