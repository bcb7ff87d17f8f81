import { Alert, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { reportClientError } from '../providers/clientErrors';
import type { FailureText } from '../shared/resourceDescriptor';

const GENERIC: FailureText = { key: 'ui.screenFailure.generic' };

const ScreenFailure = ({ failure, resetErrorBoundary }: FallbackProps & { failure: FailureText }) => {
  const translate = useTranslate();
  const { key, args = {} } = failure;
  const values = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, translate(v)]));
  return (
    <Stack spacing={1} sx={{ p: { xs: 1, sm: 2 } }} role="alert">
      <Alert severity="error">{translate(key, values)}</Alert>
      <Typography variant="body2" color="text.secondary">
        {translate('ui.screenFailure.reported')}
      </Typography>
      <Button sx={{ alignSelf: 'flex-start' }} variant="outlined" onClick={resetErrorBoundary}>
        {translate('ui.screenFailure.reload')}
      </Button>
    </Stack>
  );
};

/**
 * Around each screen: a render error shows that screen's failure text (its resource folder's, spec 1 §8, spec 2 §8,
 * spec 3 §8; 'Something went wrong' for a screen whose spec names none), not react-admin's generic error page, which
 * replaces the whole layout, and is reported to the server's log by its route, without PHI. Another address, or
 * Reload, renders the screen again.
 */
export const ScreenBoundary = ({ failure = GENERIC, children }: { failure?: FailureText; children: ReactNode }) => {
  const location = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[location.pathname, location.search]}
      fallbackRender={(props) => <ScreenFailure {...props} failure={failure} />}
      onError={(error, info) => reportClientError(location.pathname, error, info.componentStack)}
    >
      {children}
    </ErrorBoundary>
  );
};
