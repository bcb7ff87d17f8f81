import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface TextEntryDialogProps {
  /** i18n keys. */
  title: string;
  label: string;
  submitLabel?: string;
  /** Shown after the title (the kit id). */
  subtitle?: string;
  initialText?: string;
  pending?: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
  /** Shown above the text (a template picker); receives the setter of the text. */
  tools?: (setText: (text: string) => void) => ReactNode;
}

/**
 * A dialog with one text (internal notes, appointment request, message to the patient): the field has
 * focus, Ctrl/⌘+Enter submits, and an empty text is not sent ("Make sure you add text").
 */
export const TextEntryDialog = ({ title, label, submitLabel = 'lab.send', subtitle, initialText = '', pending, onSubmit, onClose, tools }: TextEntryDialogProps) => {
  const translate = useTranslate();
  const [text, setText] = useState(initialText);
  const [empty, setEmpty] = useState(false);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return setEmpty(true);
    onSubmit(text);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="text-entry-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="text-entry-title">
          {translate(title)}
          {subtitle ? ` – ${subtitle}` : ''}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {tools?.((t) => {
              setText(t);
              setEmpty(false);
            })}
            <TextField
              autoFocus
              multiline
              minRows={5}
              label={translate(label)}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setEmpty(false);
              }}
              onKeyDown={onKeyDown}
              disabled={pending}
            />
            {empty && (
              <Alert severity="error" role="alert">
                {translate('lab.makeSureAddText')}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
