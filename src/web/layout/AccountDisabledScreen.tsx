import { Alert, LinearProgress, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { AccountStateScreen } from './AccountStateScreen';
import { ACCOUNT_DISABLED_REASON } from './signInReason';

export const ACCOUNT_DISABLED_LOGOUT_MS = 3000;
export { ACCOUNT_DISABLED_REASON };

/** An INACTIVE clinician (spec 1 §4/§6): the message, then sign-out to the login page showing it. */
export const AccountDisabledScreen = ({ delayMs = ACCOUNT_DISABLED_LOGOUT_MS }: { delayMs?: number }) => {
  const translate = useTranslate();
  const logout = useLogout();
  useEffect(() => {
    const timer = setTimeout(() => void logout({}, `/login?reason=${ACCOUNT_DISABLED_REASON}`, false), delayMs);
    return () => clearTimeout(timer);
  }, [logout, delayMs]);
  return (
    <AccountStateScreen>
      <Stack spacing={2}>
        <Alert severity="error">{translate('app.accountDisabled')}</Alert>
        <LinearProgress aria-label={translate('ui.logout')} />
      </Stack>
    </AccountStateScreen>
  );
};
