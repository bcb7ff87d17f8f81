import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { useIdleTimer } from 'react-idle-timer';
import { IdleSettingsContext } from './idleSettings';
import { IDLE_LOGOUT_REASON } from './signInReason';

/** The timer's name: every tab of the portal shares one activity clock (react-idle-timer's cross-tab channel). */
const TIMER_NAME = 'portal-idle-logoff';

/**
 * Idle logoff (HIPAA §164.312(a)(2)(iii)): after the configured time without activity in any tab of the portal,
 * the user is signed out (the server revokes the tokens, then amplify forgets them) and lands on the login page
 * saying why. A warning dialog with a countdown comes first; "Stay signed in" starts the clock again in every tab.
 */
export const IdleLogoff = () => {
  const { timeoutSeconds, warningSeconds } = useContext(IdleSettingsContext);
  const translate = useTranslate();
  const logout = useLogout();
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(warningSeconds);

  const signOut = useCallback(() => {
    setWarning(false);
    void logout({}, `/login?reason=${IDLE_LOGOUT_REASON}`, false);
  }, [logout]);

  const { activate, getRemainingTime } = useIdleTimer({
    timeout: timeoutSeconds * 1000,
    promptBeforeIdle: warningSeconds * 1000,
    onPrompt: () => setWarning(true),
    onActive: () => setWarning(false), // "stay" in another tab
    onIdle: signOut,
    crossTab: true,
    syncTimers: 1000,
    name: TIMER_NAME,
  });

  useEffect(() => {
    if (!warning) return undefined;
    const tick = () => setSecondsLeft(Math.max(0, Math.ceil(getRemainingTime() / 1000)));
    tick();
    const countdown = setInterval(tick, 250);
    return () => clearInterval(countdown);
  }, [warning, getRemainingTime]);

  const stay = () => {
    activate();
    setWarning(false);
  };

  return (
    <Dialog open={warning} role="alertdialog" aria-labelledby="idle-logoff-title" aria-describedby="idle-logoff-text" onClose={stay}>
      <DialogTitle id="idle-logoff-title">{translate('session.idleWarningTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-logoff-text" aria-live="polite">
          {translate('session.idleWarning', { seconds: secondsLeft })}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {translate('session.idleWarningWhy')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={signOut}>{translate('session.signOutNow')}</Button>
        <Button variant="contained" autoFocus onClick={stay}>
          {translate('session.staySignedIn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
