import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { ValidationError, type ValidationErrorMessage } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';

/**
 * The form's message about the values as a whole (zodValidate's `_`: an issue of no one field, such as 'Please fill
 * all the fields '), shown as an alert once the form was sent and refused; nothing is sent while it shows. While it
 * shows, each change checks the values again (it goes once they are right, as a field's own message does).
 */
export const FormErrorAlert = ({ name = '_' }: { name?: string }) => {
  const { errors } = useFormState({ name });
  const { trigger } = useFormContext();
  const values = useWatch();
  const message = errors[name]?.message as ValidationErrorMessage | undefined;
  const shown = !!message;
  useEffect(() => {
    if (shown) void trigger(name);
  }, [values]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      <ValidationError error={message} />
    </Alert>
  );
};
