import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/**
 * A form's yes/no acknowledgement as a checkbox (react-admin's BooleanInput is a switch): its value in the form, its
 * label an i18n key.
 */
export const CheckboxInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field } = useInput<boolean>({ source, defaultValue: false });
  return (
    <FormControlLabel
      label={translate(label)}
      control={
        <Checkbox
          checked={!!field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
        />
      }
    />
  );
};
