import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { confirmSignUp, signUp } from 'aws-amplify/auth';
import { useState } from 'react';
import { Form, SaveButton, TextInput, useAuthProvider, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { e164Phone, signUpSchema, type SignUpInput } from '../../domain/clinician-profile';
import type { PortalDataProvider } from '../providers/dataProvider';
import { zodValidate } from '../providers/zodValidate';

const validateSignUp = zodValidate(signUpSchema, (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'password' ? x ?? '' : String(x ?? '').trim()])));
const validateCode = zodValidate(z.object({ code: z.string().trim().min(1, 'ra.validation.required') }));

/**
 * Sign-up (spec 3 §2, §4, §5): first name, last name, e-mail, password and phone (10 digits, or 11 with a leading 1),
 * Cognito SignUp through aws-amplify; the confirm-sign-up code step; then the user is signed in, the clinician profile
 * is created (id and e-mail from the token) and the portal shows the pending-review screen until a super admin adds
 * the user to a group.
 */
export const SignUpPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const authProvider = useAuthProvider();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [account, setAccount] = useState<SignUpInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (step: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (e) {
      setError(translate('profile.signUp.failed', { reason: (e as Error)?.message || translate('profile.unknownError') }));
    } finally {
      setBusy(false);
    }
  };

  const finish = async (a: SignUpInput) => {
    await authProvider?.login({ username: a.email, password: a.password });
    await dataProvider.createClinicianProfile({ firstName: a.firstName, lastName: a.lastName, mobile: a.phone });
    navigate('/'); // no group yet: the pending-review screen
  };

  const register = (v: Record<string, unknown>) => run(async () => {
    const a = signUpSchema.parse(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'password' ? x : String(x ?? '').trim()])));
    const result = await signUp({
      username: a.email,
      password: a.password,
      options: { userAttributes: { email: a.email, given_name: a.firstName, family_name: a.lastName, phone_number: e164Phone(a.phone) } },
    });
    if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') setAccount(a);
    else await finish(a);
  });

  const confirm = (v: Record<string, unknown>) => run(async () => {
    if (!account) return;
    await confirmSignUp({ username: account.email, confirmationCode: String(v.code ?? '').trim() });
    await finish(account);
  });

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(account ? 'profile.signUp.confirmTitle' : 'profile.signUp.title')}
          </Typography>
          {error && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{error}</Alert>}
          {account ? (
            <Form key="confirm" defaultValues={{ code: '' }} validate={validateCode} onSubmit={confirm} noValidate>
              <Stack spacing={1}>
                <Typography>{translate('profile.signUp.confirmText', { email: account.email })}</Typography>
                <TextInput source="code" label={translate('profile.signUp.code')} autoComplete="one-time-code" helperText={false} />
                <SaveButton label={translate('ra.action.confirm')} alwaysEnable disabled={busy} icon={<></>} />
              </Stack>
            </Form>
          ) : (
            <Form key="sign-up" defaultValues={{ firstName: '', lastName: '', email: '', password: '', phone: '' }} validate={validateSignUp} onSubmit={register} noValidate>
              <Stack spacing={0.5}>
                <TextInput source="firstName" label={translate('profile.signUp.firstName')} autoComplete="given-name" helperText={false} />
                <TextInput source="lastName" label={translate('profile.signUp.lastName')} autoComplete="family-name" helperText={false} />
                <TextInput source="email" label={translate('profile.signUp.email')} type="email" autoComplete="username" helperText={false} />
                <TextInput source="password" label={translate('profile.signUp.password')} type="password" autoComplete="new-password" helperText={false} />
                <TextInput source="phone" label={translate('profile.signUp.phone')} type="tel" autoComplete="tel" helperText={translate('profile.signUp.phoneHelp')} />
                <SaveButton label={translate('profile.signUp.submit')} alwaysEnable disabled={busy} icon={<></>} />
              </Stack>
            </Form>
          )}
          <Link component={RouterLink} to="/login" sx={{ display: 'block', mt: 2 }}>{translate('profile.signUp.backToSignIn')}</Link>
        </CardContent>
      </Card>
    </Box>
  );
};

export default SignUpPage;
