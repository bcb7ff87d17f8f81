import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NotesText } from './NotesText';

/** Notes that can no longer be edited, with the reason (spec 1 §5: read-only once released, complete or rejected). */
export const ReadOnlyNotes = ({ notes, label }: { notes: string | null | undefined; label?: string }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="note">
        {translate('lab.readOnlyNotes')}
      </Alert>
      <NotesText notes={notes} label={label} />
    </Stack>
  );
};
