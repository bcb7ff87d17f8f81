import { Button, Stack } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { ChoiceInput, CustomValueInput } from './TestEntryRow';
import { draftOfNew, EMPTY_NEW_ENTRY, NEW_ENTRY_OPTIONS, newEntryMessage, OTHER, type EntryDraft, type ReportValues } from './testEntries';

/**
 * Adds a test entry (the form's `newEntry`) to the report: a name and a value (custom text when Other) are required,
 * else "Enter all the required values"; a test already in the report is refused. The message shows until a value
 * changes. Enter in its fields adds the entry (it does not send the report).
 */
export const NewTestEntryForm = ({ onAdd, disabled }: { onAdd: (entry: EntryDraft) => void; disabled?: boolean }) => {
  const translate = useTranslate();
  const { getValues, setValue, setError, clearErrors } = useFormContext<ReportValues>();
  const add = () => {
    const entry = getValues('newEntry');
    const message = newEntryMessage(entry, getValues('entries'));
    // react-admin's ValidationError shows a message with its values ({ message, args }).
    if (message) return setError('newEntry', { type: 'manual', message: message as unknown as string });
    onAdd(draftOfNew(entry));
    setValue('newEntry', EMPTY_NEW_ENTRY);
    clearErrors('newEntry');
  };
  const addOnEnter = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextInput
          source="newEntry.testName"
          label="lab.testName"
          size="small"
          fullWidth={false}
          helperText={false}
          disabled={disabled}
          onKeyDown={addOnEnter}
          sx={{ flex: 2, minWidth: 200 }}
        />
        <ChoiceInput source="newEntry.choice" options={[...NEW_ENTRY_OPTIONS, OTHER]} disabled={disabled} />
        <CustomValueInput prefix="newEntry" disabled={disabled} onKeyDown={addOnEnter} />
        <Button onClick={add} disabled={disabled} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate('lab.addTest')}
        </Button>
      </Stack>
      <FormErrorAlert name="newEntry" />
    </Stack>
  );
};
