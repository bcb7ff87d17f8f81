import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { repeatedTestName } from '../../domain/test-panels';
import { isCompleteNewEntry, NEW_ENTRY_OPTIONS, OTHER, type EntryDraft } from './testEntries';

let counter = 0;

/** Adds a test entry: a name and a value (custom text when Other) are required, else "Enter all the required values". */
export const NewTestEntryForm = ({
  onAdd,
  disabled,
  existing = [],
}: {
  onAdd: (entry: EntryDraft) => void;
  disabled?: boolean;
  /** Test names already in the report: none may repeat. */ existing?: readonly string[];
}) => {
  const translate = useTranslate();
  const [testName, setTestName] = useState('');
  const [choice, setChoice] = useState('');
  const [custom, setCustom] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [repeated, setRepeated] = useState<string | null>(null);
  const add = () => {
    if (!isCompleteNewEntry({ testName, choice, custom })) return setInvalid(true);
    const same = repeatedTestName(existing, testName);
    if (same) return setRepeated(same);
    counter += 1;
    onAdd({
      key: `new${counter}`,
      testName: testName.trim(),
      choice,
      custom: custom.trim(),
      options: [...NEW_ENTRY_OPTIONS],
      allowOther: true,
      newTest: true,
      testId: null,
    });
    setTestName('');
    setChoice('');
    setCustom('');
    setInvalid(false);
    setRepeated(null);
  };
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          fullWidth={false}
          label={translate('lab.testName')}
          value={testName}
          disabled={disabled}
          onChange={(e) => {
            setTestName(e.target.value);
            setInvalid(false);
            setRepeated(null);
          }}
          sx={{ flex: 2, minWidth: 200 }}
        />
        <TextField
          select
          size="small"
          fullWidth={false}
          label={translate('lab.testValue')}
          value={choice}
          disabled={disabled}
          onChange={(e) => {
            setChoice(e.target.value);
            setInvalid(false);
          }}
          sx={{ flex: 1, minWidth: 180 }}
        >
          {[...NEW_ENTRY_OPTIONS, OTHER].map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
        {choice === OTHER && (
          <TextField
            size="small"
            fullWidth={false}
            label={translate('lab.customValue')}
            value={custom}
            disabled={disabled}
            onChange={(e) => {
              setCustom(e.target.value);
              setInvalid(false);
            }}
          />
        )}
        <Button onClick={add} disabled={disabled} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate('lab.addTest')}
        </Button>
      </Stack>
      {invalid && (
        <Alert severity="error" role="alert">
          {translate('lab.enterRequiredValues')}
        </Alert>
      )}
      {repeated && (
        <Alert severity="error" role="alert">
          {translate('lab.testAlreadyInReport', { testName: repeated })}
        </Alert>
      )}
    </Stack>
  );
};
