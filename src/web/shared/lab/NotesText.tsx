import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Read-only lab notes (reject notes, notes to the patient, internal notes): plain text typed into a textarea, shown as
 * text with its line breaks, never parsed as HTML ("Culture <no growth>" stays as typed).
 */
export const NotesText = ({ notes, label }: { notes: string | null | undefined; label?: string }) => {
  const translate = useTranslate();
  return (
    <Box>
      {label && (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(label)}
        </Typography>
      )}
      {notes && notes.trim() ? (
        <Box
          data-testid="notes-text"
          sx={{ whiteSpace: 'pre-wrap', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'action.hover' }}
        >
          {notes}
        </Box>
      ) : (
        <Typography color="text.secondary">{translate('lab.noNotes')}</Typography>
      )}
    </Box>
  );
};
