import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useCheckAuth, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useFinishSignUp } from '../shared/finishSignUp';
import { isUnconfirmedSignUp } from '../providers/authProvider';
import { ACCOUNT_DISABLED_REASON, IDLE_LOGOUT_REASON } from './signInReason';

/** Shown only to an account whose sign-up was never confirmed: its form (react-hook-form, zod) is not on every sign-in. */
const ConfirmSignUpForm = lazy(() => import('../shared/ConfirmSignUpForm'));

/**
 * Sign-in with e-mail (user name) and password; errors shown in the form; Enter submits. An account whose sign-up was
 * never confirmed gets the confirm-sign-up step here (code, or a new code), then is signed in as after sign-up.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; password: string } | null>(null);
  const finishSignUp = useFinishSignUp();
  const reason = new URLSearchParams(search).get('reason');
  const accountDisabled = reason === ACCOUNT_DISABLED_REASON;

  useEffect(() => {
    // already signed in: go home
    checkAuth({}, false)
      .then(() => navigate('/'))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setAttempted(true);
    if (!username.trim() || !password) return;
    setSubmitting(true);
    try {
      await login({ username, password });
    } catch (e) {
      if (isUnconfirmedSignUp(e)) setUnconfirmed({ email: username.trim(), password });
      else setError(e instanceof Error && e.message ? e.message : translate('ra.auth.sign_in_error'));
      setSubmitting(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(unconfirmed ? 'profile.signUp.confirmTitle' : 'ui.appTitle')}
          </Typography>
          {unconfirmed ? (
            <Stack spacing={1}>
              <Suspense fallback={null}>
                <ConfirmSignUpForm email={unconfirmed.email} onConfirmed={() => finishSignUp(unconfirmed)} />
              </Suspense>
              <Button type="button" onClick={() => setUnconfirmed(null)}>
                {translate('profile.signUp.backToSignIn')}
              </Button>
            </Stack>
          ) : (
            <Box component="form" onSubmit={submit} noValidate aria-label={translate('ui.signIn')}>
              <Stack spacing={2}>
                {accountDisabled && <Alert severity="error">{translate('app.accountDisabled')}</Alert>}
                {reason === IDLE_LOGOUT_REASON && <Alert severity="info">{translate('session.idleSignedOut')}</Alert>}
                {error && (
                  <Alert severity="error" role="alert">
                    {error}
                  </Alert>
                )}
                <TextField
                  id="login-email"
                  label={translate('ui.email')}
                  type="email"
                  autoComplete="username"
                  autoFocus
                  error={attempted && !username.trim()}
                  helperText={attempted && !username.trim() ? translate('ra.validation.required') : undefined}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
                <TextField
                  id="login-password"
                  label={translate('ui.password')}
                  type="password"
                  autoComplete="current-password"
                  error={attempted && !password}
                  helperText={attempted && !password ? translate('ra.validation.required') : undefined}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <Button
                  type="submit"
                  variant="contained"
                  disabled={submitting}
                  startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {translate('ui.signIn')}
                </Button>
                <Link component={RouterLink} to="/sign-up">
                  {translate('profile.signUp.link')}
                </Link>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

export default LoginPage;
