import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { TextInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { OTHER, type EntryDraft } from './testEntries';

/** A result select bound to the form (its options as given; '—' first for an entry that may stay without a value). */
export const ChoiceInput = ({
  source,
  options,
  emptyOption,
  disabled,
}: {
  source: string;
  options: readonly string[];
  emptyOption?: boolean;
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  const { field } = useInput<string>({ source, defaultValue: '' });
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={translate('lab.testValue')}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      disabled={disabled}
      sx={{ flex: 1, minWidth: 180 }}
    >
      {emptyOption && (
        <MenuItem value="">
          <em>—</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The custom value's text, shown while Other is the chosen value at `prefix`. */
export const CustomValueInput = ({
  prefix,
  disabled,
  onKeyDown,
}: {
  prefix: string;
  disabled?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) => {
  const choice = useWatch({ name: `${prefix}.choice` }) as string | undefined;
  if (choice !== OTHER) return null;
  return (
    <TextInput
      source={`${prefix}.custom`}
      label="lab.customValue"
      size="small"
      fullWidth={false}
      helperText={false}
      disabled={disabled}
      onKeyDown={onKeyDown}
    />
  );
};

/** One test entry of the form's `entries`: its name and a result select (with a free text when Other is chosen). */
export const TestEntryRow = ({ entry, index }: { entry: EntryDraft; index: number }) => {
  const translate = useTranslate();
  const options = entry.allowOther ? [...entry.options, OTHER] : entry.options;
  const prefix = `entries.${index}`;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid="test-entry">
      <Typography sx={{ flex: 1, minWidth: 200 }}>
        {entry.testName}
        {entry.newTest && (
          <Typography component="span" variant="caption" color="text.secondary">
            {' '}
            ({translate('lab.newTest')})
          </Typography>
        )}
      </Typography>
      <ChoiceInput source={`${prefix}.choice`} options={options} emptyOption />
      <CustomValueInput prefix={prefix} />
    </Stack>
  );
};
