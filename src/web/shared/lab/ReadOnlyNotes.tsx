import { Alert, Button, DialogActions, DialogContent, Stack } from '@mui/material';
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

/** The body of a notes dialog once the notes are read-only: the notes, and Close. */
export const ReadOnlyNotesBody = ({ notes, onClose }: { notes: string | null | undefined; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <>
      <DialogContent>
        <ReadOnlyNotes notes={notes} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </>
  );
};
