import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { signUp } from 'aws-amplify/auth';
import { useState } from 'react';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { e164Phone, signUpSchema, type SignUpInput } from '../../domain/clinician/clinician-profile';
import { zodValidate } from '../providers/zodValidate';
import { ConfirmSignUpForm } from '../shared/ConfirmSignUpForm';
import { useFinishSignUp } from '../shared/finishSignUp';

const validateSignUp = zodValidate(signUpSchema, (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'password' ? (x ?? '') : String(x ?? '').trim()])),
);

/** What the form says when the sign-up is refused: an existing e-mail is pointed to the sign-in page, which confirms it. */
type Refusal = { kind: 'exists' } | { kind: 'failed'; text: string };

/**
 * Sign-up (spec 3 §2, §4, §5): first name, last name, e-mail, password (the identity provider's policy) and phone
 * (10 digits, or 11 with a leading 1), Cognito SignUp through aws-amplify; the confirm-sign-up code step; then the
 * user is signed in, the clinician profile is created and the portal shows the pending-review screen.
 */
export const SignUpPage = () => {
  const translate = useTranslate();
  const finish = useFinishSignUp();
  const [account, setAccount] = useState<SignUpInput | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const profileOf = (a: SignUpInput) => ({ firstName: a.firstName, lastName: a.lastName, mobile: a.phone });

  const register = async (v: Record<string, unknown>) => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const a = signUpSchema.parse(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'password' ? x : String(x ?? '').trim()])));
      const result = await signUp({
        username: a.email,
        password: a.password,
        options: { userAttributes: { email: a.email, given_name: a.firstName, family_name: a.lastName, phone_number: e164Phone(a.phone) } },
      });
      if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') setAccount(a);
      else await finish({ email: a.email, password: a.password }, profileOf(a));
    } catch (e) {
      setRefusal(
        (e as Error)?.name === 'UsernameExistsException'
          ? { kind: 'exists' }
          : { kind: 'failed', text: translate('profile.signUp.failed', { reason: (e as Error)?.message || translate('profile.unknownError') }) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(account ? 'profile.signUp.confirmTitle' : 'profile.signUp.title')}
          </Typography>
          {refusal?.kind === 'failed' && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {refusal.text}
            </Alert>
          )}
          {refusal?.kind === 'exists' && (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
              {translate('profile.signUp.alreadyExists')}{' '}
              <Link component={RouterLink} to="/login">
                {translate('profile.signUp.alreadyExistsAction')}
              </Link>
            </Alert>
          )}
          {account ? (
            <ConfirmSignUpForm
              email={account.email}
              onConfirmed={() => finish({ email: account.email, password: account.password }, profileOf(account))}
            />
          ) : (
            // Every new submit clears the earlier refusal first, also one that stops at the field checks (which never reach register).
            <Box onSubmitCapture={() => setRefusal(null)}>
              <Form
                key="sign-up"
                defaultValues={{ firstName: '', lastName: '', email: '', password: '', phone: '' }}
                validate={validateSignUp}
                onSubmit={register}
                noValidate
              >
                <Stack spacing={0.5}>
                  <TextInput source="firstName" label={translate('profile.signUp.firstName')} autoComplete="given-name" helperText={false} />
                  <TextInput source="lastName" label={translate('profile.signUp.lastName')} autoComplete="family-name" helperText={false} />
                  <TextInput source="email" label={translate('profile.signUp.email')} type="email" autoComplete="username" helperText={false} />
                  <TextInput
                    source="password"
                    label={translate('profile.signUp.password')}
                    type="password"
                    autoComplete="new-password"
                    helperText={translate('profile.signUp.passwordHelp')}
                  />
                  <TextInput
                    source="phone"
                    label={translate('profile.signUp.phone')}
                    type="tel"
                    autoComplete="tel"
                    helperText={translate('profile.signUp.phoneHelp')}
                  />
                  <SaveButton label={translate('profile.signUp.submit')} alwaysEnable disabled={busy} icon={<></>} />
                </Stack>
              </Form>
            </Box>
          )}
          <Link component={RouterLink} to="/login" sx={{ display: 'block', mt: 2 }}>
            {translate('profile.signUp.backToSignIn')}
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
};

export default SignUpPage;
