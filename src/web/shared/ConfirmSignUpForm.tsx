import { Alert, Button, Stack, Typography } from '@mui/material';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useRef, useState } from 'react';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { z } from 'zod';
import { zodValidate } from '../providers/zodValidate';

const validateCode = zodValidate(z.object({ code: z.string().trim().min(1, 'ra.validation.required') }));

/**
 * The confirm-sign-up step (an auth-flow state, spec 3 §2): the code e-mailed at sign-up (on the local stack, the
 * outbox and the server console), a new code on request, then `onConfirmed`. Shared by the sign-up and sign-in pages.
 */
export const ConfirmSignUpForm = ({ email, onConfirmed }: { email: string; onConfirmed: () => Promise<void> }) => {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // once the code is accepted, a retry (after a failed sign-in) must not send it again: it is used up
  const confirmed = useRef(false);

  const run = async (step: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await step();
    } catch (e) {
      setError(translate('profile.signUp.failed', { reason: (e as Error)?.message || translate('profile.unknownError') }));
    } finally {
      setBusy(false);
    }
  };

  const confirm = (v: Record<string, unknown>) =>
    run(async () => {
      if (!confirmed.current) {
        await confirmSignUp({ username: email, confirmationCode: String(v.code ?? '').trim() });
        confirmed.current = true;
      }
      await onConfirmed();
    });

  const resend = () =>
    run(async () => {
      await resendSignUpCode({ username: email });
      setInfo(translate('profile.signUp.resent', { email }));
    });

  return (
    <Form key="confirm" defaultValues={{ code: '' }} validate={validateCode} onSubmit={confirm} noValidate>
      <Stack spacing={1}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {info && <Alert severity="info">{info}</Alert>}
        <Typography>{translate('profile.signUp.confirmText', { email })}</Typography>
        <TextInput source="code" label={translate('profile.signUp.code')} autoComplete="one-time-code" helperText={false} />
        <SaveButton label={translate('ra.action.confirm')} alwaysEnable disabled={busy} icon={<></>} />
        <Button type="button" onClick={resend} disabled={busy}>
          {translate('profile.signUp.resend')}
        </Button>
      </Stack>
    </Form>
  );
};

export default ConfirmSignUpForm;
