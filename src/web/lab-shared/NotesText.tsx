import { Box, Typography } from '@mui/material';
import DOMPurify from 'dompurify';
import { useTranslate } from 'react-admin';

/** Read-only notes: HTML notes sanitised (DOMPurify), plain text with its line breaks. */
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
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(notes) }}
        />
      ) : (
        <Typography color="text.secondary">{translate('lab.noNotes')}</Typography>
      )}
    </Box>
  );
};
