import { Alert, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { reasonOf } from '../providers/errorReason';

/**
 * The states every DataTable list shows the same way. A list that cannot be read shows, in place of its rows, its
 * failure text (the spec's, with the server's reason in `%{reason}`; the list keeps its pager, empty); a list with no
 * rows shows its empty text where the rows would be. While the first page loads the DataTable shows its own skeleton.
 */
export const ListError = ({ text }: { text: string }) => {
  const translate = useTranslate();
  const { error } = useListContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate(text, { reason: reasonOf(error) })}
    </Alert>
  );
};

/** A list's empty state (the DataTable's `empty`): its text, muted, where its rows would be. */
export const EmptyList = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(text)}
    </Typography>
  );
};
