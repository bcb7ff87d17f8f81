import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { LabKind } from '../providers/labMethods';
import { causeOf, useLabAction } from './useLabAction';

const ACKNOWLEDGEMENTS = ['lab.reassignAckReviewed', 'lab.reassignAckNoRepeat', 'lab.reassignAckMessages'] as const;

/**
 * "Re-assign Kit to Me" (spec 1 §5): a reason and the three acknowledgements are all required, else the
 * alert "Please confirm and select all checkboxes". A failure shows the server's message as an alert.
 */
export const ReassignDialog = ({ kind, kitId, onClose }: { kind: LabKind; kitId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [acks, setAcks] = useState<boolean[]>([false, false, false]);
  const [alert, setAlert] = useState<string | null>(null);
  const reassign = useLabAction((dp, vars: { kitId: string; reason: string }) => dp.labAssign(kind, vars.kitId, vars.reason), {
    success: 'lab.reassignedToYou',
    failure: null,
    onSuccess: onClose,
    onError: (error) => setAlert(causeOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim() || acks.some((a) => !a)) {
      setAlert(translate('lab.confirmAllCheckboxes'));
      return;
    }
    setAlert(null);
    reassign.mutate({ kitId, reason: reason.trim() });
  };

  return (
    <Dialog open onClose={reassign.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reassign-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reassign-title">{translate('lab.reassignTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              multiline
              minRows={2}
              label={translate('lab.reassignReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            {ACKNOWLEDGEMENTS.map((key, i) => (
              <FormControlLabel
                key={key}
                control={<Switch checked={acks[i]} onChange={(_, checked) => setAcks((prev) => prev.map((v, j) => (j === i ? checked : v)))} />}
                label={translate(key)}
              />
            ))}
            {alert && (
              <Alert severity="error" role="alert">
                {alert}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={reassign.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={reassign.isPending}>
            {translate('lab.reassignConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

export default ReassignDialog;
