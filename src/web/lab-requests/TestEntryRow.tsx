import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OTHER, type EntryDraft } from './testEntries';

/** One test entry: its name and a result select (with a free text when Other is chosen). */
export const TestEntryRow = ({ entry, onChange }: { entry: EntryDraft; onChange: (next: EntryDraft) => void }) => {
  const translate = useTranslate();
  const options = entry.allowOther ? [...entry.options, OTHER] : entry.options;
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
      <TextField
        select
        size="small"
        fullWidth={false}
        label={translate('lab.testValue')}
        value={entry.choice}
        onChange={(e) => onChange({ ...entry, choice: e.target.value })}
        sx={{ flex: 1, minWidth: 180 }}
      >
        <MenuItem value="">
          <em>—</em>
        </MenuItem>
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
      {entry.choice === OTHER && (
        <TextField
          size="small"
          label={translate('lab.customValue')}
          value={entry.custom}
          onChange={(e) => onChange({ ...entry, custom: e.target.value })}
        />
      )}
    </Stack>
  );
};
