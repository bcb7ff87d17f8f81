import { Alert } from '@mui/material';
import { ValidationError, type ValidationErrorMessage } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * The form's message about the values as a whole (zodValidate's `_`: an issue of no one field, such as 'Please fill
 * all the fields '), shown as an alert once the form was sent and refused; nothing is sent while it shows.
 */
export const FormErrorAlert = ({ name = '_' }: { name?: string }) => {
  const { errors } = useFormState({ name });
  const message = errors[name]?.message as ValidationErrorMessage | undefined;
  if (!message) return null;
  return <Alert severity="error" role="alert"><ValidationError error={message} /></Alert>;
};
