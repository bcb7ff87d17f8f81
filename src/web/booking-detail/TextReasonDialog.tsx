import { Alert, Box, Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DialogFrame } from './parts';

export interface TextReasonDialogProps {
  title: string;
  label: string;
  /** The alert when the text is empty (a spec text or an i18n key). */
  emptyText: string;
  pending?: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
  /** Shown beside the field (the booking's demographics). */
  aside?: ReactNode;
  submitLabel?: string;
}

/** A modal with one required text (a reason or notes): an empty text is not sent and raises the spec's alert. */
export const TextReasonDialog = ({ title, label, emptyText, pending, onSubmit, onClose, aside, submitLabel, closeLabel }: TextReasonDialogProps & { closeLabel?: string }) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = () => {
    if (!text.trim()) return setEmpty(true);
    onSubmit(text.trim());
  };
  const field = (
    <Stack spacing={2} sx={{ flex: 1 }}>
      <TextField autoFocus multiline minRows={4} label={translate(label)} value={text} disabled={pending} required
        onChange={(e) => { setText(e.target.value); setEmpty(false); }} />
      {empty && <Alert severity="error" role="alert">{translate(emptyText, { _: emptyText })}</Alert>}
    </Stack>
  );
  return (
    <DialogFrame title={title} onClose={onClose} onSubmit={submit} pending={pending} maxWidth={aside ? 'md' : 'sm'} submitLabel={submitLabel} closeLabel={closeLabel}>
      {aside ? <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>{field}<Box sx={{ flex: 1 }}>{aside}</Box></Stack> : field}
    </DialogFrame>
  );
};
