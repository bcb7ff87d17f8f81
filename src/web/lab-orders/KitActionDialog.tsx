import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { kitActionBody } from '../../domain/lab-orders';
import { useKitAction, useRuleText } from './useKitAction';

export type CommentAction = 'approve' | 'cancel' | 'confirmShipment';

const TITLES: Record<CommentAction, string> = {
  approve: 'kit.approveTitle',
  cancel: 'kit.cancelTitle',
  confirmShipment: 'kit.confirmShipmentTitle',
};

/**
 * Approve, cancel or confirm shipment of the selected lab orders (spec 1 §5): names the kits it changes (the
 * confirmation), needs a non-blank comment ("Please provide a comment for approval" ...), shows progress while
 * the server works and closes on success.
 */
export const KitActionDialog = ({ action, kitIds, careLocation, onClose, onDone }: {
  action: CommentAction; kitIds: string[]; careLocation: string; onClose: () => void; onDone: () => void;
}) => {
  const translate = useTranslate();
  const ruleText = useRuleText();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = useKitAction(action, onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = kitActionBody(action, { kitIds, comment, careLocation });
    if (!checked.ok) return setProblem(ruleText(checked.message));
    setProblem(null);
    run.mutate(checked.body);
  };
  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="kit-action-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="kit-action-title">{translate(TITLES[action])}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {translate('kit.confirmQuestion', { smart_count: kitIds.length, kitIds: kitIds.join(', ') })}
            </DialogContentText>
            <TextField
              autoFocus
              multiline
              minRows={3}
              label={translate('kit.comment')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              disabled={run.isPending}
            />
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={run.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={run.isPending} startIcon={run.isPending ? <CircularProgress size={16} /> : null}>
            {translate('kit.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
